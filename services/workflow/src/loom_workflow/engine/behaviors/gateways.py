"""Exclusive, parallel and inclusive gateways."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import EngineError
from ..model import FlowNode
from ..runtime.entities import Execution
from .base import Behavior

if TYPE_CHECKING:
    from ..context import CommandContext


class ExclusiveGatewayBehavior(Behavior):
    """Takes the first flow (document order) whose condition holds, else the default flow."""

    def execute(self, ctx: CommandContext, execution: Execution, node: FlowNode) -> None:
        """Chooses one flow."""
        model = ctx.model(execution.proc_def_id)
        outgoing = model.outgoing(node)
        chosen = next(
            (f for f in outgoing if f.id != node.default_flow and ctx.agenda.condition_holds(execution, f)),
            None,
        )
        if chosen is None and node.default_flow is not None:
            chosen = model.flows[node.default_flow]
        if chosen is None and outgoing:
            raise EngineError(
                f"No outgoing sequence flow of the exclusive gateway '{node.id}' could be selected "
                "for continuing the process"
            )
        ctx.agenda.plan_leave(execution, flows=[chosen] if chosen else [])


def _join(ctx: CommandContext, execution: Execution, node: FlowNode, waiting: list[Execution]) -> None:
    """Merges the waiting tokens into ``execution`` and lets it continue."""
    for other in waiting:
        if other is not execution:
            ctx.agenda.end_activity(other)
            ctx.agenda.delete_execution(other)
    execution.is_active = True
    parent = ctx.agenda.parent(execution)
    siblings = ctx.agenda.real_children(parent) if parent else []
    execution.is_concurrent = len(siblings) > 1
    del node


def _waiting(ctx: CommandContext, execution: Execution, node: FlowNode) -> list[Execution]:
    return ctx.session.where(
        Execution,
        lambda e: e.parent_id == execution.parent_id and not e.is_active and e.activity_id == node.id,
    )


class ParallelGatewayBehavior(Behavior):
    """Joins all incoming tokens, then forks to every outgoing flow (conditions are ignored)."""

    def execute(self, ctx: CommandContext, execution: Execution, node: FlowNode) -> None:
        """Waits or fires."""
        model = ctx.model(execution.proc_def_id)
        if len(node.incoming) > 1:
            execution.is_active = False
            waiting = _waiting(ctx, execution, node)
            if len(waiting) < len(node.incoming):
                return
            others = [w for w in waiting if w is not execution][: len(node.incoming) - 1]
            _join(ctx, execution, node, [execution, *others])
        ctx.agenda.plan_leave(execution, flows=model.outgoing(node))


def _inclusive_fork(ctx: CommandContext, execution: Execution, node: FlowNode) -> None:
    ctx.agenda.plan_leave(execution, flows=ctx.agenda.select_flows(execution, node))


class InclusiveGatewayBehavior(Behavior):
    """Joins when no other token can still reach the gateway; forks to every flow whose condition holds."""

    def execute(self, ctx: CommandContext, execution: Execution, node: FlowNode) -> None:
        """Waits or fires."""
        if len(node.incoming) > 1:
            execution.is_active = False
            try_inclusive_join(ctx, execution, node)
            return
        _inclusive_fork(ctx, execution, node)


def try_inclusive_join(ctx: CommandContext, execution: Execution, node: FlowNode) -> bool:
    """Fires the join at ``node`` when no other live token of its own scope can still reach it.

    Only executions under the join's scope count (one copy of a multi-instance sub-process does not
    wait for the others), and a token already positioned at the join but not yet arrived counts as
    able to reach it: tokens arriving in one step are joined once, not once each.
    """
    waiting = _waiting(ctx, execution, node)
    scope = ctx.agenda.parent(execution)
    model = ctx.model(execution.proc_def_id)
    for other in _scope_tokens(ctx, scope) if scope is not None else []:
        if any(other is w for w in waiting) or other.is_mi_root or ctx.agenda.is_boundary(other):
            continue
        if other.activity_id == node.id or _reaches(model, other.activity_id or "", node.id):
            return False
    _join(ctx, execution, node, waiting)
    _inclusive_fork(ctx, execution, node)
    return True


def _scope_tokens(ctx: CommandContext, scope: Execution) -> list[Execution]:
    """Every execution below ``scope`` that sits at an activity."""
    found: list[Execution] = []
    frontier = [scope]
    while frontier:
        below = [c for parent in frontier for c in ctx.agenda.children(parent)]
        found.extend(c for c in below if c.activity_id is not None)
        frontier = below
    return found


def _reaches(model: object, start: str, target: str) -> bool:
    from ..model import ProcessModel

    assert isinstance(model, ProcessModel)
    seen: set[str] = set()
    stack = [start]
    while stack:
        current = stack.pop()
        if current in seen:
            continue
        seen.add(current)
        node = model.node(current)
        nexts = [model.flows[f].target for f in node.outgoing]
        if not node.outgoing and node.parent_id is not None:
            nexts.append(node.parent_id)  # leaving a sub-process continues after it
        for nxt in nexts:
            if nxt == target:
                return True
            stack.append(nxt)
    return False
