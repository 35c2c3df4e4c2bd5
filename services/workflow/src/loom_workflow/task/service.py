"""Task operations, each one engine command (one transaction, the instance locked): completing,
handing over, sending back, ending, taking back and urging. Starting is ``start.py``, countersign
changes ``countersign.py``; what they share is ``handling.py``."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from loom_workflow import events, forms_client
from loom_workflow.comments import comment_json
from loom_workflow.engine.commands import (
    AddComment,
    BackNodes,
    CompleteTask,
    DelegateTask,
    DeleteProcessInstance,
    GetVariables,
    MoveActivities,
    ResolveTask,
    SendBack,
    SetAssignee,
    SetVariables,
)
from loom_workflow.engine.context import CommandContext
from loom_workflow.engine.runtime.entities import HistoricTaskInstance, IdentityLink, Task
from loom_workflow.engine_host import WorkflowRuntime
from loom_workflow.extension import approver_policy
from loom_workflow.process import status
from loom_workflow.process.service import running_instance
from loom_workflow.task import audience, reminders, returns
from loom_workflow.task.errors import (
    BackNodeInvalid,
    BackTypeInvalid,
    CallbackHandled,
    NoBackNode,
    UrgedTooOften,
    UserRequired,
)
from loom_workflow.task.handling import assign_next, comment_of, handler_task, task_of
from loom_workflow.task.schemas import AuditRequest, BackRequest, UrgeRequest, typed_variables


@dataclass(frozen=True)
class _TaskForm:
    """A task's dynamic form as its handler submits it: the node's form and the instance's key."""

    form: forms_client.NodeForm
    proc_inst_id: str
    business_key: str


# (definition id, node id) -> the node's dynamic form (definitions never change once deployed)
_NODE_FORMS: dict[tuple[str, str], forms_client.NodeForm | None] = {}


def _node_form_of(definition: Any, task_def_key: str, models: Any) -> forms_client.NodeForm | None:
    """The dynamic form of a definition's node (None: the node has none), read once per definition
    and node: the form key comes from the engine's parsed model; only a node with one has its form
    details read from the XML."""
    key = (definition.id, task_def_key)
    if key not in _NODE_FORMS:
        node = models.get(definition).nodes.get(task_def_key)
        has_key = bool((getattr(node, "form_key", None) or "").strip())
        _NODE_FORMS[key] = forms_client.node_form(definition.bpmn_xml, task_def_key) if has_key else None
    return _NODE_FORMS[key]


async def _task_form(
    runtime: WorkflowRuntime, task_id: str, actor: str, groups: Sequence[str]
) -> _TaskForm | None:
    """Read without the instance's lock: the dynamic form of the task's node, when ``actor`` may
    handle the task (None otherwise: the command refuses it, or there is no form)."""

    def read(tx: Any) -> _TaskForm | None:
        task = tx.get_task(task_id)
        if task is None or not task.task_def_key:
            return None
        if (task.proc_def_id, task.task_def_key) not in _NODE_FORMS:  # a node without a form: one query
            definition = tx.get_definition(task.proc_def_id)
            if definition is None:
                return None
            _node_form_of(definition, task.task_def_key, runtime.engine.config.models)
        form = _NODE_FORMS[(task.proc_def_id, task.task_def_key)]
        if form is None:
            return None
        links = tx.rows(IdentityLink, "task_id = %s AND type = 'candidate'", (task.id,))
        may = task.assignee == actor or (
            task.assignee is None
            and any(
                link.user_id == actor or (link.group_id is not None and link.group_id in groups)
                for link in links
            )
        )
        if not may:
            return None
        instance = tx.get_execution(task.proc_inst_id)
        business_key = (instance.business_key if instance is not None else None) or task.proc_inst_id
        return _TaskForm(form, task.proc_inst_id, business_key)

    return await runtime.query(read)


class _FormFirst(Exception):
    """Raised in a command by a task whose node has a dynamic form: forms must validate and store the
    submission first, outside the instance's lock; the command rolls back and runs again after."""


def _form_first(ctx: CommandContext, task: Task) -> None:
    """Raises :class:`_FormFirst` when ``task``'s node has a dynamic form (the definition is the loaded
    tree's: no query)."""
    if task.task_def_key and _node_form_of(
        ctx.session.definition(task.proc_def_id), task.task_def_key, ctx.config.models
    ):
        raise _FormFirst()


