"""Process instances: start and normal end (deletion, with its cascade to called instances: ``cancel.py``)."""

from __future__ import annotations

from collections.abc import Mapping

from ..context import CommandContext
from ..model import StartEvent
from ..runtime import events as ev
from ..runtime.entities import Execution, HistoricProcessInstance, IdentityLink, ProcessDefinition
from . import cancel, executions, history, variables
from .listeners import fire_execution_listeners


def start_instance(
    ctx: CommandContext,
    definition: ProcessDefinition,
    *,
    business_key: str | None,
    variables_: Mapping[str, object] | None,
    start_user_id: str | None,
    super_execution: Execution | None = None,
    name: str | None = None,
) -> Execution:
    """Creates the process instance, its start token and history; plans the start event."""
    model = ctx.config.models.get(definition)
    instance_id = ctx.new_id()
    instance = ctx.session.insert(
        Execution(
            id=instance_id,
            proc_inst_id=instance_id,
            proc_def_id=definition.id,
            root_proc_inst_id=super_execution.root_proc_inst_id if super_execution else instance_id,
            super_execution_id=super_execution.id if super_execution else None,
            is_active=True,
            is_scope=True,
            business_key=business_key,
            name=name,
            start_user_id=start_user_id,
            start_time=ctx.now(),
            tenant_id=definition.tenant_id,
        )
    )
    history.process_started(
        ctx,
        instance,
        definition.key,
        definition.version,
        super_execution.proc_inst_id if super_execution else None,
    )
    if start_user_id is not None:
        ctx.session.insert(
            IdentityLink(id=ctx.new_id(), type="starter", user_id=start_user_id, proc_inst_id=instance_id)
        )
    start = model.node(model.start_id)
    if isinstance(start, StartEvent) and start.initiator:
        variables.set_local(ctx, instance, start.initiator, start_user_id)
    for key, value in (variables_ or {}).items():
        variables.set_local(ctx, instance, key, value)
    hist = ctx.session.get(HistoricProcessInstance, instance_id)
    if hist is not None:
        hist.start_activity_id = start.id
    ctx.emit(ev.PROCESS_STARTED, instance)
    fire_execution_listeners(ctx, instance, model.listeners, "start")
    token = executions.create_child(ctx, instance, start.id)
    ctx.agenda.plan_continue(token)
    return instance


def end_instance(
    ctx: CommandContext,
    instance: Execution,
    end_activity_id: str | None,
    *,
    delete_reason: str | None = None,
    terminated: bool = False,
) -> None:
    """Ends a process instance that reached its end; continues the calling activity, if any."""
    from ..behaviors import call_activity as complete_call

    for child in executions.children(ctx, instance):
        cancel.cancel_tree(ctx, child, delete_reason or "process instance ended")
    history.process_ended(
        ctx, instance, end_activity_id=end_activity_id, delete_reason=delete_reason, state="completed"
    )
    caller = ctx.session.get(Execution, instance.super_execution_id)
    fire_execution_listeners(ctx, instance, ctx.model(instance.proc_def_id).listeners, "end")
    outputs = complete_call.outputs(ctx, instance, caller) if caller is not None else {}
    cancel.remove_instance_rows(ctx, instance)
    ctx.emit(ev.PROCESS_COMPLETED, instance, activity_id=end_activity_id)
    if terminated:
        ctx.emit(ev.PROCESS_COMPLETED_WITH_TERMINATE_END_EVENT, instance, activity_id=end_activity_id)
    if caller is not None:
        complete_call.resume(ctx, caller, outputs)
