"""Where a task may be sent back to, and the send-back itself.

Rule: walk the sequence flows backwards from the task's node.
- Exclusive gateways and plain activities are passed through (loops are cut by a visited set).
- A diverging parallel/inclusive gateway (a fork) stops the walk: the task sits on one branch, and
  returning before the fork would orphan the sibling branches.
- A converging parallel/inclusive gateway (a join) is jumped over as a block: the walk resumes before
  its matching fork, so no task inside a joined block is offered (returning into one branch would
  leave the join waiting forever), but tasks before the block are.
- A sub-process start leads out to the sub-process's own incoming flows; a sub-process passed from
  behind is treated as one node (its inner tasks are not offered).
Only user tasks completed earlier in this instance (a historic activity ended without delete reason)
are offered, never the task's own node; the order is that of their first visit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import IllegalArgument
from ..model import FlowNode, ProcessModel
from ..runtime.entities import HistoricActivityInstance
from .base import active_task
from .change_state import move

if TYPE_CHECKING:
    from ..context import CommandContext

_SPLIT_KINDS = ("parallelGateway", "inclusiveGateway")
_MAX_STEPS = 10_000


def _is_join(node: FlowNode) -> bool:
    return node.kind in _SPLIT_KINDS and len(node.incoming) > 1


def _is_fork(node: FlowNode) -> bool:
    return node.kind in _SPLIT_KINDS and len(node.outgoing) > 1 and len(node.incoming) <= 1


def matching_fork(model: ProcessModel, join: FlowNode) -> FlowNode | None:
    """The fork that opens the block closed by ``join`` (first fork found walking back each branch)."""
    found: list[str] = []
    for flow_id in join.incoming:
        current: FlowNode | None = model.node(model.flows[flow_id].source)
        steps = 0
        while current is not None and steps < _MAX_STEPS:
            steps += 1
            if _is_fork(current):
                found.append(current.id)
                break
            if _is_join(current):
                current = matching_fork(model, current)
                if current is None:
                    break
            current = model.node(model.flows[current.incoming[0]].source) if current.incoming else None
    if not found:
        return None
    return model.node(max(set(found), key=found.count))


def upstream_user_tasks(model: ProcessModel, node_id: str) -> set[str]:
    """User tasks reachable backwards from ``node_id`` under the rule above."""
    result: set[str] = set()
    seen: set[str] = set()
    stack = [model.node(node_id)]

    def reach(source: FlowNode) -> None:
        if _is_fork(source):
            return
        if _is_join(source):
            fork = matching_fork(model, source)
            if fork is not None and fork.id not in seen:
                seen.add(fork.id)
                for flow_id in fork.incoming:
                    reach(model.node(model.flows[flow_id].source))
            return
        if source.kind == "userTask":
            result.add(source.id)
        stack.append(source)

    while stack:
        node = stack.pop()
        if node.id in seen:
            continue
        seen.add(node.id)
        if not node.incoming and node.parent_id is not None:
            stack.append(model.node(node.parent_id))  # out of the sub-process, to what precedes it
            continue
        for flow_id in node.incoming:
            reach(model.node(model.flows[flow_id].source))
    result.discard(node_id)
    return result


@dataclass(frozen=True)
class BackNode:
    """A node a task may be sent back to."""

    activity_id: str
    name: str | None


def _back_nodes(ctx: CommandContext, task_id: str) -> list[BackNode]:
    task = active_task(ctx, task_id)
    ctx.session.load_tree(task.proc_inst_id, full_history=True)
    model = ctx.model(task.proc_def_id)
    allowed = upstream_user_tasks(model, task.task_def_key)
    done = ctx.session.where(
        HistoricActivityInstance,
        lambda a: (
            a.proc_inst_id == task.proc_inst_id
            and a.activity_type == "userTask"
            and a.end_time is not None
            and a.delete_reason is None
            and a.activity_id in allowed
        ),
    )
    done.sort(key=lambda a: a.transaction_order)
    seen: dict[str, BackNode] = {}
    for act in done:
        seen.setdefault(act.activity_id, BackNode(act.activity_id, model.node(act.activity_id).name))
    return list(seen.values())


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

    For one instance of a multi-instance (countersign) the whole multi-instance is cancelled.
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
        move(ctx, instance, [ctx.session.execution(task.execution_id)], [self.activity_id])
