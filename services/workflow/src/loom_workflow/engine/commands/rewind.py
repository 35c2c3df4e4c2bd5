"""Rewinding an instance to a node it has passed: the state a fresh run reaching that node has.

Given a target node N (upstream of the task being sent back):

- *Cut*: every token standing on a node reachable forwards from N (N included) is cancelled with
  the move's reason: tasks, multi-instance roots (all their signers), sub-process tokens (their whole
  inner flow), call activities (the called instance), timer waits. Tokens on branches that N does
  not lead to are kept: a sibling branch still open in a parallel section goes on untouched.
- *Restart*: one token starts at N, inside freshly created sub-process scopes when N is inside a
  sub-process the instance has left (or never entered in this pass).
- *Joins*: for every parallel or inclusive join N leads to, a branch that N does not re-run, that
  was taken, and that no kept token can still reach has already arrived in a fresh run: it waits at
  the join as an inactive token. Tokens already waiting there are kept up to that number, extra ones
  are cut; so the join fires after exactly the arrivals still owed to it.

Timers and boundary events are re-armed by the restarted node's own behaviour, as in a fresh run.

Inside a multi-instance sub-process each instance is a run of its own: a task sent back to an
earlier node of the same body, directly in it or in a sub-process nested in it, rewinds that
instance only (``within``, its scope execution): only its tokens are cut, the target restarts in
its scope (inside fresh nested sub-process scopes when the instance has left them), the other
instances go on untouched.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..agenda import cancel, executions, history
from ..agenda.scopes import is_subprocess_scope
from ..errors import IllegalArgument
from ..model import FlowNode, ProcessModel, SubProcess
from ..runtime.entities import Execution, HistoricActivityInstance
from .change_state import _prune_scopes, _scope_for

if TYPE_CHECKING:
    from ..context import CommandContext

_JOIN_KINDS = ("parallelGateway", "inclusiveGateway")


def successors(model: ProcessModel, node: FlowNode) -> list[str]:
    """Nodes one step after ``node``: flow targets, attached boundary events, a sub-process's start,
    and after a sub-process's last node the sub-process's own successors."""
    nexts = [model.flows[f].target for f in node.outgoing]
    nexts.extend(node.boundary_ids)
    if isinstance(node, SubProcess) and node.start_id:
        nexts.append(node.start_id)
    if not node.outgoing and node.parent_id is not None and model.node(node.parent_id).kind == "subProcess":
        parent = model.node(node.parent_id)
        nexts.extend(model.flows[f].target for f in parent.outgoing)
    return nexts


def reachable(model: ProcessModel, start: str) -> set[str]:
    """Every node reachable forwards from ``start`` (``start`` included)."""
    seen: set[str] = set()
    stack = [start]
    while stack:
        current = stack.pop()
        if current in seen or not model.has_node(current):
            continue
        seen.add(current)
        stack.extend(successors(model, model.node(current)))
    return seen


def in_multi_instance_body(model: ProcessModel, node_id: str) -> bool:
    """True for a node inside a multi-instance sub-process (it has one copy per instance)."""
    return any(sub.loop is not None for sub in model.scope_chain(node_id))


def nested_in_body(model: ProcessModel, node_id: str, body: SubProcess) -> SubProcess | None:
    """The sub-process directly inside ``body`` that holds ``node_id`` (None: ``body`` holds it
    directly)."""
    chain = model.scope_chain(node_id)
    below = chain[chain.index(body) + 1 :] if body in chain else []
    return below[0] if below else None


def _is_join(node: FlowNode) -> bool:
    return node.kind in _JOIN_KINDS and len(node.incoming) > 1


def _waiting_at_join(ctx: CommandContext, execution: Execution) -> bool:
    if execution.is_active or execution.activity_id is None:
        return False
    return _is_join(ctx.model(execution.proc_def_id).node(execution.activity_id))


def _tokens(ctx: CommandContext, instance: Execution, within: Execution | None = None) -> list[Execution]:
    """The instance's tokens: executions standing at a node, MI roots for their instances, never a
    sub-process's inner scope or a boundary-event waiter (only those under ``within`` when given)."""
    found = []
    for e in executions.instance_executions(ctx, instance.id):
        if within is not None and within.id not in _ancestors(ctx, e):
            continue
        if e.activity_id is None or e.is_process_instance or is_subprocess_scope(e):
            continue
        if executions.is_boundary(ctx, e) or executions.is_mi_child(ctx, e):
            continue
        found.append(e)
    return found


def _ancestors(ctx: CommandContext, execution: Execution) -> Iterable[str]:
    parent = executions.parent(ctx, execution)
    while parent is not None:
        yield parent.id
        parent = executions.parent(ctx, parent)


def _taken_flows(ctx: CommandContext, proc_inst_id: str) -> set[str]:
    rows = ctx.session.where(
        HistoricActivityInstance,
        lambda a: a.proc_inst_id == proc_inst_id and a.activity_type == "sequenceFlow",
    )
    return {a.activity_id for a in rows}


