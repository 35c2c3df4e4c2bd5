"""Errors every forms domain shares: names, lengths, field-level validation. Each domain's own
errors are in its ``errors.py``; their texts (zh-CN, en-US) are in ``loom_forms/messages.toml``."""

from __future__ import annotations

from loom_platform.errors import FieldsInvalid, InvalidArgument


class NameRequired(InvalidArgument):
    message_key = "forms.name_required"


class TooLong(InvalidArgument):
    """Raised as ``TooLong(field="name", max=100)``."""

    message_key = "forms.too_long"


class FieldInvalid(InvalidArgument):
    """A request field that is missing or malformed: ``FieldInvalid(field="data", detail="JSON")``."""

    message_key = "validation_failed"


class FormInvalid(FieldsInvalid):
    """Submitted values break the form's rules; ``details`` maps each field to its message."""

    message_key = "forms.valid_error"
