"""The scheduler: leases due jobs (``FOR UPDATE SKIP LOCKED``) and publishes their ids.

A lease (``lock_owner``/``lock_expiration_time``) keeps a job from being handed out twice while a
worker has it; when a worker dies the message is redelivered after the ack wait, and when the lease
expires the scheduler hands the job out again. Running a job twice is harmless: the first run
deletes the row in the transaction that fires it, the second finds nothing (see ``worker``).
Any number of schedulers may run.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import AsyncIterator

from nats.js import JetStreamContext

from loom_platform import messaging
from loom_workflow.engine_host import WorkflowRuntime
from loom_workflow.settings import WorkflowSettings

log = logging.getLogger(__name__)


async def ensure_jobs_stream(js: JetStreamContext, settings: WorkflowSettings) -> None:
    """The work-queue stream the scheduler feeds and the workers drain."""
    await messaging.ensure_stream(js, settings.jobs_stream, [f"{settings.jobs_subject}.>"], work_queue=True)


class Scheduler:
    """Polls for due jobs and publishes one message per job to the work queue."""

    def __init__(self, js: JetStreamContext, runtime: WorkflowRuntime, settings: WorkflowSettings) -> None:
        self._js = js
        self._runtime = runtime
        self._settings = settings
        self._owner = f"scheduler-{uuid.uuid4().hex[:8]}"
        self._stopping = asyncio.Event()

    async def tick(self) -> int:
        """One round: lease and publish; returns how many jobs were handed out."""
        s = self._settings
        leased = await self._runtime.query(
            lambda tx: tx.lease_due_jobs(self._owner, s.job_lease_seconds, s.scheduler_batch)
        )
        acks = [
            await self._js.publish_async(
                f"{s.jobs_subject}.{job_id}",
                job_id.encode(),
                headers={"Nats-Msg-Id": f"{job_id}:{until.timestamp():.3f}"},
            )
            for job_id, until in leased
        ]
        if acks:
            await asyncio.wait_for(asyncio.gather(*acks), timeout=30)
        return len(leased)

    async def run(self) -> None:
        """Ticks until stopped; a full batch is followed at once by the next round."""
        while not self._stopping.is_set():
            try:
                handed = await self.tick()
            except Exception:
                log.exception("scheduler round failed")
                handed = 0
            if handed < self._settings.scheduler_batch:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._stopping.wait(), self._settings.scheduler_poll_seconds)

    def stop(self) -> None:
        self._stopping.set()


@contextlib.asynccontextmanager
async def run_scheduler(
    js: JetStreamContext, runtime: WorkflowRuntime, settings: WorkflowSettings
) -> AsyncIterator[Scheduler]:
    """Runs a scheduler for the duration of the block."""
    await ensure_jobs_stream(js, settings)
    scheduler = Scheduler(js, runtime, settings)
    task = asyncio.create_task(scheduler.run(), name="workflow-scheduler")
    try:
        yield scheduler
    finally:
        scheduler.stop()
        await task
