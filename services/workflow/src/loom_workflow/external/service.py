"""The external-task API: what a worker asks (fetch and lock with long polling, complete, fail, throw a
BPMN error, extend its lock, give a task back) as engine commands, and the administrators' list."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from sqlalchemy import func, or_, select
from sqlalchemy.dialects.postgresql import JSONB
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.paging import PageParams
from loom_workflow.common import iso
from loom_workflow.engine.commands import (
    CompleteExternalTask,
    ExtendExternalLock,
    FailExternalTask,
    LockedTask,
    LockExternalTasks,
    ReadLockedTask,
    ThrowExternalBpmnError,
    UnlockExternalTask,
)
from loom_workflow.engine.runtime.jobs import DEADLETTER, EXTERNAL, EXTERNAL_WORKER
from loom_workflow.engine_host import WorkflowRuntime
from loom_workflow.external.auth import Worker
from loom_workflow.external.errors import TopicNotAllowed
from loom_workflow.external.schemas import (
    Complete,
    ExtendLock,
    ExternalTaskPage,
    ExternalTaskRow,
    Failure,
    FetchAndLock,
    LockedExternalTask,
    ThrowBpmnError,
    TypedValue,
    typed,
)
from loom_workflow.pgstore import tables as t

# how often a long poll asks again while nothing is there (seconds, growing to the last)
_POLL_STEPS = (0.1, 0.2, 0.4, 0.7, 1.0)


def _render(task: LockedTask, worker_id: str, names: list[str] | None) -> LockedExternalTask:
    variables = (
        task.variables if names is None else {n: task.variables[n] for n in names if n in task.variables}
    )
    return LockedExternalTask(
        id=task.id,
        topic_name=task.topic,
        worker_id=worker_id,
        lock_expiration_time=iso(task.lock_expiration_time),
        retries=task.retries,
        error_message=task.error_message,
        error_details=task.error_details,
        activity_id=task.activity_id,
        activity_instance_id=None,
        execution_id=task.execution_id,
        process_instance_id=task.process_instance_id,
        process_definition_id=task.process_definition_id,
        process_definition_key=task.process_definition_key,
        business_key=task.business_key,
        tenant_id=task.tenant_id or None,
        variables={name: TypedValue.of(value) for name, value in variables.items()},
    )


async def fetch_and_lock(
    runtime: WorkflowRuntime, worker: Worker, body: FetchAndLock, *, max_wait_seconds: float
) -> list[LockedExternalTask]:
    """Locks up to ``maxTasks`` tasks of the worker's requested topics; with ``asyncResponseTimeout``,
    waits (at most ``max_wait_seconds``) until there is one. The lock takes no instance's lock."""
    for topic in body.topics:
        worker.check(topic.topic_name)
    lock_seconds = {t.topic_name: t.lock_duration / 1000 for t in body.topics}
    wanted = {t.topic_name: t.variables for t in body.topics}
    owner = worker.owner(body.worker_id)
    wait = min((body.async_response_timeout or 0) / 1000, max_wait_seconds)
    deadline = time.monotonic() + wait
    step = 0
    while True:
        ids = await runtime.run(LockExternalTasks(owner, lock_seconds, body.max_tasks))
        if ids or time.monotonic() >= deadline:
            break
        await asyncio.sleep(
            min(_POLL_STEPS[min(step, len(_POLL_STEPS) - 1)], max(0.0, deadline - time.monotonic()))
        )
        step += 1
    tasks: list[LockedExternalTask] = []
    for job_id in ids:
        task = await runtime.run(ReadLockedTask(job_id, owner))
        if task is not None:
            tasks.append(_render(task, body.worker_id, wanted.get(task.topic)))
    return tasks


async def complete(runtime: WorkflowRuntime, worker: Worker, task_id: str, body: Complete) -> None:
    """The worker's result: variables set, the process goes on."""
    await runtime.run(
        CompleteExternalTask(
            task_id, worker.owner(body.worker_id), typed(body.variables), typed(body.local_variables)
        )
    )


async def fail(runtime: WorkflowRuntime, worker: Worker, task_id: str, body: Failure) -> None:
    """The worker failed: retries left (0: an incident) and the retry timeout."""
    await runtime.run(
        FailExternalTask(
            task_id,
            worker.owner(body.worker_id),
            body.error_message,
            body.error_details,
            retries=body.retries,
            retry_timeout_ms=body.retry_timeout,
        )
    )


async def throw(runtime: WorkflowRuntime, worker: Worker, task_id: str, body: ThrowBpmnError) -> None:
    """The worker threw a BPMN error: an error boundary event catching its code takes the process on."""
    await runtime.run(
        ThrowExternalBpmnError(
            task_id, worker.owner(body.worker_id), body.error_code, body.error_message, typed(body.variables)
        )
    )


async def extend(runtime: WorkflowRuntime, worker: Worker, task_id: str, body: ExtendLock) -> None:
    """The worker's lock ends ``newDuration`` ms from now."""
    await runtime.run(ExtendExternalLock(task_id, worker.owner(body.worker_id), body.new_duration))


async def unlock(runtime: WorkflowRuntime, task_id: str, worker: Worker | None) -> None:
    """Gives a task back: a worker only a task one of its processes holds; an administrator any."""
    if worker is not None:
        job = await runtime.query(lambda tx: tx.get_job(task_id))
        if job is not None and not (job.lock_owner or "").startswith(f"{worker.id}/"):
            raise TopicNotAllowed(topic=job.element_id)
    await runtime.run(UnlockExternalTask(task_id))


def _topic() -> Any:
    return func.cast(t.job.c.handler_config, JSONB)["topic"].astext


async def page(
    session: AsyncSession, params: PageParams, *, topic: str | None, incidents: bool
) -> ExternalTaskPage:
    """External tasks (those with an incident too), oldest first, by topic."""
    j, e = t.job, t.execution
    stmt = (
        select(j, _topic().label("topic"), e.c.suspended)
        .outerjoin(e, e.c.id == j.c.execution_id)
        .where(j.c.handler_type == EXTERNAL_WORKER)
        .where(
            j.c.job_type == DEADLETTER
            if incidents
            else or_(j.c.job_type == EXTERNAL, j.c.job_type == DEADLETTER)
        )
    )
    if topic:
        stmt = stmt.where(_topic() == topic)
    total = (await session.execute(select(func.count()).select_from(stmt.subquery()))).scalar_one()
    stmt = stmt.order_by(j.c.create_time, j.c.id)
    if not params.all_rows:
        stmt = stmt.offset(params.offset).limit(params.size)
    rows = (await session.execute(stmt)).all()
    return ExternalTaskPage(
        records=[
            ExternalTaskRow(
                id=r.id,
                topic_name=r.topic or "",
                activity_id=r.element_id,
                activity_name=r.element_name,
                process_instance_id=r.proc_inst_id,
                process_definition_id=r.proc_def_id,
                worker_id=(r.lock_owner or "").partition("/")[2] or None,
                lock_expiration_time=iso(r.lock_expiration_time),
                retries=r.retries,
                error_message=r.exception_message,
                suspended=bool(r.suspended),
                incident=r.job_type == DEADLETTER,
                create_time=iso(r.create_time),
            )
            for r in rows
        ],
        total=total,
        size=params.size,
        current=params.current,
    )
