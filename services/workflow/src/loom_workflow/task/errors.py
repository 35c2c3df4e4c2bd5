"""Errors of the task operations."""

from __future__ import annotations

from loom_platform.errors import FailedPrecondition, NotFound


class TaskNotFound(NotFound):
    """The task is gone: handled by someone else (the loser of a concurrent completion) or never existed."""

    message_key = "workflow.task.not_found"


class NotAllowed(FailedPrecondition):
    message_key = "workflow.engine.state"
