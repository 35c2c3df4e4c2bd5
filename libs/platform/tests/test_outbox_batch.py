"""A batch outbox row (several events of one transaction) reaches each event's subject exactly once."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator

import nats
import pytest
from google.protobuf.wrappers_pb2 import StringValue
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from loom_platform import db
from loom_platform.logging import REQUEST_ID_HEADER
from loom_platform.messaging import ensure_stream
from loom_platform.outbox import (
    BATCH_SUBJECT,
    MESSAGE_TYPE_HEADER,
    OutboxRecord,
    OutboxRelay,
    carried,
    outbox_row,
)
from loom_platform.testing.fixtures import drop_database, recreate_database, worker_suffix


@pytest.fixture
async def engine(postgres_server_url: str) -> AsyncIterator[AsyncEngine]:
    name = f"loom_test_outbox_{worker_suffix()}"
    url = recreate_database(postgres_server_url, name)
    created = db.create_engine(url, pool_size=2)
    async with created.begin() as conn:
        await conn.run_sync(lambda sync: OutboxRecord.__table__.create(sync))  # type: ignore[attr-defined]
    yield created
    await created.dispose()
    drop_database(postgres_server_url, name)


class CrashAfterPublish(OutboxRelay):
    """A relay that dies after sending, before it could mark the rows as published."""

    async def _publish(self, rows: list[OutboxRecord]) -> None:
        await super()._publish(rows)
        raise RuntimeError("relay killed between publish and mark")


async def _insert(engine: AsyncEngine, columns: list[object]) -> None:
    async with engine.begin() as conn:
        await conn.execute(
            text(
                "INSERT INTO loom_outbox (id, subject, payload, headers, created_at) "
                "VALUES (:id, :subject, :payload, CAST(:headers AS jsonb), clock_timestamp())"
            ),
            dict(zip(("id", "subject", "payload", "headers"), columns, strict=True)),
        )


async def test_a_batch_row_fans_out_once_per_event_even_when_the_relay_dies_before_marking(
    engine: AsyncEngine, nats_url: str
) -> None:
    # given: one transaction's three events stored as one batch row, and a single event as a plain row
    prefix = f"loom.test{uuid.uuid4().hex[:8]}"
    events = [
        (f"{prefix}.task.created", StringValue(value="t1")),
        (f"{prefix}.task.assigned", StringValue(value="t1 -> alice")),
        (f"{prefix}.process.started", StringValue(value="p1")),
    ]
    batch, single = (
        outbox_row(events, "req-batch"),
        outbox_row([(f"{prefix}.task.created", StringValue(value="t2"))], ""),
    )
    assert batch[1] == BATCH_SUBJECT and single[1] == f"{prefix}.task.created"
    await _insert(engine, batch)
    await _insert(engine, single)
    nc = await nats.connect(nats_url)
    js = nc.jetstream()
    stream = f"TEST_{uuid.uuid4().hex[:8]}"
    await ensure_stream(js, stream, [f"{prefix}.>"])
    try:
        # when: a relay publishes them and dies before marking them, and a new relay publishes again
        with pytest.raises(RuntimeError):
            await CrashAfterPublish(engine, js).publish_pending()
        assert await OutboxRelay(engine, js).publish_pending() == 2
        assert await OutboxRelay(engine, js).publish_pending() == 0
        # then: the stream holds each event once, in order, on its own subject with its type and request id
        sub = await js.pull_subscribe(f"{prefix}.>", stream=stream)
        got = await sub.fetch(10, timeout=2)
    finally:
        await nc.close()
    assert [(m.subject, StringValue.FromString(m.data).value) for m in got] == [
        (f"{prefix}.task.created", "t1"),
        (f"{prefix}.task.assigned", "t1 -> alice"),
        (f"{prefix}.process.started", "p1"),
        (f"{prefix}.task.created", "t2"),
    ]
    headers = [m.headers or {} for m in got]
    assert [h["Nats-Msg-Id"] for h in headers] == [
        f"{batch[0]}.0",
        f"{batch[0]}.1",
        f"{batch[0]}.2",
        single[0],
    ]
    assert {h[MESSAGE_TYPE_HEADER] for h in headers} == {"google.protobuf.StringValue"}
    assert [h[REQUEST_ID_HEADER] for h in headers[:3]] == ["req-batch"] * 3


def test_an_outbox_row_tells_which_messages_it_carries() -> None:
    # given: a batch of two events and a plain row
    events = [("a.b.created", StringValue(value="1")), ("a.b.deleted", StringValue(value="2"))]
    _, subject, payload, _ = outbox_row(events, "r")
    # then: both read back as (subject, payload), a plain row as itself
    assert [(s, StringValue.FromString(p).value) for s, p in carried(str(subject), bytes(payload))] == [  # type: ignore[arg-type]
        ("a.b.created", "1"),
        ("a.b.deleted", "2"),
    ]
    assert carried("a.b.created", b"x") == [("a.b.created", b"x")]


def test_a_large_batch_is_stored_compressed_and_reads_back_whole() -> None:
    # given: a transaction's events that repeat their ids, as a workflow command's do
    ids = "0f5d7c1e9a8b4c3d2e1f0a9b8c7d6e5f"
    events = [
        (f"a.task.{v}", StringValue(value=f"{ids}/{ids}/{v}")) for v in ("created", "assigned", "completed")
    ] * 3
    _, _, payload, _ = outbox_row(events, "r")
    # then: smaller than the framed messages, and every message is carried back in order
    framed = sum(8 + len(s) + len("google.protobuf.StringValue") + m.ByteSize() for s, m in events)
    assert bytes(payload)[:1] == b"z" and len(bytes(payload)) < framed / 2  # type: ignore[arg-type]
    assert [(s, StringValue.FromString(p).value) for s, p in carried(BATCH_SUBJECT, bytes(payload))] == [  # type: ignore[arg-type]
        (s, m.value) for s, m in events
    ]
