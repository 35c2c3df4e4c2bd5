"""sys stores the operation log entries every service publishes on ``loom.log.<service>``."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, date, datetime

from fastapi import FastAPI
from google.protobuf import json_format
from nats.aio.msg import Msg

from loom_contracts.loom.sys.v1 import events_pb2
from loom_platform import background, messaging
from loom_platform.db import transaction
from loom_sys.log import service

DURABLE = "sys-operation-log"


def parse(data: bytes) -> events_pb2.OperationLogged:
    """The entry (JSON form of ``OperationLogged``; unknown fields ignored)."""
    return json_format.Parse(data, events_pb2.OperationLogged(), ignore_unknown_fields=True)


@asynccontextmanager
async def log_consumer(app: FastAPI) -> AsyncIterator[None]:
    """Runs the durable consumer of ``LOOM_LOG`` for the app's lifetime."""

    ensured: list[date] = []

    async def ensure_months() -> None:
        """This month's partition and the next ones, once a day (a long-running sys crosses months)."""
        today = datetime.now(UTC).date()
        if ensured and ensured[-1] == today:
            return
        async with app.state.session_factory() as session, transaction(session):
            await service.ensure_partitions(session, today)
        ensured[:] = [today]

    async def handle(msg: Msg) -> None:
        await handle_batch([msg])

    async def handle_batch(messages: Sequence[Msg]) -> None:
        # every service's every write logs an entry: one statement and one commit per fetched batch
        entries = [parse(msg.data) for msg in messages]
        await ensure_months()
        async with app.state.session_factory() as session, transaction(session):
            await service.store_many(session, entries)

    await ensure_months()

    settings = app.state.settings
    consumer = messaging.DurableConsumer(
        app.state.js,
        stream=settings.oplog_stream,
        durable=DURABLE,
        subject=f"{settings.oplog_subject}.>",
        handler=handle,
        batch_handler=handle_batch,
        batch=200,
    )
    async with background.running(consumer, name="sys-log-consumer"):
        yield
