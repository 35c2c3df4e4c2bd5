"""The errors every workflow domain shares and the translation of engine errors at the service's edge
(each domain's own errors are in its errors.py). This module imports no domain: the domains import it."""

from __future__ import annotations

from loom_platform.errors import Conflict, FailedPrecondition, InvalidArgument, LoomError, NotFound
from loom_workflow.engine import errors as engine_errors


class TaskNotFound(NotFound):
    """The task is gone: handled by someone else (the loser of a concurrent completion) or never existed."""

    message_key = "workflow.task.not_found"


class InstanceNotFound(NotFound):
    message_key = "workflow.instance.not_found"


def from_engine(exc: engine_errors.EngineError) -> LoomError:
    """An engine error as the domain error a user sees."""
    detail = exc.message
    if isinstance(exc, engine_errors.ObjectNotFound):
        if "task" in detail.lower():
            return TaskNotFound()
        return NotFound("workflow.engine.not_found", detail=detail)
    if isinstance(exc, engine_errors.Suspended):
        return FailedPrecondition("workflow.definition.suspended")
    if isinstance(exc, engine_errors.IllegalState):
        return FailedPrecondition("workflow.engine.state", detail=detail)
    if isinstance(exc, engine_errors.ConcurrentModification):
        return Conflict()
    if isinstance(
        exc,
        engine_errors.IllegalArgument
        | engine_errors.BpmnParseError
        | engine_errors.ExpressionError
        | engine_errors.UnsupportedFeature,
    ):
        return InvalidArgument("workflow.engine.invalid", detail=detail)
    return LoomError("workflow.engine.internal", detail=detail)
