"""What code generation refuses."""

from __future__ import annotations

from loom_platform.errors import FailedPrecondition, InvalidArgument


class TemplateFailed(InvalidArgument):
    """Raised as ``TemplateFailed(name=..., detail=...)``: a template that does not render (error, budget or a killed render)."""

    message_key = "gencode.gen.template_failed"


class GroupEmpty(InvalidArgument):
    """The template group has no templates."""

    message_key = "gencode.gen.group_empty"


class RegenerationConflict(FailedPrecondition):
    """Raised as ``RegenerationConflict(count=..., files=...)``: hand edits overlap the regenerated
    code in files with no side chosen; nothing was written."""

    message_key = "gencode.gen.conflict"


class NotPublishable(FailedPrecondition):
    """Raised as ``NotPublishable(table=..., source=...)``: a table of a data source other than
    ``master`` generated into the app host's module store. The host runs modules against ``master``
    (loom_app) only, as a role with no rights elsewhere; such a table is generated into a path of
    the user's own, where nothing is published."""

    message_key = "gencode.gen.not_publishable"
