"""The parsed process: nodes and flows indexed by id, with graph helpers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .elements import ErrorEvent, FlowNode, Listener, SequenceFlow, SubProcess, TimerEvent

BoundaryEvent = TimerEvent | ErrorEvent


@dataclass(frozen=True, kw_only=True)
class ProcessModel:
    """One ``<process>``: immutable, shared by every instance of its definition."""

    id: str
    name: str | None
    nodes: Mapping[str, FlowNode]
    flows: Mapping[str, SequenceFlow]
    start_id: str
    candidate_starter_users: str | None = None
    candidate_starter_groups: str | None = None
    documentation: str | None = None
    listeners: tuple[Listener, ...] = ()

    def node(self, node_id: str) -> FlowNode:
        """Returns the node ``node_id`` (KeyError if absent)."""
        return self.nodes[node_id]

    def has_node(self, node_id: str) -> bool:
        """True when ``node_id`` is a node of this process (at any depth)."""
        return node_id in self.nodes

    def outgoing(self, node: FlowNode) -> list[SequenceFlow]:
        """Outgoing flows in document order."""
        return [self.flows[f] for f in node.outgoing]

    def incoming(self, node: FlowNode) -> list[SequenceFlow]:
        """Incoming flows in document order."""
        return [self.flows[f] for f in node.incoming]

    def boundaries(self, node: FlowNode) -> list[BoundaryEvent]:
        """Boundary events attached to ``node`` (timers and error events)."""
        return [
            b for b in (self.nodes[i] for i in node.boundary_ids) if isinstance(b, TimerEvent | ErrorEvent)
        ]

    def scope_chain(self, node_id: str) -> list[SubProcess]:
        """Enclosing sub-processes of ``node_id``, outermost first."""
        chain: list[SubProcess] = []
        parent = self.nodes[node_id].parent_id
        while parent is not None:
            sub = self.nodes[parent]
            assert isinstance(sub, SubProcess)
            chain.append(sub)
            parent = sub.parent_id
        chain.reverse()
        return chain
