"""Countersign (会签) changes: adding signers to a multi-instance node (加签) and removing them (减签)."""

from __future__ import annotations

from collections.abc import Sequence

from loom_workflow.comments import comment_json
from loom_workflow.engine.commands import (
    AddComment,
    AddMultiInstanceExecution,
    DeleteMultiInstanceExecution,
    RemovalOutlook,
)
from loom_workflow.engine.context import CommandContext
from loom_workflow.engine.runtime.entities import Execution, Task
from loom_workflow.engine_host import WorkflowRuntime
from loom_workflow.task.errors import (
    LastSigners,
    NotCountersign,
    RemovalUnsatisfiable,
    SignerNotFound,
    UserRequired,
)
from loom_workflow.task.handling import handler_task
from loom_workflow.task.schemas import SignRequest


async def add_sign(
    runtime: WorkflowRuntime, request: SignRequest, *, actor: str, groups: Sequence[str] = ()
) -> None:
    """Adds signers to the countersign node of the task (one multi-instance execution each)."""
    user_ids, message = request.user_ids, request.message
    if not user_ids:
        raise UserRequired()

    def run(ctx: CommandContext) -> None:
        task = handler_task(ctx, request.task_id, actor, groups)
        node = ctx.model(task.proc_def_id).node(task.task_def_key)
        if node.loop is None:
            raise NotCountersign()
        element = node.loop.element_variable or "assignee"
        AddComment(
            comment_json("_flow_add_multi_instance", "加签", message or ",".join(user_ids)),
            task_id=task.id,
            type="_flow_add_multi_instance",
        ).execute(ctx)
        for user in user_ids:
            AddMultiInstanceExecution(task.task_def_key, task.proc_inst_id, {element: user}).execute(ctx)

    await runtime.call(run, user_id=actor)


async def delete_sign(
    runtime: WorkflowRuntime, request: SignRequest, *, actor: str, groups: Sequence[str] = ()
) -> list[str]:
    """减签: removes the open countersign tasks of ``user_ids`` at the task's node (one multi-instance
    execution each; the loop then counts them as never having voted). Returns who was removed."""
    user_ids, message = request.user_ids, request.message
    if not user_ids:
        raise UserRequired()

    def run(ctx: CommandContext) -> list[str]:
        task = handler_task(ctx, request.task_id, actor, groups)
        node = ctx.model(task.proc_def_id).node(task.task_def_key)
        if node.loop is None:
            raise NotCountersign()
        siblings = ctx.session.where(
            Task, lambda t: t.proc_inst_id == task.proc_inst_id and t.task_def_key == task.task_def_key
        )
        removed = [t for t in siblings if t.assignee in user_ids]
        if not removed:
            raise SignerNotFound()
        if len(removed) >= len(siblings):
            raise LastSigners()
        _, satisfiable = RemovalOutlook(task.task_def_key or "", task.proc_inst_id, len(removed)).execute(ctx)
        if not satisfiable:
            raise RemovalUnsatisfiable()
        AddComment(
            comment_json("_flow_del_multi_instance", "减签", message or ",".join(user_ids)),
            task_id=task.id,
            proc_inst_id=task.proc_inst_id,
            type="_flow_del_multi_instance",
        ).execute(ctx)
        for victim in removed:
            # the removed signer's step says who took it away and why (the remover is the comment's
            # author), instead of the engine's own words for a deleted execution
            AddComment(
                comment_json("_flow_del_multi_instance", "减签", message),
                task_id=victim.id,
                proc_inst_id=victim.proc_inst_id,
                type="_flow_del_multi_instance",
            ).execute(ctx)
            # the completion condition is evaluated after each removal: the node may complete at once
            if ctx.session.get(Execution, victim.execution_id) is not None:
                DeleteMultiInstanceExecution(victim.execution_id).execute(ctx)
        return [t.assignee or "" for t in removed]

    return await runtime.call(run, user_id=actor)
