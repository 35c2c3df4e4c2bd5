"""Store interface (Protocol) and the in-memory implementation."""

from .memory import InMemoryStore
from .protocol import ChangeSet, EngineStore, InstanceTree, StoreTx

__all__ = ["ChangeSet", "EngineStore", "InMemoryStore", "InstanceTree", "StoreTx"]
