"""Service tasks that do work: a DMN decision (business-rule task), an external task a worker takes
over REST, an HTTP call made by a job worker outside the command. The last two wait for what their
job's command (``commands/work.py``) reports back."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from .. import decisions
from ..dmn import map_result
from ..model import DecisionTask, ExternalTask, FlowNode, HttpTask
from ..runtime.entities import Execution
from ..runtime.jobs import EXTERNAL, EXTERNAL_WORKER, HTTP_REQUEST, external_config
from .base import Behavior
from .http import render_request

if TYPE_CHECKING:
    from ..context import CommandContext


class DecisionTaskBehavior(Behavior):
    """Evaluates the decision with the variables the execution sees, writes the mapped result, leaves.

    With a ``resultVariable`` the result goes there as ``mapDecisionResult`` says; without one, as
    Flowable does: one result's outputs become variables, several are a list under the decision key."""

    def execute(self, ctx: CommandContext, execution: Execution, node: FlowNode) -> None:
        """Finds, evaluates and records the decision."""
        assert isinstance(node, DecisionTask)
        process = ctx.session.definition(execution.proc_def_id)
        definition = decisions.find(
            ctx, node.decision, deployment_id=process.deployment_id, tenant_id=process.tenant_id
        )
        done = decisions.evaluate(ctx, definition, ctx.agenda.visible(execution), execution=execution)
        results = done.evaluation.results
        if node.result_variable:
            value = map_result(results, node.decision.mapping, decision=definition.key)
            ctx.agenda.set_variable(execution, node.result_variable, value)
        elif len(results) == 1:
            ctx.agenda.set_variables(execution, results[0])
        elif results:
            ctx.agenda.set_variable(execution, definition.key, [dict(r) for r in results])
        ctx.agenda.plan_leave(execution)


class ExternalTaskBehavior(Behavior):
    """Creates the external job of its topic and waits: a worker completes it, fails it or throws a
    BPMN error over REST."""

    def execute(self, ctx: CommandContext, execution: Execution, node: FlowNode) -> None:
        """Creates the job."""
        assert isinstance(node, ExternalTask)
        ctx.agenda.create_work_job(
            execution, node, EXTERNAL, EXTERNAL_WORKER, config=external_config(node.topic)
        )


class HttpTaskBehavior(Behavior):
    """Renders the request from the variables now and leaves the call to a job worker, so the call
    happens outside the command and its instance lock; the answer comes back in another command."""

    def execute(self, ctx: CommandContext, execution: Execution, node: FlowNode) -> None:
        """Creates the HTTP job."""
        assert isinstance(node, HttpTask)
        request = render_request(ctx, execution, node)
        ctx.agenda.create_work_job(
            execution, node, "message", HTTP_REQUEST, config=json.dumps(request, ensure_ascii=False)
        )
