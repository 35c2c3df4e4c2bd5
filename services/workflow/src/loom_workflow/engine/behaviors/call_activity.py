"""Call activity: starts a child process instance and resumes when it ends."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import ObjectNotFound, Suspended
from ..expr import Scope, compile_expression
from ..expr.coercion import to_str
from ..model import CallActivity, FlowNode, VariableMapping
from ..runtime.entities import Execution, ProcessDefinition
from .base import Behavior

if TYPE_CHECKING:
    from ..context import CommandContext


def _definition(ctx: CommandContext, execution: Execution, node: CallActivity) -> ProcessDefinition:
    key = to_str(compile_expression(node.called_element).evaluate(ctx.agenda.scope(execution)))
    caller = ctx.session.definition(execution.proc_def_id)
    found: ProcessDefinition | None
    if node.binding == "deployment":
        found = ctx.session.find_definition(
            key, deployment_id=caller.deployment_id, tenant_id=caller.tenant_id
        )
        found = found or ctx.session.find_definition(key, tenant_id=caller.tenant_id)
    elif node.binding == "version":
        found = ctx.session.find_definition(key, version=node.version, tenant_id=caller.tenant_id)
    else:
        found = ctx.session.find_definition(key, tenant_id=caller.tenant_id)
    if found is None:
        raise ObjectNotFound(f"Cannot find process definition with key '{key}' for call activity '{node.id}'")
    if found.suspended:
        raise Suspended(
            f"Cannot start process instance. Process definition {found.name or key} "
            f"(id = {found.id}) is suspended"
        )
    return found


def _map(
    mappings: tuple[VariableMapping, ...], scope: Scope, source_vars: dict[str, object]
) -> dict[str, object]:
    out: dict[str, object] = {}
    for m in mappings:
        if m.all_variables:
            out.update(source_vars)
            continue
        target = m.target or m.source
        if not target:
            continue
        if m.source_expression:
            out[target] = compile_expression(m.source_expression).evaluate(scope)
        elif m.source:
            out[target] = source_vars.get(m.source)
    return out


class CallActivityBehavior(Behavior):
    """Starts the called process with the in-mappings and waits."""

    def execute(self, ctx: CommandContext, execution: Execution, node: FlowNode) -> None:
        """Starts the child instance."""
        assert isinstance(node, CallActivity)
        definition = _definition(ctx, execution, node)
        scope = ctx.agenda.scope(execution)
        visible = ctx.agenda.visible(execution)
        inputs = dict(visible) if node.inherit_variables else {}
        inputs.update(_map(node.in_mappings, scope, visible))
        instance = ctx.session.execution(execution.proc_inst_id)
        business_key = instance.business_key if node.inherit_business_key else None
        if node.business_key:
            value = compile_expression(node.business_key).evaluate(scope)
            business_key = None if value is None else to_str(value)
        child = ctx.agenda.start_instance(
            definition, business_key=business_key, variables=inputs, caller=execution
        )
        act = ctx.agenda.open_activity(execution)
        if act is not None:
            act.called_proc_inst_id = child.id


def outputs(ctx: CommandContext, child: Execution, caller: Execution) -> dict[str, object]:
    """The out-mappings of the caller's call activity, evaluated in the ending child's scope."""
    node = ctx.node(caller)
    if not isinstance(node, CallActivity):
        return {}
    return _map(node.out_mappings, ctx.agenda.scope(child), ctx.agenda.visible(child))


def resume(ctx: CommandContext, caller: Execution, values: dict[str, object]) -> None:
    """The child ended: copy its outputs to the caller and leave the call activity."""
    ctx.agenda.set_variables(caller, values)
    ctx.agenda.plan_leave(caller)
