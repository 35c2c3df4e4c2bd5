"""A task's people: its assignee, candidate users and groups, and the instance's participants, set
without running listeners, so the listeners' own task facade can set them too (``tasks.py`` sets
an assignee with its event and listeners)."""

from __future__ import annotations

from ..context import CommandContext
from ..runtime.entities import IdentityLink, Task
from . import history


def sync_history(ctx: CommandContext, task: Task) -> None:
    """Copies task fields to history."""
    history.task_updated(ctx, task)


def add_participant(ctx: CommandContext, proc_inst_id: str, user_id: str) -> None:
    """Adds a 'participant' link on the process instance once per user (Flowable's involvement)."""
    exists = ctx.session.where(
        IdentityLink,
        lambda link: (
            link.proc_inst_id == proc_inst_id
            and link.task_id is None
            and link.user_id == user_id
            and link.type == "participant"
        ),
    )
    if not exists:
        ctx.session.insert(
            IdentityLink(id=ctx.new_id(), type="participant", user_id=user_id, proc_inst_id=proc_inst_id)
        )


def set_assignee(ctx: CommandContext, task: Task, user_id: str | None) -> bool:
    """Sets the assignee (a participant of the instance, the history copied); False when it was already."""
    if task.assignee == user_id:
        return False
    task.assignee = user_id
    if user_id is not None:
        add_participant(ctx, task.proc_inst_id, user_id)
    sync_history(ctx, task)
    return True


def add_candidate(
    ctx: CommandContext, task: Task, *, user_id: str | None = None, group_id: str | None = None
) -> None:
    """Adds a candidate user or group link (idempotent)."""
    exists = ctx.session.where(
        IdentityLink,
        lambda link: (
            link.task_id == task.id
            and link.type == "candidate"
            and link.user_id == user_id
            and link.group_id == group_id
        ),
    )
    if exists:
        return
    ctx.session.insert(
        IdentityLink(
            id=ctx.new_id(),
            type="candidate",
            user_id=user_id,
            group_id=group_id,
            task_id=task.id,
            proc_inst_id=task.proc_inst_id,
        )
    )
    if user_id is not None:
        add_participant(ctx, task.proc_inst_id, user_id)


def candidates(ctx: CommandContext, task: Task) -> list[IdentityLink]:
    """Candidate links of a task."""
    return ctx.session.where(IdentityLink, lambda link: link.task_id == task.id and link.type == "candidate")
