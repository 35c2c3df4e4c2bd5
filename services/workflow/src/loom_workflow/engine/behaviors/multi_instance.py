"""Parallel and sequential multi-instance (Flowable's MI root + one child execution per instance)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..errors import IllegalArgument, ObjectNotFound
from ..expr import compile_expression
from ..expr.coercion import to_int, to_str
from ..model import FlowNode, LoopCharacteristics
from ..runtime.entities import Execution
from . import boundary

if TYPE_CHECKING:
    from ..context import CommandContext

NR_OF_INSTANCES = "nrOfInstances"
NR_COMPLETED = "nrOfCompletedInstances"
NR_ACTIVE = "nrOfActiveInstances"
LOOP_COUNTER = "loopCounter"
DELETE_REASON = "MI_END"


def _loop(node: FlowNode) -> LoopCharacteristics:
    if node.loop is None:
        raise IllegalArgument(f"Activity '{node.id}' is not a multi-instance activity")
    return node.loop


def _collection(ctx: CommandContext, execution: Execution, loop: LoopCharacteristics) -> list[object] | None:
    text = loop.collection
    if text is None:
        return None
    if "${" in text or "#{" in text:
        value = compile_expression(text).evaluate(ctx.agenda.scope(execution))
    else:
        value = ctx.agenda.variable(execution, text)
        if value is None:
            raise IllegalArgument(f"Variable '{text}' was not found")
    if isinstance(value, list | tuple):
        return list(value)
    if isinstance(value, set | frozenset):
        return sorted(value, key=to_str)
    raise IllegalArgument(f"Variable '{text}':{to_str(value)} is not a Collection")


def _count(
    ctx: CommandContext, execution: Execution, loop: LoopCharacteristics
) -> tuple[int, list[object] | None]:
    items = _collection(ctx, execution, loop)
    if items is not None:
        return len(items), items
    assert loop.loop_cardinality is not None
    n = to_int(compile_expression(loop.loop_cardinality).evaluate(ctx.agenda.scope(execution)))
    if n < 0:
        raise IllegalArgument(
            f"Invalid number of instances: must be a non-negative integer value, but was {n}"
        )
    return n, None


def _get(ctx: CommandContext, execution: Execution, name: str) -> int:
    value = ctx.agenda.locals_of(execution).get(name)
    return to_int(value) if value is not None else 0


def _start_child(
    ctx: CommandContext,
    root: Execution,
    node: FlowNode,
    index: int,
    items: list[object] | None,
    extra: Mapping[str, object] | None = None,
) -> Execution:
    child = ctx.agenda.create_child(root, node.id)
    child.is_concurrent = not _loop(node).sequential
    ctx.agenda.set_local(child, LOOP_COUNTER, index)
    element_var = _loop(node).element_variable
    if element_var and items is not None and index < len(items):
        ctx.agenda.set_local(child, element_var, items[index])
    for name, value in (extra or {}).items():
        ctx.agenda.set_local(child, name, value)
    return child


def enter(ctx: CommandContext, execution: Execution, node: FlowNode) -> None:
    """Turns the arriving token into the MI root and starts the instances."""
    loop = _loop(node)
    n, items = _count(ctx, execution, loop)
    root = execution
    root.is_mi_root, root.is_active, root.is_scope = True, False, True
    ctx.agenda.set_local(root, NR_OF_INSTANCES, n)
    ctx.agenda.set_local(root, NR_COMPLETED, 0)
    ctx.agenda.set_local(root, NR_ACTIVE, (1 if n else 0) if loop.sequential else n)
    boundary.arm(ctx, root, node)
    if n == 0:
        _finish(ctx, root, node)
        return
    children = (
        [_start_child(ctx, root, node, 0, items)]
        if loop.sequential
        else [_start_child(ctx, root, node, i, items) for i in range(n)]
    )
    for child in children:
        ctx.agenda.plan_continue(child, in_job=True)


def _completion_condition(ctx: CommandContext, child: Execution, loop: LoopCharacteristics) -> bool:
    if not loop.completion_condition:
        return False
    return compile_expression(loop.completion_condition).evaluate_bool(ctx.agenda.scope(child))


def _holds_at(
    ctx: CommandContext, root: Execution, loop: LoopCharacteristics, counts: Mapping[str, int] | None = None
) -> bool:
    """The completion condition at the MI root, with the loop counters (or ``counts`` instead)."""
    if not loop.completion_condition:
        return False
    scope = ctx.agenda.scope(root, extras=dict(counts or {}))
    return compile_expression(loop.completion_condition).evaluate_bool(scope)


def removal_outlook(ctx: CommandContext, root: Execution, removed: int) -> tuple[bool, bool]:
    """What removing ``removed`` open instances (减签) does to the completion condition:
    ``(completes_now, still_satisfiable)`` - the second assumes every remaining signer approves."""
    loop = _loop(ctx.node(root))
    n = _get(ctx, root, NR_OF_INSTANCES) - removed
    done = _get(ctx, root, NR_COMPLETED)
    if not loop.completion_condition:
        return done >= n, True
    now = {NR_OF_INSTANCES: n, NR_COMPLETED: done, NR_ACTIVE: max(n - done, 0)}
    best = {NR_OF_INSTANCES: n, NR_COMPLETED: n, NR_ACTIVE: 0}
    return done >= n or _holds_at(ctx, root, loop, now), _holds_at(ctx, root, loop, best)


def child_completed(ctx: CommandContext, child: Execution, node: FlowNode) -> None:
    """One instance finished: count it, then continue the loop or finish the activity."""
    loop = _loop(node)
    root = ctx.agenda.parent(child)
    assert root is not None
    completed = _get(ctx, root, NR_COMPLETED) + 1
    ctx.agenda.set_local(root, NR_COMPLETED, completed)
    if not loop.sequential:
        ctx.agenda.set_local(root, NR_ACTIVE, max(_get(ctx, root, NR_ACTIVE) - 1, 0))
    done = completed >= _get(ctx, root, NR_OF_INSTANCES) or _completion_condition(ctx, child, loop)
    if done:
        _finish(ctx, root, node)
        return
    if loop.sequential:
        _next_sequential(ctx, root, node, child, to_int(ctx.agenda.locals_of(child).get(LOOP_COUNTER)) + 1)
    else:
        ctx.agenda.delete_execution(child)


def _next_sequential(
    ctx: CommandContext, root: Execution, node: FlowNode, previous: Execution, index: int
) -> None:
    items = _collection(ctx, root, _loop(node)) if _loop(node).collection else None
    ctx.agenda.delete_execution(previous)
    child = _start_child(ctx, root, node, index, items)
    ctx.agenda.plan_continue(child, in_job=True)


def _finish(ctx: CommandContext, root: Execution, node: FlowNode) -> None:
    """Cancels the remaining instances, replaces the root by a fresh token and takes the outgoing flows."""
    scope = ctx.agenda.parent(root)
    assert scope is not None
    ctx.agenda.cancel_tree(root, DELETE_REASON)
    token = ctx.agenda.create_child(scope, node.id)
    ctx.agenda.plan_take(token)


def find_root(ctx: CommandContext, proc_inst_id: str, activity_id: str) -> Execution:
    """The MI root of ``activity_id`` in an instance."""
    roots = ctx.session.where(
        Execution, lambda e: e.proc_inst_id == proc_inst_id and e.is_mi_root and e.activity_id == activity_id
    )
    if not roots:
        raise ObjectNotFound(f"No multi instance execution found for activity id {activity_id}")
    return roots[0]


def add_instance(
    ctx: CommandContext, root: Execution, values: Mapping[str, object] | None
) -> Execution | None:
    """Adds one instance (add-sign). Parallel: starts it now; sequential: it runs at the end of the loop."""
    node = ctx.node(root)
    loop = _loop(node)
    n = _get(ctx, root, NR_OF_INSTANCES)
    ctx.agenda.set_local(root, NR_OF_INSTANCES, n + 1)
    if loop.sequential:
        return None
    ctx.agenda.set_local(root, NR_ACTIVE, _get(ctx, root, NR_ACTIVE) + 1)
    child = _start_child(ctx, root, node, n, None, values)
    ctx.agenda.plan_continue(child, in_job=True)
    return child


def delete_instance(ctx: CommandContext, child: Execution, completed: bool) -> None:
    """Removes one instance; ``completed`` counts it as done, otherwise the loop shrinks by one."""
    root = ctx.agenda.parent(child)
    if root is None or not root.is_mi_root:
        raise IllegalArgument(f"Execution {child.id} is not a multi-instance execution")
    node = ctx.node(root)
    loop = _loop(node)
    index = to_int(ctx.agenda.locals_of(child).get(LOOP_COUNTER))
    ctx.agenda.cancel_tree(child, "Delete MI execution", include_self=False)
    if completed:
        ctx.agenda.set_local(root, NR_COMPLETED, _get(ctx, root, NR_COMPLETED) + 1)
    else:
        ctx.agenda.set_local(root, NR_OF_INSTANCES, _get(ctx, root, NR_OF_INSTANCES) - 1)
    if not loop.sequential:
        ctx.agenda.set_local(root, NR_ACTIVE, max(_get(ctx, root, NR_ACTIVE) - 1, 0))
    if _get(ctx, root, NR_COMPLETED) >= _get(ctx, root, NR_OF_INSTANCES) or _holds_at(ctx, root, loop):
        _finish(ctx, root, node)
        return
    if loop.sequential:
        _next_sequential(ctx, root, node, child, index + 1 if completed else index)
    else:
        ctx.agenda.delete_execution(child)
