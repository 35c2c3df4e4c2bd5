"""Home counts, form data of an instance, and saving a task's form without completing it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import func, literal, select, union_all
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.i18n import EN, ZH, register, translate
from loom_platform.paging import PageParams
from loom_workflow import forms_client
from loom_workflow.engine.commands import SetVariables
from loom_workflow.engine.context import CommandContext
from loom_workflow.engine.errors import ObjectNotFound
from loom_workflow.engine_host import WorkflowRuntime
from loom_workflow.flowcopy import service as copy_service
from loom_workflow.pgstore import tables as t
from loom_workflow.process import queries as process_queries
from loom_workflow.process.errors import NotTaskHandler
from loom_workflow.process.service import is_handler
from loom_workflow.task import queries as task_queries
from loom_workflow.task import service as task_service
from loom_workflow.task.errors import TaskNotFound
from loom_workflow.task.schemas import typed_variables
from loom_workflow.users import user_names

register(
    {
        "workflow.form.history.start": {ZH: "发起申请", EN: "Started"},
        "workflow.form.history.ok": {ZH: "操作成功", EN: "Done"},
    }
)


async def overview(
    session: AsyncSession, directory: Any, *, user_id: str, groups: Sequence[str]
) -> dict[str, int]:
    """``{todo, applyRunning, applyTotal, copyUnread}`` of the user."""
    todo = await task_queries.todo(
        session,
        directory,
        PageParams(current=1, size=1, orders=()),
        user_id=user_id,
        groups=groups,
        begin=None,
        end=None,
    )
    applied = (
        await session.execute(
            select(
                func.count().filter(t.hi_procinst.c.end_time.is_(None)).label("running"),
                func.count().label("total"),
            ).where(t.hi_procinst.c.start_user_id == user_id, t.hi_procinst.c.super_proc_inst_id.is_(None))
        )
    ).one()
    return {
        "todo": int(todo["total"]),
        "applyRunning": int(applied.running),
        "applyTotal": int(applied.total),
        "copyUnread": await copy_service.unread(session, user_id),
    }


async def variables(session: AsyncSession, proc_ins_id: str) -> dict[str, Any]:
    """The instance's process variables as last written (its form data)."""
    return await process_queries.historic_variables(session, proc_ins_id)


async def form_data(
    session: AsyncSession, forms: forms_client.FormsClient, proc_ins_id: str, json_id: str
) -> dict[str, Any]:
    """The instance's dynamic form data as forms keeps it (``data`` None while nothing is stored)."""
    instance = await process_queries.instance(session, proc_ins_id)
    business_key = (instance.business_key if instance is not None else None) or proc_ins_id
    found = await forms.data(business_key=business_key, json_id=json_id)
    return {"jsonId": json_id, "businessKey": business_key, "data": found}


async def form_history(
    session: AsyncSession, directory: Any, forms: forms_client.FormsClient, proc_ins_id: str
) -> list[dict[str, Any]]:
    """Who changed what in the instance's dynamic form: one entry per save, oldest first, with the
    node, the user, the time, each changed field's label and values before and after, and the whole
    form as the save left it (``data`` under its form version ``jsonId``)."""
    instance = await process_queries.instance(session, proc_ins_id)
    if instance is None:
        return []
    versions = await forms.history(
        proc_inst_id=proc_ins_id, business_key=instance.business_key or proc_ins_id
    )
    nodes = await _task_names(session, proc_ins_id)
    names = await user_names(directory, [v.user_id for v in versions])
    return [
        {
            "taskId": v.task_id,
            "taskName": _node_name(v.task_id, nodes),
            "userId": v.user_id,
            "userName": names.get(v.user_id, v.user_id),
            "time": v.saved_at,
            "changes": [
                {"field": c.field, "label": c.label or c.field, "before": c.before, "after": c.after}
                for c in v.changes
            ],
            "jsonId": v.json_id,
            "data": v.data,
        }
        for v in versions
    ]


def _node_name(task_id: str, nodes: Mapping[str, str]) -> str:
    """The node a save was made at: its task's node, or the start event for a start's save."""
    if task_id.startswith("start:"):
        return nodes.get("start") or translate("workflow.form.history.start")
    return nodes.get(task_id, "")


async def _task_names(session: AsyncSession, proc_ins_id: str) -> dict[str, str]:
    """``{task id: node name}`` of the instance's tasks, and ``start`` for its start event's name."""
    tasks, acts = t.hi_taskinst.c, t.hi_actinst.c
    start_event = (
        select(literal("start").label("id"), acts.activity_name.label("name"))
        .where(acts.proc_inst_id == proc_ins_id, acts.activity_type == "startEvent")
        .order_by(acts.start_time)
        .limit(1)
    )
    rows = await session.execute(
        union_all(
            select(tasks.id, tasks.name).where(tasks.proc_inst_id == proc_ins_id),
            start_event.subquery().select(),
        )
    )
    return {r.id: r.name for r in rows if r.name}


async def save_form(
    runtime: WorkflowRuntime, task_id: str, values: Mapping[str, object], *, actor: str, groups: Sequence[str]
) -> str:
    """Writes the form's values onto the instance without completing the task (``_flow_save``);
    only the task's handler may. Returns the instance id. A dynamic form's values are kept as the
    node's rights allow (forms answers them without storing): a draft cannot steer the process either."""
    variables = await task_service.form_variables(
        runtime, task_id, values, typed_variables(values), actor=actor, groups=groups, draft=True
    )

    def run(ctx: CommandContext) -> str:
        try:
            task = ctx.session.task(task_id)
        except ObjectNotFound as exc:
            raise TaskNotFound() from exc
        if not is_handler(ctx, task, actor, groups):
            raise NotTaskHandler()
        if variables:
            SetVariables(task.execution_id, variables).execute(ctx)
        return task.proc_inst_id

    return await runtime.call(run, user_id=actor)


__all__ = ["form_data", "form_history", "overview", "save_form", "variables"]
