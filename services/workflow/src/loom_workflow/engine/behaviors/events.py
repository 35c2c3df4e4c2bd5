"""Start, end (none / terminate) and intermediate timer catch events."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..agenda import executions, history
from ..agenda.instances import end_instance
from ..agenda.jobs import ASYNC_AFTER, TIMER_TRANSITION, create_async_job, create_timer_job
from ..agenda.listeners import fire_execution_listeners
from ..model import EndEvent, FlowNode, TimerEvent
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
            create_async_job(ctx, execution, node, ASYNC_AFTER)
            return
        finish(ctx, execution, node)


def finish(ctx: CommandContext, execution: Execution, node: FlowNode) -> None:
    """The end itself: end listeners, history, then the token or its scope ends."""
    fire_execution_listeners(ctx, execution, node.listeners, "end")
    history.end_activity(ctx, execution)
    if isinstance(node, EndEvent) and node.terminate:
        terminate(ctx, execution, node)
        return
    ctx.agenda.plan_end(execution)


def terminate(ctx: CommandContext, execution: Execution, node: EndEvent) -> None:
    """Cancels every other token of the scope, then completes the scope."""
    from . import subprocess

    reason = f"terminate end event ({node.id})"
    scope = executions.parent(ctx, execution)
    if node.terminate_all:
        scope = ctx.session.execution(execution.root_proc_inst_id)
    assert scope is not None
    executions.delete_execution(ctx, execution)
    if scope.is_process_instance:
        end_instance(ctx, scope, node.id, delete_reason=reason, terminated=True)
        return
    for child in executions.children(ctx, scope):
        executions.cancel_tree(ctx, child, reason)
    token = executions.parent(ctx, scope)
    if token is not None:
        history.note_end_reason(ctx, token, reason)
    subprocess.complete(ctx, scope)


class TimerCatchBehavior(Behavior):
    """Intermediate timer catch: schedules its timer and waits for it."""

    def execute(self, ctx: CommandContext, execution: Execution, node: FlowNode) -> None:
        """Creates the timer job."""
        assert isinstance(node, TimerEvent)
        create_timer_job(ctx, execution, node, TIMER_TRANSITION)
