"""Errors of the module domain (messages in loom_apps.messages)."""

from __future__ import annotations

from loom_platform.errors import FailedPrecondition, InvalidArgument, NotFound, PermissionDenied


class ModuleNotFound(NotFound):
    message_key = "apps.module.not_found"


class ModuleNotLive(FailedPrecondition):
    message_key = "apps.module.not_live"


class LogNotYours(PermissionDenied):
    """Raised as ``LogNotYours(name=...)``: a module's test log is its generator's and the
    administrator's to read (it may show what the module's code printed)."""

    message_key = "apps.module.log_not_yours"


class TableNotPublished(InvalidArgument):
    """Unpublishing a table no module was published from (``TableNotPublished(id=...)``)."""

    message_key = "apps.module.table_not_published"
