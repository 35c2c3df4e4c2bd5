"""The timers of a token a migration keeps in place (实例迁移): they follow the new version.

- A boundary event the new node still has (same id, same kind of event) keeps its waiter. Its timer
  keeps its job and due date when the new version defines it the same way; else it is re-armed in
  place: the due date the new definition gives, counted from when the token reached the node (a
  deadline counts from the task, not from the migration), so a timer already past it fires at once.
- A boundary event the new node lacks (or whose kind changed) is removed and its timer cancelled.
- A boundary event only the new node has is armed, counted from the same moment.
- A multi-instance activity (a countersign) carries its boundary events on its root execution, so
  the same holds there for all its signers at once.
- A token waiting on an intermediate timer whose definition changed is re-armed likewise.

A timer that has already fired (no job left, e.g. a non-interrupting reminder) is not armed again.
The boundary waiters the new node lacks are removed while the instance is still on the old version
(whose model names them): :func:`prepare` before the switch, :func:`apply` after it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from ..agenda import executions, history
from ..agenda.jobs import jobs_of, timer_due
from ..behaviors import boundary
from ..model import FlowNode, ProcessModel, TimerEvent
from ..runtime.entities import Execution

if TYPE_CHECKING:
    from ..context import CommandContext

REMOVED = "boundary event removed by migration"


@dataclass(frozen=True)
class TimerPlan:
    """What a kept token's timers need once the instance is on the new version."""

    execution: Execution
    node: FlowNode  # the new version's node
    since: datetime  # when the token reached its node
    retime: tuple[tuple[Execution, TimerEvent], ...]  # (waiting execution, its new timer event)
    add: tuple[str, ...]  # boundary events to arm


def entered(ctx: CommandContext, execution: Execution) -> datetime:
    """When ``execution`` reached its node: the earliest open activity of it and its children (a
    multi-instance root has none of its own; its boundary waiters opened theirs when it began)."""
    rows = [history.open_activity(ctx, e) for e in (execution, *executions.children(ctx, execution))]
    return min((r.start_time for r in rows if r is not None and r.start_time is not None), default=ctx.now())


def prepare(
    ctx: CommandContext,
    execution: Execution,
    node: FlowNode,
    goal: FlowNode,
    source: ProcessModel,
    target: ProcessModel,
) -> TimerPlan:
    """Removes the boundary waiters ``goal`` lacks and plans the rest (before the switch)."""
    since = entered(ctx, execution)
    wanted = {b.id: b for b in target.boundaries(goal)}
    retime: list[tuple[Execution, TimerEvent]] = []
    kept: set[str] = set()
    for waiter in executions.boundary_waiters(ctx, execution):
        old, new = source.nodes.get(waiter.activity_id or ""), wanted.get(waiter.activity_id or "")
        if old is None or new is None or type(old) is not type(new):
            executions.remove_boundary(ctx, waiter, REMOVED)
            continue
        kept.add(new.id)
        if isinstance(old, TimerEvent) and isinstance(new, TimerEvent) and old.timer != new.timer:
            retime.append((waiter, new))
    if isinstance(node, TimerEvent) and isinstance(goal, TimerEvent) and node.timer != goal.timer:
        retime.append((execution, goal))  # waiting on an intermediate timer
    added = tuple(b for b in wanted if b not in kept)
    return TimerPlan(execution, goal, since, tuple(retime), added)


def apply(ctx: CommandContext, plan: TimerPlan) -> None:
    """Re-arms the changed timers in place and arms the new boundary events (after the switch)."""
    for waiter, event in plan.retime:
        for job in jobs_of(ctx, waiter):
            if job.job_type == "timer" and job.element_id == event.id:
                job.due_date, job.repeat = timer_due(ctx, waiter, event, plan.since)
                job.element_name = event.name
    if plan.add:
        boundary.arm(ctx, plan.execution, plan.node, only=plan.add, since=plan.since)