async def form_variables(
    runtime: WorkflowRuntime,
    task_id: str,
    submitted: Mapping[str, object],
    variables: Mapping[str, object],
    *,
    actor: str,
    groups: Sequence[str] = (),
    draft: bool = False,
) -> dict[str, object]:
    """The variables a task's submission gives the process. A dynamic form's writable fields are
    validated and stored by forms first (a ``draft`` only has the node's rights applied), and its
    fields then carry only what forms kept: a field the node may only read, a locked sub-table
    column or a whole read-only form never steers the process, whatever the client sends."""
    pending = await _task_form(runtime, task_id, actor, groups)
    if pending is None:
        return dict(variables)
    forms = forms_client.client(runtime.settings.forms_grpc_address)
    stored, fields = await asyncio.gather(  # the two questions to forms at once
        forms.store(
            pending.form,
            business_key=pending.business_key,
            task_id=task_id,
            values=submitted,
            user_id=actor,
            proc_inst_id=pending.proc_inst_id,
            draft=draft,
        ),
        forms.field_ids(pending.form.json_id),
    )
    return typed_variables(forms_client.process_values(fields, variables, stored))


async def audit(
    runtime: WorkflowRuntime, request: AuditRequest, *, actor: str, groups: Sequence[str] = ()
) -> str:
    """Completes the task (a delegate resolves it back to its owner) with the handler's comment.
    A dynamic form's writable fields are validated and stored by forms before the task completes:
    before the engine command and outside the instance's lock (as the start does), so a command
    retried after a conflict does not call forms again. A node without a form costs no read before
    the command: the command finds out (the definition is loaded with the tree) and only a node with
    a form has its command run again, after forms (:class:`_FormFirst`)."""
    try:
        return await runtime.call(
            _audit_command(request, dict(request.variables), actor, groups, True), user_id=actor
        )
    except _FormFirst:
        values = await form_variables(
            runtime, request.task_id, request.submitted, request.variables, actor=actor, groups=groups
        )
    return await runtime.call(_audit_command(request, values, actor, groups, False), user_id=actor)


def _audit_command(
    request: AuditRequest, values: dict[str, object], actor: str, groups: Sequence[str], formless: bool
) -> Callable[[CommandContext], str]:
    """The audit's command; ``formless``: the values were not through forms (refused for a node with
    a form: :class:`_FormFirst`)."""

    def run(ctx: CommandContext) -> str:
        task = handler_task(ctx, request.task_id, actor, groups)
        if formless:
            _form_first(ctx, task)
        before = {t.id for t in ctx.session.all(Task)}
        note, code = comment_of(request.comment, "_flow_agree", "同意")
        AddComment(note, task_id=task.id, proc_inst_id=task.proc_inst_id, type=code).execute(ctx)
        if task.delegation_state == "PENDING":
            ResolveTask(task.id, values).execute(ctx)
        else:
            seen = GetVariables(task.proc_inst_id).execute(ctx)
            SetVariables(
                task.proc_inst_id, {approver_policy.APPROVERS: approver_policy.with_approver(seen, actor)}
            ).execute(ctx)
            if not returns.straight_back(ctx, task, values):
                CompleteTask(task.id, values).execute(ctx)
            assign_next(ctx, before, request.assignee)
        return task.proc_inst_id

    return run


@dataclass(frozen=True)
class HandOver:
    """How a task changes hands: its comment's code and status, and whether its owner keeps it."""

    code: str
    status: str
    owner_keeps: bool


# 委派: the owner keeps the task; the delegate handles it and hands it back
DELEGATE = HandOver("_flow_delegate", "委派", owner_keeps=True)
# 转办: the task is another user's for good
TRANSFER = HandOver("_flow_transfer", "转办", owner_keeps=False)


async def hand_over(
    runtime: WorkflowRuntime,
    task_id: str,
    user_id: str,
    how: HandOver,
    *,
    actor: str,
    groups: Sequence[str] = (),
) -> None:
    """Gives the task to ``user_id``, as a delegation or a transfer (``how``)."""
    if not user_id:
        raise UserRequired()

    def run(ctx: CommandContext) -> None:
        task = handler_task(ctx, task_id, actor, groups)
        AddComment(
            comment_json(how.code, how.status, f"-> {user_id}"), task_id=task.id, type=how.code
        ).execute(ctx)
        if how.owner_keeps:
            DelegateTask(task.id, user_id).execute(ctx)
        else:
            SetAssignee(task.id, user_id).execute(ctx)

    await runtime.call(run, user_id=actor)


async def back_nodes(runtime: WorkflowRuntime, task_id: str, *, actor: str) -> list[dict[str, str]]:
    """Nodes the task may legally be sent back to: ``[{taskDefKey, taskName}]``."""

    def run(ctx: CommandContext) -> list[dict[str, str]]:
        task = task_of(ctx, task_id)
        return [
            {"taskDefKey": n.activity_id, "taskName": n.name or n.activity_id}
            for n in BackNodes(task.id).execute(ctx)
        ]

    return await runtime.call(run, user_id=actor)


