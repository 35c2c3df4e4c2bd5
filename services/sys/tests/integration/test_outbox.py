"""Each write is published exactly once, also when the relay stops between publish and mark."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import httpx
import nats
from fastapi import FastAPI
from sqlalchemy import text

from loom_contracts.loom.sys.v1 import events_pb2
from loom_platform.outbox import OutboxRecord, OutboxRelay
from loom_sys.settings import SysSettings


async def _drain(settings: SysSettings, subject: str, expected: int, timeout: float = 5.0) -> list[Any]:
    """Reads every message on ``subject`` from the stream with a fresh ephemeral consumer."""
    nc = await nats.connect(settings.nats_url)
    try:
        js = nc.jetstream()
        sub = await js.pull_subscribe(subject, stream=settings.stream_name)
        got: list[Any] = []
        deadline = asyncio.get_running_loop().time() + timeout
        while asyncio.get_running_loop().time() < deadline:
            try:
                got.extend(await sub.fetch(50, timeout=0.3))
            except (TimeoutError, nats.errors.TimeoutError):
                if len(got) >= expected:
                    break
        return got
    finally:
        await nc.close()


class CrashAfterPublish(OutboxRelay):
    """A relay that dies after sending, before it could mark the rows as published."""

    async def _publish(self, rows: list[OutboxRecord]) -> None:
        await super()._publish(rows)
        raise RuntimeError("relay killed between publish and mark")


async def test_each_dictionary_write_is_published_once(
    app: FastAPI, admin: httpx.AsyncClient, settings: SysSettings
) -> None:
    # given a dictionary type name nobody used before
    name = f"outbox_{uuid.uuid4().hex[:8]}"
    # when it is saved once
    await admin.post("/sys/dict/save", json={"type": name, "description": "outbox"})
    # then exactly one event with that type reaches the stream
    messages = await _drain(settings, "loom.sys.dict.changed", expected=1)
    matching = [m for m in messages if events_pb2.DictChanged.FromString(m.data).type == name]
    assert len(matching) == 1


async def test_a_relay_killed_between_publish_and_mark_does_not_duplicate(
    app: FastAPI, admin: httpx.AsyncClient, settings: SysSettings
) -> None:
    # given the running relay is stopped, and three writes wait in the outbox
    relay: OutboxRelay = app.state.relay
    relay.stop()
    await asyncio.sleep(0.2)
    names = [f"crash_{uuid.uuid4().hex[:8]}" for _ in range(3)]
    for name in names:
        await admin.post("/sys/dict/save", json={"type": name, "description": "crash"})
    # when a relay publishes them and dies before marking them
    crashing = CrashAfterPublish(app.state.engine, app.state.js)
    try:
        await crashing.publish_pending()
    except RuntimeError:
        pass
    async with app.state.engine.connect() as conn:
        waiting = (
            await conn.execute(
                # (the operation log's entries of these requests wait beside them)
                text(
                    "SELECT count(*) FROM loom_outbox WHERE published_at IS NULL AND subject NOT LIKE :log"
                ).bindparams(log=f"{settings.oplog_subject}.%")
            )
        ).scalar()
    assert waiting == 3
    # and a new relay starts and publishes again
    restarted = OutboxRelay(app.state.engine, app.state.js, poll_seconds=0.05)
    assert await restarted.publish_pending() >= 3
    # then each write reached the stream exactly once
    messages = await _drain(settings, "loom.sys.dict.changed", expected=3)
    seen = [events_pb2.DictChanged.FromString(m.data).type for m in messages]
    assert sorted(n for n in seen if n in names) == sorted(names)
    # (put a running relay back for the other tests)
    app.state.relay = OutboxRelay(app.state.engine, app.state.js, poll_seconds=0.05)
    asyncio.get_running_loop().create_task(app.state.relay.run())
