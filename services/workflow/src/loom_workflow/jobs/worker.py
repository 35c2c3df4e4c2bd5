"""Workers: take job ids from the work queue and run them, each at most once in effect.

A worker first takes the job's lease for itself (unless another live worker holds it), then runs
``ExecuteJob``, which locks the instance and deletes the job row in the transaction that fires it.
A job already executed is gone, so a redelivered message is a no-op. A failure counts a retry
(after ``job_retry_wait_seconds`` the scheduler hands it out again; at 0 retries it is a dead letter).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import signal
import uuid
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any

import nats
from nats.aio.client import Client as NatsClient
from nats.aio.msg import Msg
from nats.js import JetStreamContext
from nats.js.api import AckPolicy, ConsumerConfig
from prometheus_client import Counter

from loom_platform import messaging
from loom_platform.logging import configure
from loom_workflow.connector import call as connector
from loom_workflow.connector import hosts
from loom_workflow.engine.runtime.entities import Job
from loom_workflow.engine.runtime.jobs import HTTP_REQUEST
from loom_workflow.engine_host import WorkflowRuntime
from loom_workflow.settings import WorkflowSettings
from loom_workflow.task import deadlines

log = logging.getLogger(__name__)

DURABLE = "workflow-jobs"

# On the process's /metrics (LOOM_WORKFLOW_WORKER_METRICS_PORT): how the jobs spread over the workers.
EXECUTED = Counter(
    "loom_workflow_jobs_executed", "Jobs this process ran to completion (timers, continuations)"
)


class JobWorker:
    """Pulls job ids and runs them on the engine's threads."""

    def __init__(self, js: JetStreamContext, runtime: WorkflowRuntime, settings: WorkflowSettings) -> None:
        self._js = js
        self._runtime = runtime
        self._settings = settings
        self.owner = f"worker-{uuid.uuid4().hex[:8]}"
        self._internal = hosts.platform_ports(
            [settings.database_url, settings.nats_url, settings.sys_grpc_address, settings.forms_grpc_address]
        )
        self._stopping = asyncio.Event()
        self.executed = 0

    async def handle(self, job_id: str) -> str:
        """Runs one job; returns what happened (executed, gone, busy, failed)."""
        s = self._settings
        state = await self._runtime.query(lambda tx: tx.take_job(job_id, self.owner, s.job_lease_seconds))
        if state != "mine":
            return state
        loop = asyncio.get_running_loop()
        job = await self._runtime.query(lambda tx: tx.get_job(job_id))
        try:
            if job is not None and job.handler_type == HTTP_REQUEST and job.job_type == "message":
                ran = await self._http(job)
            else:  # answers of sys the job lacks are fetched outside its instance's lock, then it runs again
                ran = await self._runtime.prefetching(
                    lambda: loop.run_in_executor(
                        self._runtime.executor, self._runtime.engine.execute_job, job_id
                    )
                )
        except Exception:
            log.exception("job %s failed", job_id)
            await self._runtime.query(lambda tx: tx.delay_job(job_id, s.job_retry_wait_seconds))
            return "failed"
        if ran:
            self.executed += 1
            EXECUTED.inc()
        return "executed" if ran else "gone"

    async def _http(self, job: Job) -> bool:
        """An HTTP task's call, made here on the event loop (outside any command and instance lock),
        its answer reported in a command of its own."""
        s = self._settings
        answer = await connector.call(
            json.loads(job.handler_config or "{}"),
            allowed=s.http_allowed_hosts,
            internal=self._internal,
            max_bytes=s.http_max_response_bytes,
        )
        loop = asyncio.get_running_loop()
        # the answer is reported again (the call is not made again) once sys's answers are fetched
        return await self._runtime.prefetching(
            lambda: loop.run_in_executor(
                self._runtime.executor, self._runtime.engine.complete_http_job, job.id, answer
            )
        )

    async def _on_message(self, msg: Msg) -> None:
        job_id = msg.data.decode()
        try:
            await self.handle(job_id)
        finally:
            await msg.ack()

    async def run(self) -> None:
        """Fetches batches until stopped; up to ``worker_concurrency`` jobs run at once."""
        s = self._settings
        sub = await self._js.pull_subscribe(
            f"{s.jobs_subject}.>",
            durable=DURABLE,
            stream=s.jobs_stream,
            config=ConsumerConfig(
                durable_name=DURABLE,
                ack_policy=AckPolicy.EXPLICIT,
                ack_wait=s.job_ack_wait_seconds,
                max_deliver=-1,
                max_ack_pending=10_000,
            ),
        )
        try:
            await self._loop(sub)
        finally:
            await sub.unsubscribe()

    async def _loop(self, sub: Any) -> None:
        s = self._settings
        while not self._stopping.is_set():
            try:
                batch = await sub.fetch(s.worker_concurrency, timeout=1)
            except (TimeoutError, nats.errors.TimeoutError):
                continue
            except Exception:
                if self._stopping.is_set():
                    break
                log.exception("job fetch failed")
                await asyncio.sleep(1)
                continue
            await asyncio.gather(*(self._on_message(m) for m in batch), return_exceptions=True)

    def stop(self) -> None:
        self._stopping.set()


