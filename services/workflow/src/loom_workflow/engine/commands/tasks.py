"""Task operations: complete, claim, assign (transfer), delegate / resolve, candidates, comments."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..agenda import links, variables
from ..agenda import tasks as task_ops
from ..errors import IllegalArgument, IllegalState
from ..runtime.entities import Comment, IdentityLink, Task
from .base import active_task

if TYPE_CHECKING:
    from ..context import CommandContext

PENDING = "PENDING"
RESOLVED = "RESOLVED"


@dataclass(frozen=True)
class CompleteTask:
    """Completes a task; ``variables`` go to the process (where they already live), ``local_variables``
    to the task's execution."""

    task_id: str
    variables: Mapping[str, object] = field(default_factory=dict)
    local_variables: Mapping[str, object] = field(default_factory=dict)

    def execute(self, ctx: CommandContext) -> Task:
        """Runs complete listeners, removes the task and leaves the user task."""
        task = active_task(ctx, self.task_id)
        if task.delegation_state == PENDING:
            raise IllegalState("A delegated task cannot be completed, but should be resolved instead.")
        execution = ctx.session.execution(task.execution_id)
        variables.set_variables(ctx, execution, self.variables)
        for name, value in self.local_variables.items():
            variables.set_local(ctx, execution, name, value)
        task_ops.complete_task(ctx, task)
        ctx.agenda.plan_trigger(execution)
        ctx.agenda.run()
        return task


@dataclass(frozen=True)
class ClaimTask:
    """Claims a task for ``user_id`` (None unclaims). Refuses a task claimed by someone else."""

    task_id: str
    user_id: str | None

    def execute(self, ctx: CommandContext) -> Task:
        """Sets assignee and claim time."""
        task = active_task(ctx, self.task_id)
        if self.user_id is not None and task.assignee not in (None, self.user_id):
            raise IllegalState(f"Task '{task.id}' is already claimed by someone else.")
        task.claim_time = ctx.now() if self.user_id is not None else None
        task_ops.change_assignee(ctx, task, self.user_id)
        links.sync_history(ctx, task)
        return task


@dataclass(frozen=True)
class SetAssignee:
    """Sets the assignee regardless of the current one (transfer)."""

    task_id: str
    user_id: str | None

    def execute(self, ctx: CommandContext) -> Task:
        """Changes the assignee and fires assignment listeners."""
        task = active_task(ctx, self.task_id)
        task_ops.change_assignee(ctx, task, self.user_id)
        return task


@dataclass(frozen=True)
class SetOwner:
    """Sets the task owner."""

    task_id: str
    user_id: str | None

    def execute(self, ctx: CommandContext) -> Task:
        """Changes the owner."""
        task = active_task(ctx, self.task_id)
        task.owner = self.user_id
        links.sync_history(ctx, task)
        return task


@dataclass(frozen=True)
class DelegateTask:
    """Delegates to ``user_id``: the owner (the current assignee, unless already set) keeps the task,
    delegation becomes PENDING until the delegate resolves it."""

    task_id: str
    user_id: str

    def execute(self, ctx: CommandContext) -> Task:
        """Sets owner, assignee and delegation state."""
        task = active_task(ctx, self.task_id)
        if task.owner is None:
            task.owner = task.assignee
        task.delegation_state = PENDING
        task_ops.change_assignee(ctx, task, self.user_id)
        links.sync_history(ctx, task)
        return task


@dataclass(frozen=True)
class ResolveTask:
    """The delegate hands the task back to its owner (delegation RESOLVED)."""

    task_id: str
    variables: Mapping[str, object] = field(default_factory=dict)

    def execute(self, ctx: CommandContext) -> Task:
        """Returns the task to its owner."""
        task = active_task(ctx, self.task_id)
        if task.delegation_state != PENDING:
            raise IllegalState(f"Task '{task.id}' is not delegated")
        variables.set_variables(ctx, ctx.session.execution(task.execution_id), self.variables)
        task.delegation_state = RESOLVED
        task_ops.change_assignee(ctx, task, task.owner)
        return task


@dataclass(frozen=True)
class AddCandidates:
    """Adds candidate users and/or groups."""

    task_id: str
    user_ids: Sequence[str] = ()
    group_ids: Sequence[str] = ()

    def execute(self, ctx: CommandContext) -> list[IdentityLink]:
        """Adds the links; returns all candidate links of the task."""
        task = active_task(ctx, self.task_id)
        for user in self.user_ids:
            links.add_candidate(ctx, task, user_id=user)
        for group in self.group_ids:
            links.add_candidate(ctx, task, group_id=group)
        return links.candidates(ctx, task)


@dataclass(frozen=True)
class RemoveCandidates:
    """Removes candidate users and/or groups."""

    task_id: str
    user_ids: Sequence[str] = ()
    group_ids: Sequence[str] = ()

    def execute(self, ctx: CommandContext) -> list[IdentityLink]:
        """Deletes the matching links; returns the remaining candidate links."""
        task = active_task(ctx, self.task_id)
        for link in links.candidates(ctx, task):
            if (link.user_id and link.user_id in self.user_ids) or (
                link.group_id and link.group_id in self.group_ids
            ):
                ctx.session.delete(link)
        return links.candidates(ctx, task)


@dataclass(frozen=True)
class AddComment:
    """Adds a comment to a task and/or process instance (the audit trail of the seed's task pages)."""

    message: str
    task_id: str | None = None
    proc_inst_id: str | None = None
    type: str = "comment"

    def execute(self, ctx: CommandContext) -> Comment:
        """Inserts the comment row."""
        proc_inst_id = self.proc_inst_id
        if self.task_id is not None:
            proc_inst_id = proc_inst_id or ctx.session.task(self.task_id).proc_inst_id
        if self.task_id is None and proc_inst_id is None:
            raise IllegalArgument("A comment needs a task id or a process instance id")
        return task_ops.add_comment(
            ctx, self.type, self.message, user_id=ctx.user_id, task_id=self.task_id, proc_inst_id=proc_inst_id
        )
