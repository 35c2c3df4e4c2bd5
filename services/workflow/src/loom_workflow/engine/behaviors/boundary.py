"""Boundary events (timers, errors): one waiting child execution per boundary event under the
activity's execution; a timer's waiter carries its timer job, an error's waits to be thrown to.

As in Flowable, a boundary event has an activity instance from the moment it is armed: it ends
without a delete reason when the event fires, and with one when the event is removed unfired."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from typing import TYPE_CHECKING

from ..model import FlowNode, TimerEvent
from ..model.process import BoundaryEvent
from ..ports import TRIGGER_TIMER
from ..runtime.entities import Execution

if TYPE_CHECKING:
    from ..context import CommandContext


def arm(
    ctx: CommandContext,
    activity_execution: Execution,
    node: FlowNode,
    *,
    only: Collection[str] | None = None,
    since: datetime | None = None,
) -> None:
    """Creates the boundary executions (and timers) of ``node`` under ``activity_execution``: all of
    them, or those whose id is in ``only``; timers count from ``since`` (default: now)."""
    for boundary in ctx.model(activity_execution.proc_def_id).boundaries(node):
        if only is not None and boundary.id not in only:
            continue
        waiter = ctx.agenda.create_child(activity_execution, boundary.id)
        waiter.is_active = False
        ctx.agenda.start_activity(waiter, boundary)
        if isinstance(boundary, TimerEvent):
            ctx.agenda.create_timer_job(waiter, boundary, TRIGGER_TIMER, since=since)


def fire(ctx: CommandContext, waiter: Execution, node: BoundaryEvent) -> None:
    """The boundary event fired (its timer is due, its error was thrown): interrupt the activity, or
    start a parallel path."""
    attached = ctx.agenda.parent(waiter)
    if attached is None:
        return
    if node.cancel_activity:
        waiter.parent_id = attached.parent_id
        ctx.agenda.cancel_tree(attached, f"boundary event ({node.id})")
        token = waiter
    else:
        scope = ctx.agenda.parent(attached)
        if scope is None:
            return
        token = ctx.agenda.create_child(scope, node.id)
    token.is_active = True
    if ctx.agenda.open_activity(token) is None:
        ctx.agenda.start_activity(token, node)
    ctx.agenda.fire_execution_listeners(token, node.listeners, "start")
    ctx.agenda.plan_leave(token)
