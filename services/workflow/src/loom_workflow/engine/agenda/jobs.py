"""Job rows: timers and asynchronous continuations."""

from __future__ import annotations

from datetime import datetime

from ..context import CommandContext
from ..expr import compile_expression
from ..model import FlowNode, TimerEvent
from ..runtime.entities import Execution, Job
from ..timers import first_due
from .facades import VariableScope


def insert_job(
    ctx: CommandContext,
    execution: Execution,
    job_type: str,
    handler: str,
    *,
    element_id: str,
    element_name: str | None,
    exclusive: bool = True,
    handler_config: str | None = None,
    due_date: datetime | None = None,
    repeat: str | None = None,
) -> Job:
    """Inserts a job of ``execution`` (for element ``element_id``) with the configured retries."""
    return ctx.session.insert(
        Job(
            id=ctx.new_id(),
            job_type=job_type,
            handler_type=handler,
            proc_inst_id=execution.proc_inst_id,
            execution_id=execution.id,
            proc_def_id=execution.proc_def_id,
            element_id=element_id,
            element_name=element_name,
            handler_config=handler_config,
            due_date=due_date,
            repeat=repeat,
            retries=ctx.config.default_job_retries,
            exclusive=exclusive,
            create_time=ctx.now(),
            tenant_id=execution.tenant_id,
        )
    )


def insert_node_job(
    ctx: CommandContext,
    execution: Execution,
    node: FlowNode,
    job_type: str,
    handler: str,
    *,
    due_date: datetime | None = None,
    repeat: str | None = None,
) -> Job:
    """Inserts a job of ``execution`` at ``node`` (its id, name and exclusive flag)."""
    return insert_job(
        ctx,
        execution,
        job_type,
        handler,
        element_id=node.id,
        element_name=node.name,
        exclusive=node.exclusive,
        due_date=due_date,
        repeat=repeat,
    )


def create_async_job(ctx: CommandContext, execution: Execution, node: FlowNode, handler: str) -> Job:
    """Schedules an async continuation (before or after ``node``)."""
    return insert_node_job(ctx, execution, node, "message", handler)


def timer_due(
    ctx: CommandContext, execution: Execution, node: TimerEvent, since: datetime
) -> tuple[datetime, str | None]:
    """When the timer of ``node`` started at ``since`` falls due, and its remaining repeat (its
    expression is evaluated in ``execution``'s scope)."""
    value = compile_expression(node.timer.value).evaluate(VariableScope(ctx, execution))
    return first_due(node.timer.kind, value, since)


def create_timer_job(
    ctx: CommandContext,
    execution: Execution,
    node: TimerEvent,
    handler: str,
    *,
    since: datetime | None = None,
) -> Job:
    """Schedules the timer of ``node``, counted from ``since`` (default: now)."""
    due, repeat = timer_due(ctx, execution, node, since or ctx.now())
    return insert_node_job(ctx, execution, node, "timer", handler, due_date=due, repeat=repeat)


def jobs_of(ctx: CommandContext, execution: Execution) -> list[Job]:
    """Jobs attached to one execution."""
    return ctx.session.where(Job, lambda j: j.execution_id == execution.id)
