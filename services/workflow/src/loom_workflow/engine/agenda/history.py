"""History rows: activity instances (incl. taken sequence flows), task instances, process instances."""

from __future__ import annotations

from datetime import datetime

from ..context import CommandContext
from ..model import FlowNode, SequenceFlow
from ..runtime import events as ev
from ..runtime.entities import (
    Execution,
    HistoricActivityInstance,
    HistoricProcessInstance,
    HistoricTaskInstance,
    Task,
)
from . import scopes


def _ms(start: datetime | None, end: datetime) -> int | None:
    return None if start is None else int((end - start).total_seconds() * 1000)


def _mi_scope_id(ctx: CommandContext, execution: Execution, node: FlowNode) -> str | None:
    """The scope execution of the multi-instance sub-process instance ``node`` runs in (innermost
    such body, sub-processes nested in it included), None outside any. A top-level node costs
    nothing."""
    if node.parent_id is None:
        return None
    body = scopes.multi_instance_body(ctx.model(execution.proc_def_id), node.id)
    scope = scopes.instance_scope(ctx, execution, body) if body is not None else None
    return scope.id if scope is not None else None


def _insert_activity(
    ctx: CommandContext,
    execution: Execution,
    element: FlowNode | SequenceFlow,
    activity_type: str,
    *,
    ended: bool = False,
    mi_scope_id: str | None = None,
) -> HistoricActivityInstance:
    """Inserts an activity instance of ``execution`` at ``element`` that starts now (and with ``ended``
    ends at once)."""
    now = ctx.now()
    return ctx.session.insert(
        HistoricActivityInstance(
            id=ctx.new_id(),
            proc_inst_id=execution.proc_inst_id,
            proc_def_id=execution.proc_def_id,
            execution_id=execution.id,
            activity_id=element.id,
            activity_name=element.name,
            activity_type=activity_type,
            start_time=now,
            end_time=now if ended else None,
            duration_ms=0 if ended else None,
            transaction_order=ctx.next_order(),
            tenant_id=execution.tenant_id,
            mi_scope_id=mi_scope_id,
        )
    )


def start_activity(ctx: CommandContext, execution: Execution, node: FlowNode) -> HistoricActivityInstance:
    """Opens the activity instance of ``execution`` at ``node`` and emits ACTIVITY_STARTED."""
    row = _insert_activity(ctx, execution, node, node.kind, mi_scope_id=_mi_scope_id(ctx, execution, node))
    ctx.emit(ev.ACTIVITY_STARTED, execution, activity_id=node.id, activity_type=node.kind)
    return row


def open_activity(ctx: CommandContext, execution: Execution) -> HistoricActivityInstance | None:
    """The activity instance of ``execution`` that has not ended yet."""
    found = ctx.session.where(
        HistoricActivityInstance, lambda a: a.execution_id == execution.id and a.end_time is None
    )
    return found[-1] if found else None


def end_activity(ctx: CommandContext, execution: Execution, delete_reason: str | None = None) -> None:
    """Closes the open activity instance of ``execution`` (ACTIVITY_COMPLETED / ACTIVITY_CANCELLED).
    A reason noted on the open row before (see :func:`note_end_reason`) is kept."""
    row = open_activity(ctx, execution)
    if row is None:
        return
    now = ctx.now()
    row.end_time = now
    row.duration_ms = _ms(row.start_time, now)
    row.delete_reason = delete_reason if delete_reason is not None else row.delete_reason
    kind = ev.ACTIVITY_CANCELLED if delete_reason is not None else ev.ACTIVITY_COMPLETED
    ctx.emit(kind, execution, activity_id=row.activity_id, activity_type=row.activity_type)


def note_end_reason(ctx: CommandContext, execution: Execution, reason: str) -> None:
    """Notes why the open activity instance of ``execution`` will end (a sub-process ended by a
    terminate end event inside it still leaves normally, but its history reads the terminate)."""
    row = open_activity(ctx, execution)
    if row is not None:
        row.delete_reason = reason


def record_flow(ctx: CommandContext, execution: Execution, flow: SequenceFlow) -> None:
    """Records a taken sequence flow (Flowable lists them as activity type 'sequenceFlow')."""
    _insert_activity(ctx, execution, flow, "sequenceFlow", ended=True)


def record_instant(ctx: CommandContext, execution: Execution, node: FlowNode) -> None:
    """Records an activity that starts and ends at once (a fired boundary event)."""
    start_activity(ctx, execution, node)
    end_activity(ctx, execution)


def task_created(ctx: CommandContext, task: Task) -> None:
    """Inserts the historic task and links it to the open activity instance."""
    ctx.session.insert(
        HistoricTaskInstance(
            id=task.id,
            task_def_key=task.task_def_key,
            name=task.name,
            proc_inst_id=task.proc_inst_id,
            proc_def_id=task.proc_def_id,
            execution_id=task.execution_id,
            description=task.description,
            priority=task.priority,
            due_date=task.due_date,
            form_key=task.form_key,
            category=task.category,
            start_time=task.create_time,
            last_updated=task.create_time,
            tenant_id=task.tenant_id,
        )
    )


def task_updated(ctx: CommandContext, task: Task) -> None:
    """Copies the mutable task fields to its historic row and to the activity instance."""
    hist = ctx.session.get(HistoricTaskInstance, task.id)
    if hist is not None:
        hist.name, hist.assignee, hist.owner = task.name, task.assignee, task.owner
        hist.priority, hist.due_date, hist.claim_time = task.priority, task.due_date, task.claim_time
        hist.form_key, hist.category, hist.description = task.form_key, task.category, task.description
        hist.last_updated = ctx.now()
    for act in ctx.session.where(HistoricActivityInstance, lambda a: a.task_id == task.id):
        act.assignee = task.assignee


def task_ended(ctx: CommandContext, task: Task, delete_reason: str | None) -> None:
    """Ends the historic task."""
    hist = ctx.session.get(HistoricTaskInstance, task.id)
    if hist is not None:
        now = ctx.now()
        hist.end_time = now
        hist.duration_ms = _ms(hist.start_time, now)
        hist.delete_reason = delete_reason
        hist.last_updated = now


def process_started(
    ctx: CommandContext, instance: Execution, key: str, version: int, super_proc_inst_id: str | None
) -> None:
    """Inserts the historic process instance."""
    ctx.session.insert(
        HistoricProcessInstance(
            id=instance.id,
            proc_def_id=instance.proc_def_id,
            proc_def_key=key,
            proc_def_version=version,
            business_key=instance.business_key,
            name=instance.name,
            start_time=instance.start_time,
            start_user_id=instance.start_user_id,
            super_proc_inst_id=super_proc_inst_id,
            root_proc_inst_id=instance.root_proc_inst_id,
            tenant_id=instance.tenant_id,
        )
    )


def process_ended(
    ctx: CommandContext,
    instance: Execution,
    *,
    end_activity_id: str | None,
    delete_reason: str | None,
    state: str,
) -> None:
    """Ends the historic process instance."""
    hist = ctx.session.get(HistoricProcessInstance, instance.id)
    if hist is None:
        return
    now = ctx.now()
    hist.end_time = now
    hist.duration_ms = _ms(hist.start_time, now)
    hist.end_activity_id = end_activity_id
    hist.delete_reason = delete_reason
    hist.state = state
