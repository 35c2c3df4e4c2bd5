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


class MalformedJson(InvalidArgument):
    """Raised as ``MalformedJson(detail=<field>)``: a field that should hold a JSON object does not."""

    message_key = "workflow.json_invalid"


class VariableTypeMismatch(InvalidArgument):
    """Raised as ``VariableTypeMismatch(name=..., type=...)``: a typed variable (the DMN and the
    external-task APIs) whose value is not of its type."""

    message_key = "workflow.variable.type_mismatch"


class EngineObjectNotFound(NotFound):
    """Raised as ``EngineObjectNotFound(detail=...)``: a record the engine looked for is gone."""

    message_key = "workflow.engine.not_found"


class DefinitionSuspended(FailedPrecondition):
    message_key = "workflow.definition.suspended"


class EngineState(FailedPrecondition):
    """Raised as ``EngineState(detail=...)``: the engine refuses the command in the current state."""

    message_key = "workflow.engine.state"


class EngineInvalid(InvalidArgument):
    """Raised as ``EngineInvalid(detail=...)``: a model, expression or argument the engine cannot take."""

    message_key = "workflow.engine.invalid"


class EngineInternal(LoomError):
    """Raised as ``EngineInternal(detail=...)``: an engine failure with no better name (a 500)."""

    message_key = "workflow.engine.internal"


def from_engine(exc: engine_errors.EngineError) -> LoomError:
    """An engine error as the domain error a user sees."""
    detail = exc.message
    if isinstance(exc, engine_errors.ObjectNotFound):
        if "task" in detail.lower():
            return TaskNotFound()
        return EngineObjectNotFound(detail=detail)
    if isinstance(exc, engine_errors.Suspended):
        return DefinitionSuspended()
    if isinstance(exc, engine_errors.IllegalState):
        return EngineState(detail=detail)
    if isinstance(exc, engine_errors.ConcurrentModification):
        return Conflict()
    if isinstance(
        exc,
        engine_errors.IllegalArgument
        | engine_errors.BpmnParseError
        | engine_errors.ExpressionError
        | engine_errors.UnsupportedFeature,
    ):
        return EngineInvalid(detail=detail)
    return EngineInternal(detail=detail)
