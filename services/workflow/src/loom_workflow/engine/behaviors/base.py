"""The behaviour interface: what a node does when reached, and when a waiting execution is signalled."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model import FlowNode
from ..runtime.entities import Execution

if TYPE_CHECKING:
    from ..context import CommandContext


class Behavior:
    """Default: pass straight through; a trigger leaves the node."""

    def execute(self, ctx: CommandContext, execution: Execution, node: FlowNode) -> None:
        """Runs when an execution arrives at ``node``."""
        del node
        ctx.agenda.plan_leave(execution)

    def trigger(
        self, ctx: CommandContext, execution: Execution, node: FlowNode, data: dict[str, object]
    ) -> None:
        """Runs when a waiting execution is signalled."""
        del node, data
        ctx.agenda.plan_leave(execution)


class WaitState(Behavior):
    """Stops until triggered (receive task)."""

    def execute(self, ctx: CommandContext, execution: Execution, node: FlowNode) -> None:
        """Waits."""
        del ctx, execution, node
