"""Job rows: timers and asynchronous continuations."""

from __future__ import annotations

from ..context import CommandContext
from ..expr import compile_expression
from ..model import FlowNode, TimerEvent
from ..runtime.entities import Execution, Job
from ..timers import first_due
from .facades import VariableScope


def create_async_job(ctx: CommandContext, execution: Execution, node: FlowNode, handler: str) -> Job:
    """Schedules an async continuation (before or after ``node``)."""
    return ctx.session.insert(
        Job(
            id=ctx.new_id(),
            job_type="message",
            handler_type=handler,
            proc_inst_id=execution.proc_inst_id,
            execution_id=execution.id,
            proc_def_id=execution.proc_def_id,
            element_id=node.id,
            element_name=node.name,
            retries=ctx.config.default_job_retries,
            exclusive=node.exclusive,
            create_time=ctx.now(),
            tenant_id=execution.tenant_id,
        )
    )


def create_timer_job(ctx: CommandContext, execution: Execution, node: TimerEvent, handler: str) -> Job:
    """Schedules the timer of ``node`` (its expression is evaluated in ``execution``'s scope)."""
    value = compile_expression(node.timer.value).evaluate(VariableScope(ctx, execution))
    due, repeat = first_due(node.timer.kind, value, ctx.now())
    return ctx.session.insert(
        Job(
            id=ctx.new_id(),
            job_type="timer",
            handler_type=handler,
            proc_inst_id=execution.proc_inst_id,
            execution_id=execution.id,
            proc_def_id=execution.proc_def_id,
            element_id=node.id,
            element_name=node.name,
            due_date=due,
            repeat=repeat,
            retries=ctx.config.default_job_retries,
            exclusive=node.exclusive,
            create_time=ctx.now(),
            tenant_id=execution.tenant_id,
        )
    )


def jobs_of(ctx: CommandContext, execution: Execution) -> list[Job]:
    """Jobs attached to one execution."""
    return ctx.session.where(Job, lambda j: j.execution_id == execution.id)
