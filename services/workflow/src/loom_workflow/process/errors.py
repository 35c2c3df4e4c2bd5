"""Errors of process definitions and instances."""

from __future__ import annotations

from loom_platform.errors import FailedPrecondition, NotFound, PermissionDenied
from loom_workflow.errors import InstanceNotFound  # noqa: F401 - shared by every domain, defined in loom_workflow/errors.py


class DefinitionNotFound(NotFound):
    message_key = "workflow.definition.not_found"


class NotTaskHandler(PermissionDenied):
    """The caller is neither the assignee, the owner nor a candidate of the task."""

    message_key = "workflow.task.not_yours"


class StartDenied(PermissionDenied):
    """The process names its starters (candidateStarterUsers/Groups) and the caller is not one."""

    message_key = "workflow.process.start_denied"


class RevokeNotInitiator(FailedPrecondition):
    """Only the initiator revokes an instance."""

    message_key = "workflow.instance.revoke_not_initiator"


class RevokeHandled(FailedPrecondition):
    """An instance whose first task someone already handled cannot be revoked."""

    message_key = "workflow.instance.revoke_handled"


class StillRunning(FailedPrecondition):
    """Raised as ``StillRunning(id=<instance>)``: its history stays while it runs."""

    message_key = "workflow.instance.still_running"


class DefinitionAlready(FailedPrecondition):
    """Raised as ``DefinitionAlready(id=..., state=...)``: suspending a suspended definition, or the like."""

    message_key = "workflow.definition.already"


class InstanceAlready(FailedPrecondition):
    """Raised as ``InstanceAlready(id=..., state=...)``."""

    message_key = "workflow.instance.already"
