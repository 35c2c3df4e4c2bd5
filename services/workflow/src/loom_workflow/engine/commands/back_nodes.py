"""Where a task may be sent back to, and the send-back itself.

Rule: a task may go back to any user task of its instance that the instance has passed (a historic
activity ended without delete reason) and from which the task's node can be reached going forwards:
before a fork, inside a parallel or inclusive branch, a countersign, into or out of a sub-process.
Not offered: the task's own node and nodes inside a multi-instance sub-process (they have one copy
per instance), except, for a task inside one instance, the steps that instance passed in its body,
sub-processes nested in the body included (each history row names the instance it ran in:
``mi_scope_id``). The order is that of their first visit.

Sending back rewinds the instance (``rewind.py``): what the target leads to is cut with the move's
reason (sibling branches too when the target is before their fork), the target restarts, and the joins
it leads to wait for exactly the arrivals still owed to them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..agenda import history, variables
from ..agenda import tasks as task_ops
from ..agenda.scopes import instance_scope, multi_instance_body
from ..errors import IllegalArgument
from ..model import ProcessModel, SubProcess
from ..runtime.entities import Execution, HistoricActivityInstance
from .base import active_task
from .rewind import (
    can_rewind,
    in_multi_instance_body,
    nested_in_body,
    reachable,
    rewind,
)

if TYPE_CHECKING:
    from ..context import CommandContext


def upstream_user_tasks(model: ProcessModel, node_id: str) -> set[str]:
    """User tasks from which ``node_id`` can be reached: outside multi-instance sub-processes, and
    inside the multi-instance body that holds ``node_id``, sub-processes nested in it included (its
    own instance's earlier steps)."""
    body = multi_instance_body(model, node_id)
    return {
        n.id
        for n in model.nodes.values()
        if n.kind == "userTask"
        and n.id != node_id
        and (
            not in_multi_instance_body(model, n.id)
            or (body is not None and multi_instance_body(model, n.id) is body)
        )
        and node_id in reachable(model, n.id)
    }


def _within(ctx: CommandContext, task_execution_id: str, target: str) -> Execution | None:
    """The scope of the task's own multi-instance instance when ``target`` lies in that body."""
    body = multi_instance_body(ctx.model(ctx.session.execution(task_execution_id).proc_def_id), target)
    if body is None:
        return None
    return instance_scope(ctx, ctx.session.execution(task_execution_id), body)


def _under(ctx: CommandContext, execution: Execution, ancestor_id: str) -> bool:
    current: Execution | None = execution
    while current is not None:
        if current.id == ancestor_id:
            return True
        current = ctx.session.get(Execution, current.parent_id) if current.parent_id else None
    return False


class _OwnRows:
    """Which history rows of a multi-instance body one instance (its scope execution ``scope``, its
    executions ``mine``) wrote.

    A row names the instance it ran in (``mi_scope_id``, set when it started), steps nested in a
    sub-process inside the body included. Rows written before that column (NULL) tell it as before:
    by their execution when it still runs or is the instance's; a nested step whose executions ended
    with its sub-process counts when it started while this instance's own token was inside that
    sub-process (between its row there and the token's next row) and no other instance's execution
    still runs it (computed only when such a row is met)."""

    def __init__(
        self,
        ctx: CommandContext,
        model: ProcessModel,
        proc_inst_id: str,
        body: SubProcess,
        scope: Execution | None,
        mine: set[str],
    ) -> None:
        self.ctx, self.model, self.proc_inst_id, self.body = ctx, model, proc_inst_id, body
        self.scope_id = scope.id if scope is not None else None
        self.mine = mine
        self._legacy: tuple[set[str], dict[str, list[tuple[int, float]]]] | None = None

    def passed(self, row: HistoricActivityInstance) -> bool:
        """True when this instance wrote ``row`` (a row of the body's nodes)."""
        if row.mi_scope_id is not None:
            return row.mi_scope_id == self.scope_id
        if row.execution_id in self.mine:
            return True
        nested = nested_in_body(self.model, row.activity_id, self.body)
        if nested is None:
            return False
        running, passes = self._legacy_passes()
        if row.execution_id in running:
            return False
        return any(start < row.transaction_order < end for start, end in passes.get(nested.id, []))

    def _legacy_passes(self) -> tuple[set[str], dict[str, list[tuple[int, float]]]]:
        """The running executions, and when this instance's token was inside each nested sub-process."""
        if self._legacy is None:
            session, pid = self.ctx.session, self.proc_inst_id
            running = {e.id for e in session.all(Execution) if e.proc_inst_id == pid}
            rows = session.where(HistoricActivityInstance, lambda a: a.proc_inst_id == pid)
            orders: dict[str, list[int]] = {}
            for row in sorted(rows, key=lambda a: a.transaction_order):
                orders.setdefault(row.execution_id, []).append(row.transaction_order)
            passes: dict[str, list[tuple[int, float]]] = {}
            for row in rows:
                if row.execution_id in self.mine and row.activity_type == "subProcess":
                    later = [o for o in orders[row.execution_id] if o > row.transaction_order]
                    passes.setdefault(row.activity_id, []).append(
                        (row.transaction_order, later[0] if later else float("inf"))
                    )
            self._legacy = (running, passes)
        return self._legacy


@dataclass(frozen=True)
class BackNode:
    """A node a task may be sent back to."""

    activity_id: str
    name: str | None
    last_order: int = 0  # when the instance last completed it (history order): 上一步 is the highest


def _back_nodes(ctx: CommandContext, task_id: str) -> list[BackNode]:
    task = active_task(ctx, task_id)
    ctx.session.load_tree(task.proc_inst_id, full_history=True)
    model = ctx.model(task.proc_def_id)
    allowed = upstream_user_tasks(model, task.task_def_key)
    # a step of a multi-instance body counts when this task's own instance passed it
    body = multi_instance_body(model, task.task_def_key)
    scope = instance_scope(ctx, ctx.session.execution(task.execution_id), body) if body else None
    mine = {e.id for e in ctx.session.all(Execution) if scope is not None and _under(ctx, e, scope.id)}
    ours = _OwnRows(ctx, model, task.proc_inst_id, body, scope, mine) if body is not None else None
    done = ctx.session.where(
        HistoricActivityInstance,
        lambda a: (
            a.proc_inst_id == task.proc_inst_id
            and a.activity_type == "userTask"
            and a.end_time is not None
            and a.delete_reason is None
            and a.activity_id in allowed
            and (multi_instance_body(model, a.activity_id) is None or (ours is not None and ours.passed(a)))
        ),
    )
    done.sort(key=lambda a: a.transaction_order)
    seen: dict[str, BackNode] = {}
    for act in done:
        seen[act.activity_id] = BackNode(
            act.activity_id, model.node(act.activity_id).name, act.transaction_order or 0
        )
    first = {a.activity_id: i for i, a in reversed(list(enumerate(done)))}
    return sorted(seen.values(), key=lambda n: first[n.activity_id])


@dataclass(frozen=True)
class BackNodes:
    """The nodes task ``task_id`` may legally be sent back to."""

    task_id: str

    def execute(self, ctx: CommandContext) -> list[BackNode]:
        """Applies the back-node rule to the instance's history."""
        return _back_nodes(ctx, self.task_id)


@dataclass(frozen=True)
class SendBack:
    """Sends task ``task_id`` back to ``activity_id`` (which must be one of its back nodes).

    For one instance of a multi-instance (countersign) the whole multi-instance is cancelled; what
    else is cut and what the joins still wait for is ``rewind``'s rule.
    """

    task_id: str
    activity_id: str

    def execute(self, ctx: CommandContext) -> None:
        """Moves the task's execution to the target."""
        if self.activity_id not in {b.activity_id for b in _back_nodes(ctx, self.task_id)}:
            raise IllegalArgument(
                f"'{self.activity_id}' is not a node task {self.task_id} can be sent back to"
            )
        task = ctx.session.task(self.task_id)
        instance = ctx.session.execution(task.proc_inst_id)
        within = _within(ctx, task.execution_id, self.activity_id)
        rewind(ctx, instance, self.activity_id, f"Change activity to {self.activity_id}", within=within)


@dataclass(frozen=True)
class ReturnTo:
    """Completes task ``task_id`` and goes straight to ``activity_id`` (the node that sent it back)
    instead of following the flow: what lies in between is cut, the joins owe what a fresh run
    reaching ``activity_id`` owes. Returns False, changing nothing, when that would leave a join
    waiting for a branch that no longer runs (the caller then completes the task normally)."""

    task_id: str
    activity_id: str
    variables: Mapping[str, object] = field(default_factory=dict)

    def execute(self, ctx: CommandContext) -> bool:
        """Completes the task (history: ended normally) and rewinds to the sender."""
        task = active_task(ctx, self.task_id)
        ctx.session.load_tree(task.proc_inst_id, full_history=True)
        instance = ctx.session.execution(task.proc_inst_id)
        node = task.task_def_key or ""
        if not ctx.model(task.proc_def_id).has_node(self.activity_id):
            return False
        within = _within(ctx, task.execution_id, self.activity_id)
        if not can_rewind(ctx, instance, self.activity_id, cut_from=node, within=within):
            return False
        execution = ctx.session.execution(task.execution_id)
        variables.set_variables(ctx, execution, self.variables)
        task_ops.complete_task(ctx, task)
        history.end_activity(ctx, execution)
        rewind(
            ctx,
            instance,
            self.activity_id,
            f"Change activity to {self.activity_id}",
            cut_from=node,
            within=within,
        )
        return True
