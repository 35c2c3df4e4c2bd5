"""BPMN model: lxml parsing into an immutable graph of frozen dataclasses."""

from .elements import (
    CallActivity,
    EndEvent,
    FieldInjection,
    FlowNode,
    Listener,
    LoopCharacteristics,
    ScriptTask,
    SequenceFlow,
    ServiceTask,
    StartEvent,
    SubProcess,
    TimerDefinition,
    TimerEvent,
    UserTask,
    VariableMapping,
)
from .parser import parse_bpmn
from .process import ProcessModel

__all__ = [
    "CallActivity",
    "EndEvent",
    "FieldInjection",
    "FlowNode",
    "Listener",
    "LoopCharacteristics",
    "ProcessModel",
    "ScriptTask",
    "SequenceFlow",
    "ServiceTask",
    "StartEvent",
    "SubProcess",
    "TimerDefinition",
    "TimerEvent",
    "UserTask",
    "VariableMapping",
    "parse_bpmn",
]
