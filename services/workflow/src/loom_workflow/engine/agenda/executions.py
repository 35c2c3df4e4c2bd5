"""The execution tree: creating children, finding relatives, deleting one execution (cancelling a
sub-tree: ``cancel.py``)."""

from __future__ import annotations

from ..context import CommandContext
from ..model import ErrorEvent, TimerEvent
from ..runtime.entities import Execution
from . import history, variables
from .jobs import jobs_of


def children(ctx: CommandContext, execution: Execution) -> list[Execution]:
    """Direct child executions, in creation order."""
    return ctx.session.where(Execution, lambda e: e.parent_id == execution.id)


def parent(ctx: CommandContext, execution: Execution) -> Execution | None:
    """The parent execution (None for a process instance)."""
    return ctx.session.get(Execution, execution.parent_id)


def instance_of(ctx: CommandContext, execution: Execution) -> Execution:
    """The process instance of ``execution``."""
    return ctx.session.execution(execution.proc_inst_id)


def instance_executions(ctx: CommandContext, proc_inst_id: str) -> list[Execution]:
    """Every execution of one process instance."""
    return ctx.session.where(Execution, lambda e: e.proc_inst_id == proc_inst_id)


def create_child(
    ctx: CommandContext, parent_exec: Execution, activity_id: str | None, *, scope: bool = False
) -> Execution:
    """A new active child execution of ``parent_exec``."""
    child = Execution(
        id=ctx.new_id(),
        proc_inst_id=parent_exec.proc_inst_id,
        proc_def_id=parent_exec.proc_def_id,
        root_proc_inst_id=parent_exec.root_proc_inst_id,
        parent_id=parent_exec.id,
        activity_id=activity_id,
        is_active=True,
        is_scope=scope,
        start_time=ctx.now(),
        tenant_id=parent_exec.tenant_id,
        suspended=parent_exec.suspended,
    )
    return ctx.session.insert(child)


def is_boundary(ctx: CommandContext, execution: Execution) -> bool:
    """True for the execution that waits on a boundary event."""
    if execution.activity_id is None:
        return False
    node = ctx.model(execution.proc_def_id).nodes.get(execution.activity_id)
    return isinstance(node, TimerEvent | ErrorEvent) and node.attached_to is not None


def is_mi_child(ctx: CommandContext, execution: Execution) -> bool:
    """True for one instance of a multi-instance activity."""
    par = parent(ctx, execution)
    return par is not None and par.is_mi_root and par.activity_id == execution.activity_id


def delete_execution(ctx: CommandContext, execution: Execution) -> None:
    """Deletes one execution with its local variables and jobs (no listeners, no history)."""
    variables.delete_scope(ctx, execution)
    for job in jobs_of(ctx, execution):
        ctx.session.delete(job)
    ctx.session.delete(execution)


def boundary_waiters(ctx: CommandContext, execution: Execution) -> list[Execution]:
    """The boundary-event executions hanging under ``execution``."""
    return [c for c in children(ctx, execution) if is_boundary(ctx, c)]


def remove_boundary(ctx: CommandContext, waiter: Execution, reason: str) -> None:
    """Deletes one boundary-event execution (and its timer); its activity instance ends with ``reason``."""
    history.end_activity(ctx, waiter, reason)
    delete_execution(ctx, waiter)


def remove_boundaries(ctx: CommandContext, execution: Execution) -> None:
    """Deletes the boundary-event executions (and their timers) hanging under ``execution``; their
    activity instances end with the reason ``attached activity ended (<activity id>)``."""
    for waiter in boundary_waiters(ctx, execution):
        remove_boundary(ctx, waiter, f"attached activity ended ({execution.activity_id})")


def real_children(ctx: CommandContext, execution: Execution) -> list[Execution]:
    """Children that are not boundary-event waiters."""
    return [c for c in children(ctx, execution) if not is_boundary(ctx, c)]
