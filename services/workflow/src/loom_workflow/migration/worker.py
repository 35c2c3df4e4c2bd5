"""The migration worker: a durable consumer of ``loom.workflow.migration.requested`` (one delivery per
message across the API processes). Each message moves the batch's next queued instances, each in its
own engine transaction with its history entry, records each outcome, and, while instances are left,
asks for the rest through the outbox in the transaction that records the chunk: no message holds a
consumer longer than one chunk, and a chunk delivered twice finds its instances no longer queued."""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import orjson
from fastapi import FastAPI
from nats.aio.msg import Msg
from sqlalchemy import func, select
from sqlalchemy.engine import make_url

from loom_contracts.loom.workflow.v1 import events_pb2
from loom_platform import background, messaging
from loom_platform.db import transaction
from loom_platform.outbox import add_event
from loom_platform.wire import now
from loom_workflow.engine_host import WorkflowRuntime
from loom_workflow.migration import outcomes, service
from loom_workflow.migration.models import DONE, LEFT, MOVED, QUEUED, RUNNING, MigrationBatch, MigrationItem
from loom_workflow.migration.outcomes import NOT_ON_SOURCE

log = logging.getLogger(__name__)

# Instances one message moves before it hands the rest on (well inside the consumer's ack wait)
CHUNK = 20


async def run_next(
    session_factory: Any, runtime: WorkflowRuntime, batch_id: str, *, size: int = CHUNK
) -> bool:
    """Moves up to ``size`` queued instances of the batch; True while some are left (their message is
    then in the outbox)."""
    async with session_factory() as session:
        batch = await session.get(MigrationBatch, batch_id)
        if batch is None or batch.status == DONE:
            return False
        queued = list(
            await session.scalars(
                select(MigrationItem)
                .where(MigrationItem.batch_id == batch_id, MigrationItem.status == QUEUED)  # type: ignore[arg-type]
                .order_by(MigrationItem.proc_inst_id)
                .limit(size)
            )
        )
    source, target, plan = await service.plan_of(
        runtime, batch.source_def_id, batch.target_def_id, orjson.loads(batch.mapping)
    )
    note = service.history_note(source, target)
    for item in queued:
        result, reason = await outcomes.migrate_one(
            runtime,
            item.proc_inst_id,
            source_id=source.id,
            target_id=target.id,
            mapping=plan.mapping,
            variables=orjson.loads(batch.variables),
            note=note,
            actor=batch.create_by,
            dry_run=False,
        )
        if (
            result is None
            and reason
            and orjson.loads(reason)["reason"] == NOT_ON_SOURCE
            and await _already_moved(runtime, item.proc_inst_id, target.id)
        ):
            continue  # moved by an earlier delivery of this chunk whose outcome was not recorded
        async with session_factory() as session, transaction(session):
            stored = await session.get(MigrationItem, item.id)
            assert stored is not None
            stored.status, stored.reason, stored.finish_date = (MOVED if result else LEFT), reason, now()
            stored.changes = (
                outcomes.moved(result, "moved").model_dump_json(by_alias=True) if result else None
            )
    return await _close_chunk(session_factory, batch_id)


async def _already_moved(runtime: WorkflowRuntime, proc_inst_id: str, target_id: str) -> bool:
    execution = await runtime.query(lambda tx: tx.get_execution(proc_inst_id))
    return execution is not None and execution.proc_def_id == target_id


async def _close_chunk(session_factory: Any, batch_id: str) -> bool:
    """Counts the batch's outcomes; asks for the rest, or marks the batch done."""
    async with session_factory() as session, transaction(session):
        batch = await session.get(MigrationBatch, batch_id, with_for_update=True)
        assert batch is not None
        counts = dict(
            (
                await session.execute(
                    select(MigrationItem.status, func.count())
                    .where(MigrationItem.batch_id == batch_id)  # type: ignore[arg-type]
                    .group_by(MigrationItem.status)
                )
            ).all()
        )
        batch.moved, batch.left_in_place = counts.get(MOVED, 0), counts.get(LEFT, 0)
        if counts.get(QUEUED, 0):
            batch.status = RUNNING
            add_event(
                session,
                service.SUBJECT,
                events_pb2.MigrationRequested(batch_id=batch_id, actor=batch.create_by or ""),
            )
            return True
        batch.status, batch.finish_date = DONE, now()
        return False


def durable_name(database_url: str) -> str:
    """The consumer's durable name: every process of one deployment (one database) shares it."""
    database = make_url(database_url).database or "workflow"
    return "workflow-migrations-" + re.sub(r"[^A-Za-z0-9_-]", "_", database)


@asynccontextmanager
async def migrations(app: FastAPI) -> AsyncIterator[None]:
    """For the app's lifetime (unless turned off, as in tests, which start it where they need it):
    the durable consumer moving the requested batches."""
    settings = app.state.runtime.settings
    enabled = (
        settings.migration_consumer if settings.migration_consumer is not None else settings.mode != "test"
    )
    if not enabled:
        yield
        return
    async with consuming(app):
        yield


@asynccontextmanager
async def consuming(app: FastAPI) -> AsyncIterator[None]:
    """Runs the migration worker's durable consumer."""
    settings = app.state.runtime.settings

    async def handle(msg: Msg) -> None:
        request = events_pb2.MigrationRequested.FromString(msg.data)
        await run_next(app.state.session_factory, app.state.runtime, request.batch_id)

    consumer = messaging.DurableConsumer(
        app.state.js,
        stream=settings.stream_name,
        durable=durable_name(settings.database_url),
        subject=service.SUBJECT,
        handler=handle,
        ack_wait_seconds=120,
    )
    async with background.running(consumer, name="workflow-migrations"):
        yield
