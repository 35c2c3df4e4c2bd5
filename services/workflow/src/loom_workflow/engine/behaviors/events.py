"""Start, end (none / terminate) and intermediate timer catch events."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model import EndEvent, FlowNode, TimerEvent
from ..ports import ASYNC_AFTER, TIMER_TRANSITION
from ..runtime.entities import Execution
from .base import Behavior

if TYPE_CHECKING:
    from ..context import CommandContext


class EndEventBehavior(Behavior):
    """None end: the token ends. Terminate end: its scope (or, with terminateAll, the root) ends.
    With ``flowable:asyncLeave`` the end happens in its own job, after the start listeners ran."""

    def execute(self, ctx: CommandContext, execution: Execution, node: FlowNode) -> None:
        """Ends the token or terminates its scope (or leaves that to an async-after job)."""
        if node.async_after:
            ctx.agenda.create_async_job(execution, node, ASYNC_AFTER)
            return
        finish(ctx, execution, node)


def finish(ctx: CommandContext, execution: Execution, node: FlowNode) -> None:
    """The end itself: end listeners, history, then the token or its scope ends."""
    ctx.agenda.fire_execution_listeners(execution, node.listeners, "end")
    ctx.agenda.end_activity(execution)
    if isinstance(node, EndEvent) and node.terminate:
        terminate(ctx, execution, node)
        return
    ctx.agenda.plan_end(execution)


def terminate(ctx: CommandContext, execution: Execution, node: EndEvent) -> None:
    """Cancels every other token of the scope, then completes the scope."""
    from . import subprocess

    reason = f"terminate end event ({node.id})"
    scope = ctx.agenda.parent(execution)
    if node.terminate_all:
        scope = ctx.session.execution(execution.root_proc_inst_id)
    assert scope is not None
    ctx.agenda.delete_execution(execution)
    if scope.is_process_instance:
        ctx.agenda.end_instance(scope, node.id, delete_reason=reason)
        return
    for child in ctx.agenda.children(scope):
        ctx.agenda.cancel_tree(child, reason)
    token = ctx.agenda.parent(scope)
    if token is not None:
        ctx.agenda.note_end_reason(token, reason)
    subprocess.complete(ctx, scope)


class TimerCatchBehavior(Behavior):
    """Intermediate timer catch: schedules its timer and waits for it."""

    def execute(self, ctx: CommandContext, execution: Execution, node: FlowNode) -> None:
        """Creates the timer job."""
        assert isinstance(node, TimerEvent)
        ctx.agenda.create_timer_job(execution, node, TIMER_TRANSITION)
