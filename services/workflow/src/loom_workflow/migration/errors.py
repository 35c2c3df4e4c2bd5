"""Errors of instance migration."""

from __future__ import annotations

from loom_platform.errors import InvalidArgument, NotFound


class VersionNotFound(NotFound):
    """Raised as ``VersionNotFound(id=...)``: no deployed process definition has this id."""

    message_key = "workflow.migration.version_not_found"


class NotSameProcess(InvalidArgument):
    """The target is no other version of the source's process."""

    message_key = "workflow.migration.not_same_process"


class BatchNotFound(NotFound):
    message_key = "workflow.migration.batch_not_found"
