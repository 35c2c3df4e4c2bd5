"""Who should hear about a task (its new-task notice, a 催办, a deadline's reminder): its assignee;
else its candidate users, then the enabled members of its candidate roles (sys's ResolveReviewers
asked with a ``role`` rule, as the assignee rules ask it); each once.

The callers leave out the actor: nobody hears of their own act (a deadline's reminder has none)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from loom_workflow.engine.context import CommandContext
from loom_workflow.engine.runtime.entities import IdentityLink, Task

# the members of the given roles (``ReviewerResolver.members_of``: sys, waited for in this thread)
MembersOf = Callable[[Sequence[str]], Sequence[str]]


def audience(
    assignee: str | None, links: Iterable[tuple[str | None, str | None]], members_of: MembersOf | None
) -> list[str]:
    """The task's audience from its assignee and its candidate links (user id, role id); without
    ``members_of`` (no sys) its roles add nobody."""
    if assignee:
        return [assignee]
    pairs = list(links)
    users = [str(user) for user, _ in pairs if user]
    roles = sorted({str(role) for _, role in pairs if role})
    if roles and members_of is not None:
        users += members_of(roles)
    return list(dict.fromkeys(users))


def of_task(ctx: CommandContext, task: Task) -> list[str]:
    """The audience of a task in a command: its links as the command loaded them, its roles'
    members through the engine's reviewer resolver (an engine without one knows none)."""
    links = [
        (link.user_id, link.group_id)
        for link in ctx.session.where(
            IdentityLink, lambda link: link.task_id == task.id and link.type == "candidate"
        )
    ]
    return audience(task.assignee, links, getattr(ctx.config.resolver, "members_of", None))
