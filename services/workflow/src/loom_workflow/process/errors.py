"""Errors of process definitions and instances."""

from __future__ import annotations

from loom_platform.errors import NotFound, PermissionDenied
from loom_workflow.errors import InstanceNotFound  # noqa: F401 - shared by every domain, defined in loom_workflow/errors.py


class DefinitionNotFound(NotFound):
    message_key = "workflow.definition.not_found"


class NotTaskHandler(PermissionDenied):
    """The caller is neither the assignee, the owner nor a candidate of the task."""

    message_key = "workflow.task.not_yours"


class StartDenied(PermissionDenied):
    """The process names its starters (candidateStarterUsers/Groups) and the caller is not one."""

    message_key = "workflow.process.start_denied"
