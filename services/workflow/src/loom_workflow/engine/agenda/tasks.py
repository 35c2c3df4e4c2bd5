"""User-task services: creation with assignment, assignee changes, completion, deletion (a task's
people, without its listeners: ``links.py``)."""

from __future__ import annotations

import json

from ..context import CommandContext
from ..expr import compile_expression
from ..expr.coercion import to_int, to_str
from ..hooks import TASK_DEADLINE, AssignmentNote, AssignmentRequest, Deadline, TaskAssignment
from ..model import UserTask
from ..runtime import events as ev
from ..runtime.entities import Comment, Execution, HistoricActivityInstance, IdentityLink, Job, Task, Variable
from ..timers import resolve_due_date
from . import history, links, variables
from .facades import VariableScope
from .jobs import insert_job
from .listeners import fire_task_listeners


def split_list(text: str) -> list[str]:
    """Splits ``a, b, ${expr(x, y)}`` on commas outside ``${...}``."""
    out: list[str] = []
    depth = 0
    current: list[str] = []
    for i, ch in enumerate(text):
        if ch in "$#" and text[i + 1 : i + 2] == "{":
            depth += 1
        elif ch == "}" and depth:
            depth -= 1
        if ch == "," and depth == 0:
            out.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
    out.append("".join(current).strip())
    return [p for p in out if p]


def _values(text: str | None, scope: VariableScope) -> tuple[str, ...]:
    if not text:
        return ()
    out: list[str] = []
    for part in split_list(text):
        value = compile_expression(part).evaluate(scope)
        if isinstance(value, list | tuple | set):
            out.extend(to_str(v) for v in value if v is not None)
        elif isinstance(value, str):
            out.extend(split_list(value) if value != part else [value])
        elif value is not None:
            out.append(to_str(value))
    return tuple(dict.fromkeys(out))


def _text(expr: str | None, scope: VariableScope) -> object:
    return None if not expr else compile_expression(expr).evaluate(scope)


def default_assignment(node: UserTask, scope: VariableScope) -> TaskAssignment:
    """The BPMN attributes with their expressions evaluated."""
    assignee = _text(node.assignee, scope)
    owner = _text(node.owner, scope)
    return TaskAssignment(
        assignee=None if assignee in (None, "") else to_str(assignee),
        owner=None if owner in (None, "") else to_str(owner),
        candidate_users=_values(node.candidate_users, scope),
        candidate_groups=_values(node.candidate_groups, scope),
    )


def create_task(ctx: CommandContext, execution: Execution, node: UserTask) -> Task:
    """Creates the task of a user task, resolves its assignment and fires create/assignment listeners."""
    scope = VariableScope(ctx, execution)
    name = _text(node.name, scope)
    priority = _text(node.priority, scope)
    form_key = _text(node.form_key, scope)
    task = ctx.session.insert(
        Task(
            id=ctx.new_id(),
            name=None if name is None else to_str(name),
            task_def_key=node.id,
            proc_inst_id=execution.proc_inst_id,
            proc_def_id=execution.proc_def_id,
            execution_id=execution.id,
            description=node.documentation,
            priority=50 if priority in (None, "") else to_int(priority),
            due_date=resolve_due_date(_text(node.due_date, scope), ctx.now()),
            form_key=None if form_key is None else to_str(form_key),
            category=node.category,
            create_time=ctx.now(),
            tenant_id=execution.tenant_id,
        )
    )
    history.task_created(ctx, task)
    act = history.open_activity(ctx, execution)
    if act is not None:
        act.task_id = task.id
    result = _assign(ctx, execution, node, task, default_assignment(node, scope))
    if result.deadline is not None:
        _arm(ctx, execution, task, result.deadline)
    ctx.emit(ev.TASK_CREATED, execution, task_id=task.id)
    fire_task_listeners(ctx, task, "create")
    if task.assignee is not None:
        ctx.emit(ev.TASK_ASSIGNED, execution, task_id=task.id, assignee=task.assignee)
        fire_task_listeners(ctx, task, "assignment")
    if result.note is not None:
        _note(ctx, execution, task, result.note)
    return task


def _arm(ctx: CommandContext, execution: Execution, task: Task, deadline: Deadline) -> None:
    """Sets the task's due date and its ``task-deadline`` timer job."""
    task.due_date = deadline.due
    insert_job(
        ctx,
        execution,
        "timer",
        TASK_DEADLINE,
        element_id=task.task_def_key or "",
        element_name=task.name,
        handler_config=json.dumps({"taskId": task.id, "config": deadline.config}),
        due_date=deadline.due,
    )
    links.sync_history(ctx, task)


