"""Running jobs (timers, async continuations) idempotently by id."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..agenda.jobs import insert_node_job
from ..behaviors import boundary
from ..behaviors import events as end_event
from ..model import EndEvent, TimerEvent
from ..ports import ASYNC_AFTER, ASYNC_CONTINUATION
from ..runtime import events as ev
from ..runtime.entities import Execution, Job
from ..timers import next_due

if TYPE_CHECKING:
    from ..context import CommandContext


def _reschedule(ctx: CommandContext, job: Job, execution: Execution, node: TimerEvent) -> None:
    """Schedules the next occurrence of ``node``'s repeating timer, whose ``job`` has just fired."""
    if job.repeat is None or job.due_date is None:
        return
    following = next_due(job.repeat, job.due_date)
    if following is None:
        return
    due, repeat = following
    insert_node_job(ctx, execution, node, "timer", job.handler_type, due_date=due, repeat=repeat)


@dataclass(frozen=True)
class ExecuteJob:
    """Runs job ``job_id``. A job that no longer exists (already run, or its activity ended) is a no-op:
    returns False. Dead-letter jobs and jobs of suspended instances are not run (False, job kept)."""

    job_id: str

    def execute(self, ctx: CommandContext) -> bool:
        """Deletes the job and runs its handler."""
        job = ctx.session.job(self.job_id)
        if job is None or job.job_type == "deadletter":
            return False
        execution = ctx.session.get(Execution, job.execution_id)
        if execution is not None and execution.suspended:
            return False
        ctx.session.delete(job)
        if execution is None:
            return True
        if job.handler_type == ASYNC_CONTINUATION:
            ctx.agenda.plan_continue(execution, in_job=True)
        elif job.handler_type == ASYNC_AFTER and isinstance(ctx.node(execution), EndEvent):
            end_event.finish(ctx, execution, ctx.node(execution))
        elif job.handler_type == ASYNC_AFTER:
            ctx.agenda.plan_leave(execution, in_job=True)
        elif (handler := ctx.config.registry.job_handler(job.handler_type)) is not None:
            ctx.emit(ev.TIMER_FIRED, execution, job_id=job.id)
            handler(ctx, job, execution)
        else:
            node = ctx.node(execution)
            ctx.emit(ev.TIMER_FIRED, execution, job_id=job.id)
            if isinstance(node, TimerEvent) and node.attached_to is not None:
                if not node.cancel_activity:
                    _reschedule(ctx, job, execution, node)
                boundary.fire(ctx, execution, node)
            else:
                execution.is_active = True
                ctx.agenda.plan_leave(execution)
        ctx.emit(ev.JOB_EXECUTION_SUCCESS, execution, job_id=job.id)
        ctx.agenda.run()
        return True


@dataclass(frozen=True)
class RecordJobFailure:
    """Counts a failed run: retries - 1, the error kept; at 0 retries the job becomes a dead letter."""

    job_id: str
    message: str

    def execute(self, ctx: CommandContext) -> Job | None:
        """Updates the job row (in a fresh transaction after the failed one rolled back)."""
        job = ctx.session.job(self.job_id)
        if job is None:
            return None
        job.retries = max(job.retries - 1, 0)
        job.exception_message = self.message[:4000]
        job.lock_owner = None
        job.lock_expiration_time = None
        if job.retries == 0:
            job.job_type = "deadletter"
        ctx.emit(
            ev.JOB_EXECUTION_FAILURE,
            ctx.session.get(Execution, job.execution_id),
            job_id=job.id,
            message=self.message[:200],
        )
        return job


@dataclass(frozen=True)
class ExecutableJobIds:
    """Ids of jobs that can run now (async jobs, due timers), oldest first."""

    limit: int = 100

    def execute(self, ctx: CommandContext) -> list[str]:
        """Queries the store."""
        return [j.id for j in ctx.session.tx.find_executable_jobs(ctx.now(), self.limit)]
