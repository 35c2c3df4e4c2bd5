"""Instance commands: revoke, stop, delete (running), delete history; definition suspend/activate."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.i18n import translate
from loom_platform.paging import PageParams
from loom_platform.wire import split_ids
from loom_workflow.comments import comment_json
from loom_workflow.engine.commands import (
    AddComment,
    DeleteDeployment,
    DeleteHistoricInstance,
    DeleteProcessInstance,
    SetDefinitionSuspended,
    SetInstanceSuspended,
)
from loom_workflow.engine.context import CommandContext
from loom_workflow.engine.model import ProcessModel
from loom_workflow.engine.runtime.entities import (
    Comment,
    Execution,
    HistoricTaskInstance,
    IdentityLink,
    ProcessDefinition,
    Task,
)
from loom_workflow.engine_host import WorkflowRuntime
from loom_workflow.process import queries, status
from loom_workflow.process.errors import (
    DefinitionAlready,
    InstanceAlready,
    InstanceNotFound,
    NotTaskHandler,
    RevokeHandled,
    RevokeNotInitiator,
    StillRunning,
)


def running_instance(ctx: CommandContext, proc_inst_id: str) -> Execution:
    """The running root execution, or :class:`InstanceNotFound`."""
    if not ctx.session.load_tree(proc_inst_id):
        raise InstanceNotFound()
    instance = ctx.session.get(Execution, proc_inst_id)
    if instance is None or not instance.is_process_instance:
        raise InstanceNotFound()
    return instance


def may_start(model: ProcessModel, user_id: str, groups: Sequence[str]) -> bool:
    """True when the process names no starters, or names the user or one of their roles."""
    users = split_ids(model.candidate_starter_users or "")
    starter_groups = split_ids(model.candidate_starter_groups or "")
    if not users and not starter_groups:
        return True
    return user_id in users or any(g in starter_groups for g in groups)


def start_form(model: ProcessModel) -> str | None:
    """The form key of the process's start node."""
    return getattr(model.nodes.get(model.start_id), "form_key", None)


async def startable_definitions(
    session: AsyncSession,
    runtime: WorkflowRuntime,
    params: PageParams,
    *,
    user_id: str,
    groups: Sequence[str],
    name: str | None,
    category: str | None,
    form_url: str | None = None,
) -> dict[str, Any]:
    """The latest deployed definitions the user may start (the start screen): see :func:`may_start`;
    with ``form_url``, only those whose start node's form is that one (a workflow form's 新建)."""

    def allowed(definition: ProcessDefinition) -> bool:
        model = runtime.engine.config.models.get(definition)
        if form_url is not None and start_form(model) != form_url:
            return False
        return may_start(model, user_id, groups)

    return await queries.definitions(
        session, params, name=name, category=category, latest_only=True, allowed=allowed
    )


def is_handler(ctx: CommandContext, task: Task, user_id: str | None, groups: Sequence[str] = ()) -> bool:
    """True when ``user_id`` may work on ``task``: its assignee, or a candidate of an unclaimed task
    (named, or through one of the user's ``groups``, i.e. roles)."""
    if user_id is None:
        return False
    if task.assignee == user_id:
        return True
    if task.assignee is None:
        return any(
            link.user_id == user_id or (link.group_id is not None and link.group_id in groups)
            for link in ctx.session.where(
                IdentityLink, lambda link: link.task_id == task.id and link.type == "candidate"
            )
        )
    return False


async def revoke(runtime: WorkflowRuntime, proc_inst_id: str, *, actor: str) -> None:
    """The initiator withdraws the instance while nobody else has handled a task yet."""

    def run(ctx: CommandContext) -> None:
        instance = running_instance(ctx, proc_inst_id)
        if instance.start_user_id != actor:
            raise RevokeNotInitiator()
        ctx.session.load_tree(proc_inst_id, full_history=True)  # who handled what so far
        handled = ctx.session.where(
            HistoricTaskInstance,
            lambda h: h.proc_inst_id == proc_inst_id and h.end_time is not None and h.assignee != actor,
        )
        touched = ctx.session.where(
            Task, lambda t: t.proc_inst_id == proc_inst_id and t.claim_time is not None
        )
        if handled or touched:
            raise RevokeHandled()
        AddComment(
            comment_json("revoke", "撤销", "", "info"), proc_inst_id=proc_inst_id, type="revoke"
        ).execute(ctx)
        DeleteProcessInstance(proc_inst_id, status.reason(status.REVOKE)).execute(ctx)

    await runtime.call(run, user_id=actor)


