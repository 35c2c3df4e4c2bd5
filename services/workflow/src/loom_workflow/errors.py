"""Domain errors of workflow, and the translation of engine errors at the service's edge."""

from __future__ import annotations

from loom_platform.errors import (
    Conflict,
    FailedPrecondition,
    InvalidArgument,
    LoomError,
    NotFound,
    PermissionDenied,
)
from loom_workflow.engine import errors as engine_errors


class ModelNotFound(NotFound):
    message_key = "workflow.model.not_found"


class ModelStale(Conflict):
    message_key = "workflow.model.stale"


class InvalidModel(InvalidArgument):
    message_key = "workflow.model.invalid_bpmn"


class DefinitionNotFound(NotFound):
    message_key = "workflow.definition.not_found"


class InstanceNotFound(NotFound):
    message_key = "workflow.instance.not_found"


class TaskNotFound(NotFound):
    """The task is gone: handled by someone else (the loser of a concurrent completion) or never existed."""

    message_key = "workflow.task.not_found"


class NotTaskHandler(PermissionDenied):
    message_key = "workflow.task.not_yours"


class NotAllowed(FailedPrecondition):
    message_key = "workflow.engine.state"


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


class StartDenied(PermissionDenied):
    """The process names its starters (candidateStarterUsers/Groups) and the caller is not one."""

    message_key = "workflow.process.start_denied"
