"""Embedded sub-process: the arriving token waits while a scope execution runs the inner flow."""

from __future__ import annotations

from typing import TYPE_CHECKING

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
        scope = ctx.agenda.create_child(execution, node.id, scope=True)
        scope.is_active = False
        start = ctx.agenda.create_child(scope, node.start_id)
        ctx.agenda.plan_continue(start)


def complete(ctx: CommandContext, scope: Execution) -> None:
    """All inner tokens ended: drop the scope (and its local variables) and leave the sub-process."""
    token = ctx.agenda.parent(scope)
    for child in ctx.agenda.children(scope):
        ctx.agenda.cancel_tree(child, "sub-process completed")
    ctx.agenda.delete_execution(scope)
    if token is None:
        return
    token.is_active = True
    ctx.agenda.plan_leave(token)
