"""Errors raised by the engine core. The service maps ``code`` to HTTP / gRPC statuses at its edge."""

from __future__ import annotations

from typing import ClassVar


class EngineError(Exception):
    """Base of every engine error (Flowable's ``FlowableException``)."""

    code: ClassVar[str] = "INTERNAL"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class IllegalArgument(EngineError):
    """A caller passed something the engine cannot use (``FlowableIllegalArgumentException``)."""

    code = "INVALID_ARGUMENT"


class ObjectNotFound(EngineError):
    """A definition, instance, task, execution or job does not exist (``FlowableObjectNotFoundException``)."""

    code = "NOT_FOUND"


class IllegalState(EngineError):
    """The operation is not allowed in the current state (e.g. completing a delegated task)."""

    code = "FAILED_PRECONDITION"


class Suspended(IllegalState):
    """The definition or instance is suspended."""


class ConcurrentModification(EngineError):
    """A row changed since it was loaded (optimistic lock on the revision column)."""

    code = "ABORTED"


class BpmnParseError(EngineError):
    """The deployed BPMN XML is malformed or uses an element the engine does not support."""

    code = "INVALID_ARGUMENT"


class UnsupportedFeature(EngineError):
    """A construct that parses but cannot be run by this engine (e.g. a groovy script)."""

    code = "UNIMPLEMENTED"


class ExpressionError(EngineError):
    """A JUEL expression failed to parse or evaluate. The only error the expression package raises."""

    code = "INVALID_ARGUMENT"


class DecisionError(IllegalArgument):
    """A DMN decision could not be parsed or evaluated (a hit policy violated, an expression failed)."""


class BpmnErrorNotCaught(IllegalState):
    """A BPMN error was thrown (by a worker, an HTTP answer or a hook) and no error boundary event of
    the activity or an enclosing scope catches its code."""


class BpmnError(Exception):
    """Raised by a registered hook to throw a BPMN error (``code``) that an error boundary event of
    the activity (or an enclosing sub-process) catches; not an engine failure."""

    def __init__(self, code: str, message: str | None = None) -> None:
        super().__init__(message or code)
        self.code = code
        self.message = message
