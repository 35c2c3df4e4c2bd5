"""Loom's BPMN engine core: pure Python, no web framework, no database driver.

See README.md in this folder for the shape, the store interface and what is supported.
"""

from .clock import Clock, IdGenerator, ManualClock, SequentialIdGenerator, SystemClock, UuidIdGenerator
from .engine import Engine
from .errors import (
    BpmnParseError,
    ConcurrentModification,
    EngineError,
    ExpressionError,
    IllegalArgument,
    IllegalState,
    ObjectNotFound,
    Suspended,
    UnsupportedFeature,
)
from .hooks import (
    AssignmentRequest,
    DefaultAssignmentResolver,
    Registry,
    TaskAssignment,
    TaskAssignmentResolver,
)
from .store import ChangeSet, EngineStore, InMemoryStore, InstanceTree, StoreTx

__all__ = [
    "AssignmentRequest",
    "BpmnParseError",
    "ChangeSet",
    "Clock",
    "ConcurrentModification",
    "DefaultAssignmentResolver",
    "Engine",
    "EngineError",
    "EngineStore",
    "ExpressionError",
    "IdGenerator",
    "IllegalArgument",
    "IllegalState",
    "InMemoryStore",
    "InstanceTree",
    "ManualClock",
    "ObjectNotFound",
    "Registry",
    "SequentialIdGenerator",
    "StoreTx",
    "Suspended",
    "SystemClock",
    "TaskAssignment",
    "TaskAssignmentResolver",
    "UnsupportedFeature",
    "UuidIdGenerator",
]
