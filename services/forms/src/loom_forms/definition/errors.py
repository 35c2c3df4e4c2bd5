"""Errors of the form definitions and their versions (texts in ``loom_forms/messages.toml``)."""

from __future__ import annotations

from loom_platform.errors import FailedPrecondition, InvalidArgument, NotFound


class DefinitionNotFound(NotFound):
    message_key = "not_found"


class DefinitionJsonInvalid(InvalidArgument):
    """The designer's JSON is not an object with a widget ``list``: ``detail`` says what is wrong."""

    message_key = "forms.definition.json_invalid"


class PrimaryVersionKept(FailedPrecondition):
    """The primary version cannot be deleted (make another one primary first)."""

    message_key = "failed_precondition"

    def __init__(self) -> None:
        super().__init__(detail="primary version")


class VersionFrozen(FailedPrecondition):
    """A version that was ever published, or whose data a process stored, keeps its JSON: a running
    task renders the version it was created with, so a change is a new version."""

    message_key = "forms.definition.version_frozen"


class VersionInUse(FailedPrecondition):
    """A version that was ever published, or whose data a process stored, is never deleted: a
    running instance (or its history) may still render it."""

    message_key = "forms.definition.version_in_use"
