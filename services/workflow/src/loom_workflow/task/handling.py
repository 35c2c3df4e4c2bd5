"""What every task operation starts from: the task, its handler's claim, the stored comment, and
the handler chosen for the tasks a command creates."""

from __future__ import annotations

from collections.abc import Sequence

from loom_workflow.comments import comment_json
from loom_workflow.engine.commands import ClaimTask, SetAssignee
from loom_workflow.engine.context import CommandContext
from loom_workflow.engine.errors import ObjectNotFound
from loom_workflow.engine.runtime.entities import Task
from loom_workflow.process.errors import NotTaskHandler
from loom_workflow.process.service import is_handler
from loom_workflow.task.errors import TaskNotFound
from loom_workflow.task.schemas import Comment


def comment_of(given: Comment, default_type: str, default_status: str) -> tuple[str, str]:
    """The stored comment and its type: the handler's button, else the operation's own."""
    code = given.type or default_type
    return comment_json(code, given.status or default_status, given.message or ""), code


def task_of(ctx: CommandContext, task_id: str) -> Task:
    try:
        return ctx.session.task(task_id)
    except ObjectNotFound as exc:
        raise TaskNotFound() from exc


def handler_task(ctx: CommandContext, task_id: str, actor: str, groups: Sequence[str] = ()) -> Task:
    """The task, claimed for ``actor`` when they (or one of their ``groups``) are a candidate;
    else :class:`NotTaskHandler`."""
    task = task_of(ctx, task_id)
    if not is_handler(ctx, task, actor, groups):
        raise NotTaskHandler()
    if task.assignee is None:
        ClaimTask(task.id, actor).execute(ctx)
    return task


def _new_tasks(ctx: CommandContext, before: set[str]) -> list[Task]:
    return [t for t in ctx.session.all(Task) if t.id not in before]


def assign_next(ctx: CommandContext, before: set[str], assignee: str | None) -> None:
    if assignee:
        for task in _new_tasks(ctx, before):
            SetAssignee(task.id, assignee).execute(ctx)
