"""User, service, script and receive tasks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..agenda import tasks, variables
from ..agenda.facades import ExecutionFacade, VariableScope
from ..agenda.listeners import invoke
from ..errors import UnsupportedFeature
from ..model import FlowNode, ScriptTask, ServiceTask, UserTask
from ..runtime.entities import Execution
from .base import Behavior
from .script import run_script

if TYPE_CHECKING:
    from ..context import CommandContext


class UserTaskBehavior(Behavior):
    """Creates the task and waits for its completion (which triggers a leave)."""

    def execute(self, ctx: CommandContext, execution: Execution, node: FlowNode) -> None:
        """Creates the task."""
        assert isinstance(node, UserTask)
        tasks.create_task(ctx, execution, node)


class ServiceTaskBehavior(Behavior):
    """Calls a registered hook (class), an expression, or a delegate expression; then leaves."""

    def execute(self, ctx: CommandContext, execution: Execution, node: FlowNode) -> None:
        """Runs the implementation and stores ``resultVariable``."""
        assert isinstance(node, ServiceTask)
        if node.service_type:
            raise UnsupportedFeature(
                f"Service task '{node.id}': flowable:type='{node.service_type}' is not supported"
            )
        facade = ExecutionFacade(ctx, execution)
        scope = VariableScope(ctx, execution, extras={"execution": facade})
        if node.class_name:
            result = invoke(ctx, "class", node.class_name, node.fields, facade, scope)
        elif node.expression:
            result = invoke(ctx, "expression", node.expression, node.fields, facade, scope)
        elif node.delegate_expression:
            result = invoke(ctx, "delegateExpression", node.delegate_expression, node.fields, facade, scope)
        else:
            raise UnsupportedFeature(f"Service task '{node.id}' has no implementation")
        if node.result_variable:
            variables.set_variable(ctx, execution, node.result_variable, result)
        ctx.agenda.plan_leave(execution)


class ScriptTaskBehavior(Behavior):
    """Runs the safe script subset (see :mod:`.script`); then leaves."""

    def execute(self, ctx: CommandContext, execution: Execution, node: FlowNode) -> None:
        """Runs the script and stores ``resultVariable``."""
        assert isinstance(node, ScriptTask)
        result = run_script(ctx, execution, node)
        if node.result_variable:
            variables.set_variable(ctx, execution, node.result_variable, result)
        ctx.agenda.plan_leave(execution)
