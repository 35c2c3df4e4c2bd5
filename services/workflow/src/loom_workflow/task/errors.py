"""Errors of the task operations."""

from __future__ import annotations

from loom_platform.errors import FailedPrecondition
from loom_workflow.errors import TaskNotFound  # noqa: F401 - shared by every domain, defined in loom_workflow/errors.py


class NotAllowed(FailedPrecondition):
    message_key = "workflow.engine.state"
