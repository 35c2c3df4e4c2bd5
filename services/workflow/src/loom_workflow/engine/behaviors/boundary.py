"""Boundary timers: one waiting child execution per boundary event under the activity's execution.

As in Flowable, a boundary event has an activity instance from the moment it is armed: it ends
without a delete reason when the event fires, and with one when the event is removed unfired."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..agenda import executions, history
from ..agenda.jobs import TRIGGER_TIMER, create_timer_job
from ..agenda.listeners import fire_execution_listeners
from ..model import FlowNode, TimerEvent
from ..runtime.entities import Execution

if TYPE_CHECKING:
    from ..context import CommandContext


def arm(ctx: CommandContext, activity_execution: Execution, node: FlowNode) -> None:
    """Creates the boundary executions and timers of ``node`` under ``activity_execution``."""
    for boundary in ctx.model(activity_execution.proc_def_id).boundaries(node):
        waiter = executions.create_child(ctx, activity_execution, boundary.id)
        waiter.is_active = False
        history.start_activity(ctx, waiter, boundary)
        create_timer_job(ctx, waiter, boundary, TRIGGER_TIMER)


def fire(ctx: CommandContext, waiter: Execution, node: TimerEvent) -> None:
    """The boundary timer fired: interrupt the activity, or start a parallel path."""
    attached = executions.parent(ctx, waiter)
    if attached is None:
        return
    if node.cancel_activity:
        waiter.parent_id = attached.parent_id
        executions.cancel_tree(ctx, attached, f"boundary event ({node.id})")
        token = waiter
    else:
        scope = executions.parent(ctx, attached)
        if scope is None:
            return
        token = executions.create_child(ctx, scope, node.id)
    token.is_active = True
    if history.open_activity(ctx, token) is None:
        history.start_activity(ctx, token, node)
    fire_execution_listeners(ctx, token, node.listeners, "start")
    ctx.agenda.plan_leave(token)
