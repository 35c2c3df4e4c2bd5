"""User, service, script and receive tasks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import BpmnError, UnsupportedFeature
from ..expr import HostObject, Scope
from ..model import FlowNode, ScriptTask, ServiceTask, UserTask
from ..runtime.entities import Execution
from .base import Behavior
from .bpmn_errors import throw
from .script import run_script

if TYPE_CHECKING:
    from ..context import CommandContext


class UserTaskBehavior(Behavior):
    """Creates the task and waits for its completion (which triggers a leave)."""

    def execute(self, ctx: CommandContext, execution: Execution, node: FlowNode) -> None:
        """Creates the task."""
        assert isinstance(node, UserTask)
        ctx.agenda.create_task(execution, node)


class ServiceTaskBehavior(Behavior):
    """Calls a registered hook (class), an expression, or a delegate expression; then leaves."""

    def execute(self, ctx: CommandContext, execution: Execution, node: FlowNode) -> None:
        """Runs the implementation and stores ``resultVariable``."""
        assert isinstance(node, ServiceTask)
        if node.service_type:
            raise UnsupportedFeature(
                f"Service task '{node.id}': flowable:type='{node.service_type}' is not supported"
            )
        facade = ctx.agenda.execution_facade(execution)
        scope = ctx.agenda.scope(execution, extras={"execution": facade})
        try:
            result = self._run(ctx, node, facade, scope)
        except BpmnError as error:  # a hook threw a BPMN error: an error boundary event takes over
            throw(ctx, execution, error.code, error.message)
            return
        if node.result_variable:
            ctx.agenda.set_variable(execution, node.result_variable, result)
        ctx.agenda.plan_leave(execution)

    @staticmethod
    def _run(ctx: CommandContext, node: ServiceTask, facade: HostObject, scope: Scope) -> object:
        if node.class_name:
            result = ctx.agenda.invoke("class", node.class_name, node.fields, facade, scope)
        elif node.expression:
            result = ctx.agenda.invoke("expression", node.expression, node.fields, facade, scope)
        elif node.delegate_expression:
            result = ctx.agenda.invoke(
                "delegateExpression", node.delegate_expression, node.fields, facade, scope
            )
        else:
            raise UnsupportedFeature(f"Service task '{node.id}' has no implementation")
        return result


class ScriptTaskBehavior(Behavior):
    """Runs the safe script subset (see :mod:`.script`); then leaves."""

    def execute(self, ctx: CommandContext, execution: Execution, node: FlowNode) -> None:
        """Runs the script and stores ``resultVariable``."""
        assert isinstance(node, ScriptTask)
        result = run_script(ctx, execution, node)
        if node.result_variable:
            ctx.agenda.set_variable(execution, node.result_variable, result)
        ctx.agenda.plan_leave(execution)
