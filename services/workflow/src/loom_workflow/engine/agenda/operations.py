"""Agenda operations: continue at a node, leave it, take flows, end a path, trigger a wait state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import EngineError
from ..expr import compile_expression
from ..model import FlowNode, SequenceFlow
from ..ports import ASYNC_AFTER, ASYNC_CONTINUATION
from ..runtime.entities import Execution
from . import executions, history
from .facades import VariableScope
from .jobs import create_async_job
from .listeners import fire_execution_listeners
from .scopes import is_subprocess_scope

if TYPE_CHECKING:
    from ..context import CommandContext


@dataclass(eq=False)
class ContinueProcess:
    execution: Execution
    in_job: bool = False

    def run(self, ctx: CommandContext) -> None:
        """Runs the behaviour of the node (after async-before / multi-instance handling)."""
        from ..behaviors import behavior_for, boundary, multi_instance

        e = self.execution
        node = ctx.node(e)
        mi_child = executions.is_mi_child(ctx, e)
        if node.async_before and not self.in_job and not mi_child:
            create_async_job(ctx, e, node, ASYNC_CONTINUATION)
            return
        if node.loop is not None and not mi_child:
            multi_instance.enter(ctx, e, node)
            return
        history.start_activity(ctx, e, node)
        fire_execution_listeners(ctx, e, node.listeners, "start")
        if node.boundary_ids and not mi_child:
            boundary.arm(ctx, e, node)
        behavior_for(node).execute(ctx, e, node)


@dataclass(eq=False)
class Trigger:
    execution: Execution
    data: dict[str, object]

    def run(self, ctx: CommandContext) -> None:
        """Signals the behaviour of a waiting execution."""
        from ..behaviors import behavior_for

        behavior_for(ctx.node(self.execution)).trigger(
            ctx, self.execution, ctx.node(self.execution), self.data
        )


@dataclass(eq=False)
class Leave:
    execution: Execution
    in_job: bool = False
    flows: list[SequenceFlow] | None = None

    def run(self, ctx: CommandContext) -> None:
        """End listeners, history, boundary clean-up; then multi-instance bookkeeping or outgoing flows."""
        from ..behaviors import multi_instance

        e = self.execution
        node = ctx.node(e)
        if node.async_after and not self.in_job:
            create_async_job(ctx, e, node, ASYNC_AFTER)
            return
        fire_execution_listeners(ctx, e, node.listeners, "end")
        history.end_activity(ctx, e)
        executions.remove_boundaries(ctx, e)
        if executions.is_mi_child(ctx, e):
            multi_instance.child_completed(ctx, e, node)
            return
        take_flows(ctx, e, node, self.flows)


@dataclass(eq=False)
class TakeFlows:
    execution: Execution
    flows: list[SequenceFlow] | None = None

    def run(self, ctx: CommandContext) -> None:
        """Takes flows from a node that was already left."""
        take_flows(ctx, self.execution, ctx.node(self.execution), self.flows)


@dataclass(eq=False)
class EndExecution:
    execution: Execution

    def run(self, ctx: CommandContext) -> None:
        """Deletes the finished token; completes its scope (instance or sub-process) when it was the last."""
        from ..behaviors import subprocess
        from .instances import end_instance

        e = self.execution
        parent = executions.parent(ctx, e)
        executions.delete_execution(ctx, e)
        if parent is None or executions.real_children(ctx, parent):
            return
        if parent.is_process_instance:
            end_instance(ctx, parent, e.activity_id)
        elif is_subprocess_scope(parent):
            subprocess.complete(ctx, parent)


def condition_holds(ctx: CommandContext, execution: Execution, flow: SequenceFlow) -> bool:
    """True when ``flow`` has no condition or its condition evaluates to true."""
    if flow.condition is None:
        return True
    return compile_expression(flow.condition).evaluate_bool(VariableScope(ctx, execution))


def select_flows(ctx: CommandContext, execution: Execution, node: FlowNode) -> list[SequenceFlow]:
    """Outgoing flows whose condition holds; the default flow when none does."""
    outgoing = ctx.model(execution.proc_def_id).outgoing(node)
    chosen = [f for f in outgoing if f.id != node.default_flow and condition_holds(ctx, execution, f)]
    if not chosen and node.default_flow is not None:
        chosen = [f for f in outgoing if f.id == node.default_flow]
    if outgoing and not chosen:
        raise EngineError(
            f"No outgoing sequence flow of element '{node.id}' could be selected for continuing the process"
        )
    return chosen


def take_flows(ctx: CommandContext, e: Execution, node: FlowNode, flows: list[SequenceFlow] | None) -> None:
    """Moves ``e`` (and new concurrent siblings) over the chosen flows."""
    chosen = select_flows(ctx, e, node) if flows is None else flows
    if not chosen:
        ctx.agenda.plan_end(e)
        return
    parent = executions.parent(ctx, e)
    tokens = [e]
    for _ in chosen[1:]:
        if parent is None:
            raise EngineError("A process instance execution cannot fork")
        tokens.append(executions.create_child(ctx, parent, None))
    for token, flow in zip(tokens, chosen, strict=True):
        token.is_concurrent = len(chosen) > 1 or token.is_concurrent
        token.is_active = True
        token.activity_id = flow.source
        fire_execution_listeners(ctx, token, flow.listeners, "take")
        history.record_flow(ctx, token, flow)
        token.activity_id = flow.target
        ctx.agenda.plan_continue(token)


def check_waiting_joins(ctx: CommandContext) -> bool:
    """Fires inclusive joins that no other token can reach any more. True when one fired."""
    from ..behaviors import gateways

    for e in ctx.session.where(Execution, lambda x: not x.is_active and x.activity_id is not None):
        node = ctx.model(e.proc_def_id).nodes.get(e.activity_id or "")
        if node is not None and node.kind == "inclusiveGateway" and gateways.try_inclusive_join(ctx, e, node):
            return True
    return False