def _cut(ctx: CommandContext, victims: list[Execution], reason: str) -> list[Execution | None]:
    """Cancels ``victims`` (an ancestor's cancel covers its descendants); returns their parents."""
    ids = {v.id for v in victims}
    parents: list[Execution | None] = []
    for victim in victims:
        if any(a in ids for a in _ancestors(ctx, victim)):
            continue
        parents.append(executions.parent(ctx, victim))
        cancel.cancel_tree(ctx, victim, reason)
    return parents


def _owed(
    model: ProcessModel, join: FlowNode, rerun: set[str], kept: list[Execution], taken: set[str]
) -> int:
    """Arrivals a fresh run would already have at ``join``: taken branches outside the re-run
    region that no kept token (other than those waiting at the join) can still reach. A parallel
    join with a branch that is neither re-run, owed nor reachable would wait forever: refused."""
    live = [t for t in kept if t.activity_id and t.activity_id != join.id]
    owed = 0
    for flow in model.incoming(join):
        if flow.source in rerun:
            continue
        if any(flow.source in reachable(model, t.activity_id or "") for t in live):
            continue
        if flow.id in taken:
            owed += 1
        elif join.kind == "parallelGateway":
            raise IllegalArgument(f"The join '{join.id}' would wait for a branch that no longer runs")
    return owed


def _plan(
    ctx: CommandContext,
    instance: Execution,
    target: str,
    cut_from: str | None,
    within: Execution | None = None,
) -> tuple[list[Execution], list[Execution], dict[str, int]]:
    """What a rewind cuts, what it keeps, and the arrivals each join it touches is owed (raises
    :class:`IllegalArgument` before anything changed when a join would wait forever)."""
    model = ctx.model(instance.proc_def_id)
    region = reachable(model, target)
    cut = reachable(model, cut_from) | region if cut_from else region
    if within is not None:  # one instance of a multi-instance body: its own nodes only
        body = model.node(within.activity_id or "")
        region = {n for n in region if body in model.scope_chain(n)}
        cut = {n for n in cut if body in model.scope_chain(n)}
    tokens = _tokens(ctx, instance, within)
    victims = [t for t in tokens if t.activity_id in cut and not _waiting_at_join(ctx, t)]
    gone = {v.id for v in victims}
    kept = [t for t in tokens if t.id not in gone and not any(a in gone for a in _ancestors(ctx, t))]
    taken = _taken_flows(ctx, instance.id)
    rerun = region | {sub.id for sub in model.scope_chain(target)}  # their outgoing flows run again
    owed = {
        join_id: _owed(model, model.node(join_id), rerun, kept, taken) if join_id in region else 0
        for join_id in sorted(n for n in cut if _is_join(model.node(n)))
    }
    return victims, kept, owed


def can_rewind(
    ctx: CommandContext,
    instance: Execution,
    target: str,
    *,
    cut_from: str | None = None,
    within: Execution | None = None,
) -> bool:
    """True when :func:`rewind` to ``target`` leaves no join waiting forever."""
    try:
        _plan(ctx, instance, target, cut_from, within)
    except IllegalArgument:
        return False
    return True


def rewind(
    ctx: CommandContext,
    instance: Execution,
    target: str,
    reason: str,
    *,
    cut_from: str | None = None,
    within: Execution | None = None,
) -> None:
    """Brings ``instance`` to the state of a fresh run reaching ``target`` (see the module doc).

    ``cut_from`` (a node upstream of ``target``) widens the cut to what that node leads to: a
    resubmission going straight back to the node that sent it back cuts the re-run in between.
    ``within`` (the scope execution of one instance of the multi-instance body holding ``target``)
    rewinds that instance only."""
    model = ctx.model(instance.proc_def_id)
    victims, kept, owed_at = _plan(ctx, instance, target, cut_from, within)
    parents = _cut(ctx, victims, reason)
    scope = _scope_for(ctx, within or instance, model, target)
    keep_scopes = {scope.id}
    for join_id, owed in owed_at.items():
        join = model.node(join_id)
        waiting = [t for t in kept if t.activity_id == join_id and not t.is_active]
        for extra in waiting[owed:]:
            parents.append(executions.parent(ctx, extra))
            cancel.cancel_tree(ctx, extra, reason)
        if len(waiting) < owed:
            join_scope = _scope_for(ctx, within or instance, model, join_id)
            keep_scopes.add(join_scope.id)
            for _ in range(owed - len(waiting)):
                arrived = executions.create_child(ctx, join_scope, join_id)
                arrived.is_active = False
                history.start_activity(ctx, arrived, join)
    for parent in parents:
        _prune_scopes(ctx, parent, keep_scopes, reason)
    ctx.agenda.plan_continue(executions.create_child(ctx, scope, target))
    ctx.agenda.run()
