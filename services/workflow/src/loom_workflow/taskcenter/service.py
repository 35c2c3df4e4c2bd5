"""Home counts, form data of an instance, and saving a task's form without completing it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import text
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.paging import PageParams
from loom_workflow.engine.commands import SetVariables
from loom_workflow.engine.context import CommandContext
from loom_workflow.engine.errors import ObjectNotFound
from loom_workflow.engine_host import WorkflowRuntime
from loom_workflow.flowcopy import service as copy_service
from loom_workflow.process import queries as process_queries
from loom_workflow.process.errors import NotTaskHandler
from loom_workflow.process.service import is_handler
from loom_workflow.task import queries as task_queries
from loom_workflow.task.errors import TaskNotFound
from loom_workflow.task.service import coerce


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
            text(
                "SELECT count(*) FILTER (WHERE end_time IS NULL) AS running, count(*) AS total "
                "FROM act_hi_procinst WHERE start_user_id = :u AND super_proc_inst_id IS NULL"
            ),
            {"u": user_id},
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


async def save_form(
    runtime: WorkflowRuntime, task_id: str, values: Mapping[str, object], *, actor: str, groups: Sequence[str]
) -> str:
    """Writes the form's values onto the instance without completing the task (``_flow_save``);
    only the task's handler may. Returns the instance id."""

    def run(ctx: CommandContext) -> str:
        try:
            task = ctx.session.task(task_id)
        except ObjectNotFound as exc:
            raise TaskNotFound() from exc
        if not is_handler(ctx, task, actor, groups):
            raise NotTaskHandler()
        if values:
            SetVariables(task.execution_id, {k: coerce(v) for k, v in values.items()}).execute(ctx)
        return task.proc_inst_id

    return await runtime.call(run, user_id=actor)


__all__ = ["overview", "save_form", "variables"]
