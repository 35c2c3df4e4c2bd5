"""Change activity state: cancel the executions at some activities and start others (back, jump)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..agenda import cancel, executions, history
from ..agenda.scopes import is_subprocess_scope
from ..errors import IllegalArgument
from ..model import ProcessModel
from ..runtime.entities import Execution
from .base import active_instance

if TYPE_CHECKING:
    from ..context import CommandContext


def _movable(ctx: CommandContext, execution: Execution) -> Execution:
    """The execution to cancel for a token: the MI root for one instance of a multi-instance."""
    if executions.is_mi_child(ctx, execution):
        root = executions.parent(ctx, execution)
        assert root is not None
        return root
    return execution


def _scope_for(ctx: CommandContext, start: Execution, model: ProcessModel, target: str) -> Execution:
    """The scope execution the target lives in, creating sub-process scopes on the way: below
    ``start``, the process instance or the scope of one instance of a multi-instance body (whose
    own sub-process and those around it are then passed over)."""
    current = start
    chain = model.scope_chain(target)
    if not start.is_process_instance:
        chain = chain[[s.id for s in chain].index(start.activity_id) + 1 :]
    for sub in chain:
        scopes = [
            e
            for e in executions.instance_executions(ctx, start.proc_inst_id)
            if e.activity_id == sub.id and is_subprocess_scope(e) and _below(ctx, e, current)
        ]
        if scopes:
            current = scopes[0]
            continue
        token = executions.create_child(ctx, current, sub.id)
        token.is_active = False
        history.start_activity(ctx, token, sub)
        current = executions.create_child(ctx, token, sub.id, scope=True)
        current.is_active = False
    return current


def _below(ctx: CommandContext, execution: Execution, ancestor: Execution) -> bool:
    """True when ``ancestor`` is above ``execution`` (a process instance is above all of its own)."""
    if ancestor.is_process_instance:
        return True
    current = executions.parent(ctx, execution)
    while current is not None:
        if current.id == ancestor.id:
            return True
        current = executions.parent(ctx, current)
    return False


def _prune_scopes(ctx: CommandContext, scope: Execution | None, keep: set[str], reason: str) -> None:
    """Removes sub-process scopes left empty by the move (and their waiting tokens)."""
    while scope is not None and is_subprocess_scope(scope) and scope.id not in keep:
        if executions.real_children(ctx, scope):
            return
        token = executions.parent(ctx, scope)
        executions.delete_execution(ctx, scope)
        if token is None:
            return
        above = executions.parent(ctx, token)
        cancel.cancel_tree(ctx, token, reason)
        scope = above


def move(
    ctx: CommandContext, instance: Execution, sources: Sequence[Execution], targets: Sequence[str]
) -> None:
    """Cancels ``sources`` and starts a token at each of ``targets``."""
    model = ctx.model(instance.proc_def_id)
    for target in targets:
        if not model.has_node(target):
            raise IllegalArgument(f"Activity could not be found in process definition for id {target}")
    reason = f"Change activity to {', '.join(targets)}"
    parents = cancel_sources(ctx, sources, reason)
    start_targets(ctx, instance, targets, parents, reason)


def cancel_sources(ctx: CommandContext, sources: Sequence[Execution], reason: str) -> list[Execution | None]:
    """The first half of a move: cancels each source token (a multi-instance as a whole) with
    ``reason``; answers the executions they hung under, for :func:`start_targets` to prune."""
    parents: list[Execution | None] = []
    cancelled: set[str] = set()
    for source in sources:
        victim = _movable(ctx, source)
        if victim.id in cancelled:
            continue
        cancelled.add(victim.id)
        parents.append(executions.parent(ctx, victim))
        cancel.cancel_tree(ctx, victim, reason)
    return parents


def start_targets(
    ctx: CommandContext,
    instance: Execution,
    targets: Sequence[str],
    parents: Sequence[Execution | None],
    reason: str,
) -> None:
    """The second half of a move: starts a token at each target of the instance's (current) model,
    inside the sub-process scopes it needs, and removes scopes the cancelled sources left empty."""
    model = ctx.model(instance.proc_def_id)
    new_scopes = [_scope_for(ctx, instance, model, target) for target in targets]
    keep = {s.id for s in new_scopes}
    for par in parents:
        _prune_scopes(ctx, par, keep, reason)
    for scope, target in zip(new_scopes, targets, strict=True):
        ctx.agenda.plan_continue(executions.create_child(ctx, scope, target))
    ctx.agenda.run()


@dataclass(frozen=True)
class MoveActivities:
    """Moves every execution at ``from_activity_ids`` to ``to_activity_ids`` (Flowable's
    ``moveActivityIdsTo``)."""

    proc_inst_id: str
    from_activity_ids: Sequence[str]
    to_activity_ids: Sequence[str]

    def execute(self, ctx: CommandContext) -> None:
        """Cancels the sources and starts the targets."""
        instance = active_instance(ctx, self.proc_inst_id)
        sources = ctx.session.where(
            Execution,
            lambda e: (
                e.proc_inst_id == instance.id
                and e.activity_id in self.from_activity_ids
                and not e.is_scope
                and not executions.is_boundary(ctx, e)
            ),
        )
        sources += ctx.session.where(
            Execution,
            lambda e: (
                e.proc_inst_id == instance.id and e.is_mi_root and e.activity_id in self.from_activity_ids
            ),
        )
        if not sources:
            raise IllegalArgument(
                f"Active execution could not be found with activity id {self.from_activity_ids}"
            )
        move(ctx, instance, sources, list(self.to_activity_ids))


@dataclass(frozen=True)
class MoveExecution:
    """Moves one execution (e.g. the one of a task) to ``to_activity_id``."""

    execution_id: str
    to_activity_id: str

    def execute(self, ctx: CommandContext) -> None:
        """Cancels the execution and starts the target."""
        execution = ctx.session.execution(self.execution_id)
        instance = active_instance(ctx, execution.proc_inst_id)
        move(ctx, instance, [execution], [self.to_activity_id])