async def stop(
    runtime: WorkflowRuntime,
    proc_inst_id: str,
    message: str | None,
    *,
    actor: str,
    admin: bool,
    hidden: bool = False,
) -> None:
    """Stops a running instance with a message (a handler of a current task, the initiator or an
    admin); ``hidden``: the instance is outside the caller's data scope, so one who takes no part
    in it is told it does not exist."""

    def run(ctx: CommandContext) -> None:
        instance = running_instance(ctx, proc_inst_id)
        tasks = ctx.session.where(Task, lambda t: t.proc_inst_id == proc_inst_id)
        allowed = admin or instance.start_user_id == actor or any(is_handler(ctx, t, actor) for t in tasks)
        if not allowed:
            raise InstanceNotFound() if hidden else NotTaskHandler()
        task_id = tasks[0].id if tasks else None
        AddComment(
            comment_json("_flow_stop", "终止", message or "", "danger"),
            task_id=task_id,
            proc_inst_id=proc_inst_id,
            type="_flow_stop",
        ).execute(ctx)
        DeleteProcessInstance(proc_inst_id, status.reason(status.STOP, message)).execute(ctx)

    await runtime.call(run, user_id=actor)


async def delete_running(
    runtime: WorkflowRuntime, ids: Sequence[str], reason: str | None, *, actor: str
) -> None:
    """Cancels running instances with a reason (作废)."""
    for proc_inst_id in ids:

        def run(ctx: CommandContext, pid: str = proc_inst_id) -> None:
            running_instance(ctx, pid)
            DeleteProcessInstance(pid, status.reason(status.DELETE, reason)).execute(ctx)

        await runtime.call(run, user_id=actor)


async def delete_history(runtime: WorkflowRuntime, ids: Sequence[str], *, actor: str) -> None:
    """Removes ended instances from history (a running one must be cancelled first)."""
    for proc_inst_id in ids:

        def run(ctx: CommandContext, pid: str = proc_inst_id) -> None:
            if not ctx.session.load_tree(pid):
                return
            if ctx.session.get(Execution, pid) is not None:
                raise StillRunning(id=pid)
            DeleteHistoricInstance(pid).execute(ctx)

        await runtime.call(run, user_id=actor)


async def set_suspended(runtime: WorkflowRuntime, proc_def_id: str, suspended: bool, *, actor: str) -> Any:
    """Suspends or activates a definition (and its running instances)."""

    def run(ctx: CommandContext) -> Any:
        definition = ctx.session.definition(proc_def_id)
        if definition.suspended == suspended:
            state = translate("workflow.state.suspended" if suspended else "workflow.state.active")
            raise DefinitionAlready(id=proc_def_id, state=state)
        return SetDefinitionSuspended(proc_def_id, suspended, include_instances=True).execute(ctx)

    return await runtime.call(run, user_id=actor)


async def set_instance_suspended(
    runtime: WorkflowRuntime, proc_inst_id: str, suspended: bool, *, actor: str
) -> None:
    """Suspends or activates one running instance; its definition and the other instances stay as
    they are (Flowable's ``suspendProcessInstanceById``)."""

    def run(ctx: CommandContext) -> None:
        instance = running_instance(ctx, proc_inst_id)
        if instance.suspended == suspended:
            state = translate("workflow.state.suspended" if suspended else "workflow.state.active")
            raise InstanceAlready(id=proc_inst_id, state=state)
        SetInstanceSuspended(proc_inst_id, suspended).execute(ctx)

    await runtime.call(run, user_id=actor)


async def delete_definitions(runtime: WorkflowRuntime, ids: Sequence[str], *, actor: str) -> int:
    """Deletes definition versions with their deployments and instances; the model stays
    (流程定义's delete: the next save and publish deploys the following version)."""
    removed = 0
    for proc_def_id in ids:

        def run(ctx: CommandContext, pid: str = proc_def_id) -> int:
            return DeleteDeployment(pid).execute(ctx)

        removed += await runtime.call(run, user_id=actor)
    return removed


__all__ = [
    "Comment",
    "delete_definitions",
    "delete_history",
    "delete_running",
    "revoke",
    "set_suspended",
    "stop",
]
