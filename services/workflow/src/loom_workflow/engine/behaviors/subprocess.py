"""Embedded sub-process: the arriving token waits while a scope execution runs the inner flow."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..agenda import executions
from ..model import FlowNode, SubProcess
from ..runtime.entities import Execution
from .base import Behavior

if TYPE_CHECKING:
    from ..context import CommandContext


class SubProcessBehavior(Behavior):
    """Creates the scope execution and starts the inner start event."""

    def execute(self, ctx: CommandContext, execution: Execution, node: FlowNode) -> None:
        """Enters the sub-process."""
        assert isinstance(node, SubProcess)
        execution.is_active = False
        scope = executions.create_child(ctx, execution, node.id, scope=True)
        scope.is_active = False
        start = executions.create_child(ctx, scope, node.start_id)
        ctx.agenda.plan_continue(start)


def complete(ctx: CommandContext, scope: Execution) -> None:
    """All inner tokens ended: drop the scope (and its local variables) and leave the sub-process."""
    token = executions.parent(ctx, scope)
    for child in executions.children(ctx, scope):
        executions.cancel_tree(ctx, child, "sub-process completed")
    executions.delete_execution(ctx, scope)
    if token is None:
        return
    token.is_active = True
    ctx.agenda.plan_leave(token)