async def back(
    runtime: WorkflowRuntime,
    request: BackRequest,
    *,
    actor: str,
    groups: Sequence[str] = (),
    session: AsyncSession | None = None,
) -> str:
    """Sends the task back to ``target`` or a preset's node (default: the last node it can go back
    to); with its node's ``backReturn`` option the resubmission will come straight back."""
    if request.preset is not None and request.preset not in returns.PRESETS:
        raise BackTypeInvalid(value=request.preset)
    straight = await returns.returns_straight(runtime, session, request.task_id)

    def run(ctx: CommandContext) -> str:
        task = handler_task(ctx, request.task_id, actor, groups)
        offered = BackNodes(task.id).execute(ctx)
        nodes = [n.activity_id for n in offered]
        preset = returns.preset_target(ctx, task, offered, request.preset) if request.preset else None
        node = request.target or preset or (nodes[-1] if nodes else None)
        if node is None:
            raise NoBackNode()
        if node not in nodes:
            raise BackNodeInvalid(node=node)
        note, code = comment_of(request.comment, "_flow_back", "驳回")
        AddComment(note, task_id=task.id, proc_inst_id=task.proc_inst_id, type=code).execute(ctx)
        SendBack(task.id, node).execute(ctx)
        returns.remember(ctx, task, node, straight)
        return task.proc_inst_id

    return await runtime.call(run, user_id=actor)


async def reject_and_over(
    runtime: WorkflowRuntime,
    proc_inst_id: str,
    task_id: str,
    message: str | None,
    *,
    actor: str,
    groups: Sequence[str] = (),
) -> None:
    """Rejects and ends the instance."""

    def run(ctx: CommandContext) -> None:
        task = handler_task(ctx, task_id, actor, groups)
        running_instance(ctx, proc_inst_id or task.proc_inst_id)
        AddComment(
            comment_json("_flow_reject", "驳回结束", message or "", "danger"),
            task_id=task.id,
            type="_flow_reject",
        ).execute(ctx)
        DeleteProcessInstance(task.proc_inst_id, status.reason(status.REJECT, message)).execute(ctx)

    await runtime.call(run, user_id=actor)


async def callback(
    runtime: WorkflowRuntime, proc_inst_id: str, pre_task_def_key: str, current_task_id: str, *, actor: str
) -> None:
    """Takes a completed task back while the next one is untouched."""

    def run(ctx: CommandContext) -> None:
        running_instance(ctx, proc_inst_id)
        ctx.session.load_tree(proc_inst_id, full_history=True)  # the caller's earlier task
        current = ctx.session.get(Task, current_task_id)
        mine = ctx.session.where(
            HistoricTaskInstance,
            lambda h: (
                h.proc_inst_id == proc_inst_id and h.task_def_key == pre_task_def_key and h.assignee == actor
            ),
        )
        commented = current is not None and bool(ctx.session.comments(task_id=current_task_id))
        if current is None or not mine or current.claim_time is not None or commented:
            raise CallbackHandled()
        before = {t.id for t in ctx.session.all(Task)}
        AddComment(comment_json("callback", "取回", ""), proc_inst_id=proc_inst_id, type="callback").execute(
            ctx
        )
        MoveActivities(proc_inst_id, [current.task_def_key], [pre_task_def_key]).execute(ctx)
        assign_next(ctx, before, actor)

    await runtime.call(run, user_id=actor)


async def urge(runtime: WorkflowRuntime, request: UrgeRequest, *, actor: str) -> list[str]:
    """Reminds the handlers of the instance's current tasks; returns who was reminded."""
    proc_inst_id, task_id, message = request.proc_ins_id, request.task_id, request.message

    def run(ctx: CommandContext) -> list[str]:
        pid = proc_inst_id or (task_of(ctx, task_id).proc_inst_id if task_id else "")
        running_instance(ctx, pid)
        if not reminders.may_urge(ctx, pid, actor):
            raise UrgedTooOften(minutes=reminders.INTERVAL.seconds // 60)
        reminded: list[str] = []
        for task in ctx.session.where(Task, lambda t: t.proc_inst_id == pid):
            # its assignee, else its candidate users and roles' members; never the urger, and one
            # reminder per user however many of the instance's tasks they hold
            users = [u for u in audience.of_task(ctx, task) if u != actor and u not in reminded]
            reminded.extend(users)
            # each handler hears of a task at most once a while, whoever urges
            heard = reminders.due(ctx, task, users)
            if heard:
                events.remind(ctx, events.TASK_URGED, task, heard, message or "")
        AddComment(comment_json("urge", "催办", message or ""), proc_inst_id=pid, type="urge").execute(ctx)
        return list(dict.fromkeys(reminded))

    return await runtime.call(run, user_id=actor)


__all__ = [
    "DELEGATE",
    "TRANSFER",
    "HandOver",
    "audit",
    "back",
    "back_nodes",
    "callback",
    "hand_over",
    "urge",
]
