"""What code generation refuses."""

from __future__ import annotations

from loom_platform.errors import FailedPrecondition, InvalidArgument


class TemplateFailed(InvalidArgument):
    """Raised as ``TemplateFailed(name=..., detail=...)``: a template that does not render (error, budget or a killed render)."""

    message_key = "gencode.gen.template_failed"


class GenerateFieldsRequired(InvalidArgument):
    """The generation scheme misses a required field."""

    message_key = "gencode.gen.required"


class GroupEmpty(InvalidArgument):
    """The template group has no templates."""

    message_key = "gencode.gen.group_empty"


class RegenerationConflict(FailedPrecondition):
    """Raised as ``RegenerationConflict(count=..., files=...)``: hand edits overlap the regenerated
    code in files with no side chosen; nothing was written."""

    message_key = "gencode.gen.conflict"