def add_comment(
    ctx: CommandContext,
    type: str,
    message: str,
    *,
    user_id: str | None,
    task_id: str | None,
    proc_inst_id: str | None,
) -> Comment:
    """Inserts a comment row made now (its ``message`` column holds the first 4000 characters,
    ``full_msg`` all of them)."""
    return ctx.session.insert(
        Comment(
            id=ctx.new_id(),
            type=type,
            time=ctx.now(),
            user_id=user_id,
            task_id=task_id,
            proc_inst_id=proc_inst_id,
            message=message[:4000],
            full_msg=message,
        )
    )


def _note(ctx: CommandContext, execution: Execution, task: Task, note: AssignmentNote) -> None:
    """Records the resolver's comment; a completing note completes the task and leaves the node."""
    add_comment(
        ctx, note.type, note.message, user_id=task.assignee, task_id=task.id, proc_inst_id=task.proc_inst_id
    )
    if note.complete:
        complete_task(ctx, task)
        ctx.agenda.plan_trigger(execution)


def _assign(
    ctx: CommandContext, execution: Execution, node: UserTask, task: Task, default: TaskAssignment
) -> TaskAssignment:
    instance = ctx.session.execution(execution.proc_inst_id)
    definition = ctx.session.definition(execution.proc_def_id)
    request = AssignmentRequest(
        process_definition_id=definition.id,
        process_definition_key=definition.key,
        process_instance_id=instance.id,
        business_key=instance.business_key,
        start_user_id=instance.start_user_id,
        execution_id=execution.id,
        task_id=task.id,
        task_def_key=node.id,
        task_name=task.name,
        actor_user_id=ctx.user_id,
        variables=variables.visible(ctx, execution),
        default=default,
    )
    result = ctx.config.resolver.resolve(request)
    task.owner = result.owner
    if result.assignee:
        change_assignee(ctx, task, result.assignee, fire=False)
    for user in result.candidate_users:
        links.add_candidate(ctx, task, user_id=user)
    for group in result.candidate_groups:
        links.add_candidate(ctx, task, group_id=group)
    links.sync_history(ctx, task)
    return result


def change_assignee(ctx: CommandContext, task: Task, user_id: str | None, *, fire: bool = True) -> None:
    """Sets the assignee; with ``fire`` emits TASK_ASSIGNED and runs assignment listeners."""
    if not links.set_assignee(ctx, task, user_id):
        return
    if fire:
        execution = ctx.session.get(Execution, task.execution_id)
        ctx.emit(ev.TASK_ASSIGNED, execution, task_id=task.id, assignee=user_id)
        fire_task_listeners(ctx, task, "assignment")


def deadline_task_id(job: Job) -> str | None:
    """The task a ``task-deadline`` job belongs to."""
    try:
        return str(json.loads(job.handler_config or "{}").get("taskId") or "") or None
    except (ValueError, AttributeError):
        return None


def _remove(ctx: CommandContext, task: Task, delete_reason: str | None) -> None:
    history.task_ended(ctx, task, delete_reason)
    for link in ctx.session.where(IdentityLink, lambda link: link.task_id == task.id):
        ctx.session.delete(link)
    for var in ctx.session.where(Variable, lambda v: v.task_id == task.id):
        ctx.session.delete(var)
    for job in ctx.session.where(
        Job, lambda j: j.handler_type == TASK_DEADLINE and j.execution_id == task.execution_id
    ):
        if deadline_task_id(job) == task.id:
            ctx.session.delete(job)
    ctx.session.delete(task)


def complete_task(ctx: CommandContext, task: Task) -> None:
    """Runs complete listeners, ends the task in history and deletes it (the caller leaves the activity)."""
    fire_task_listeners(ctx, task, "complete")
    execution = ctx.session.get(Execution, task.execution_id)
    ctx.emit(ev.TASK_COMPLETED, execution, task_id=task.id)
    act = ctx.session.where(HistoricActivityInstance, lambda a: a.task_id == task.id)
    for a in act:
        a.assignee = task.assignee
    _remove(ctx, task, None)


def delete_task(ctx: CommandContext, task: Task, delete_reason: str) -> None:
    """Cancels a task: delete listeners, history end with the reason, row removal."""
    fire_task_listeners(ctx, task, "delete")
    _remove(ctx, task, delete_reason)


def tasks_of(ctx: CommandContext, execution: Execution) -> list[Task]:
    """Runtime tasks of one execution."""
    return ctx.session.where(Task, lambda t: t.execution_id == execution.id)