@dataclass(frozen=True)
class WorkerParts:
    """A worker process's connections, for what else runs in it (:data:`Alongside`)."""

    settings: WorkflowSettings
    nats: NatsClient
    js: JetStreamContext
    directory: Any
    runtime: WorkflowRuntime


# What else a worker process runs for as long as it lives (the cli adds the notice consumer, a part
# that stands above the jobs).
Alongside = Callable[[WorkerParts], AbstractAsyncContextManager[None]]


async def run_worker(
    settings: WorkflowSettings, *, with_scheduler: bool | None = None, alongside: Alongside | None = None
) -> None:
    """``loom-workflow worker``: a worker process (and, by default, a scheduler and what
    ``alongside`` runs) until SIGTERM."""
    import loom_workflow.messages  # noqa: F401
    from loom_contracts.clients.sys_directory import DirectoryClient
    from loom_platform.grpc import Client
    from loom_workflow.jobs.history import history_workers, serve_metrics
    from loom_workflow.jobs.scheduler import ensure_jobs_stream, run_scheduler

    configure(f"{settings.service_name}-worker", settings.log_level, settings.log_json)
    serve_metrics(settings.worker_metrics_port)
    loop = asyncio.get_running_loop()
    nc = await messaging.connect(settings.nats_url, f"{settings.service_name}-worker")
    js = nc.jetstream()
    await ensure_jobs_stream(js, settings)
    directory = DirectoryClient(
        Client(settings.sys_grpc_address, deadline_seconds=settings.grpc_deadline_seconds)
    )
    runtime = WorkflowRuntime(settings, directory=directory, loop=loop, job_handlers=deadlines.JOB_HANDLERS)
    # sys's changes drop the cached answers the jobs' commands read (reviewers, the holiday calendar)
    changes = await messaging.listen(
        nc, "loom.sys.*.changed", lambda msg: runtime.resolver.answers.on_sys_change(msg.subject)
    )
    worker = JobWorker(js, runtime, settings)
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, worker.stop)
    scheduling = settings.scheduler_enabled if with_scheduler is None else with_scheduler
    try:
        async with contextlib.AsyncExitStack() as stack:
            if alongside is not None:
                await stack.enter_async_context(alongside(WorkerParts(settings, nc, js, directory, runtime)))
            await stack.enter_async_context(
                history_workers(
                    runtime.store,
                    settings.history_workers,
                    batch=settings.history_batch,
                    poll_seconds=settings.history_poll_seconds,
                )
            )
            if scheduling:
                async with run_scheduler(js, runtime, settings):
                    await worker.run()
            else:
                await worker.run()
    finally:
        await changes.unsubscribe()
        await loop.run_in_executor(None, runtime.close)
        await messaging.close(nc)
