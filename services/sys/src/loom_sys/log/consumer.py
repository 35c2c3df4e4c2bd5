"""sys stores the operation log entries every service publishes on ``loom.log.<service>``."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from google.protobuf import json_format
from nats.aio.msg import Msg

from loom_contracts.loom.sys.v1 import events_pb2
from loom_platform import messaging
from loom_platform.db import transaction
from loom_sys.log import service

DURABLE = "sys-operation-log"


def parse(data: bytes) -> events_pb2.OperationLogged:
    """The entry (JSON form of ``OperationLogged``; unknown fields ignored)."""
    return json_format.Parse(data, events_pb2.OperationLogged(), ignore_unknown_fields=True)


@asynccontextmanager
async def log_consumer(app: FastAPI) -> AsyncIterator[None]:
    """Runs the durable consumer of ``LOOM_LOG`` for the app's lifetime."""

    async def handle(msg: Msg) -> None:
        entry = parse(msg.data)
        async with app.state.session_factory() as session, transaction(session):
            await service.store(session, entry)

    settings = app.state.settings
    consumer = messaging.DurableConsumer(
        app.state.js,
        stream=settings.oplog_stream,
        durable=DURABLE,
        subject=f"{settings.oplog_subject}.>",
        handler=handle,
        batch=200,
    )
    task = asyncio.create_task(consumer.run(), name="sys-log-consumer")
    try:
        yield
    finally:
        consumer.stop()
        await asyncio.gather(task, return_exceptions=True)
