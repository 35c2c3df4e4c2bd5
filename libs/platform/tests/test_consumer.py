"""A durable consumer handles each message once, also when it is delivered again."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Sequence
from typing import Any

import nats
import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from loom_platform import db
from loom_platform.messaging import DurableConsumer, ensure_stream, message_id
from loom_platform.outbox import already_handled, newly_handled
from loom_platform.testing.fixtures import drop_database, recreate_database, worker_suffix


@pytest.fixture
async def engine(postgres_server_url: str) -> AsyncIterator[AsyncEngine]:
    name = f"loom_test_platform_{worker_suffix()}"
    url = recreate_database(postgres_server_url, name)
    created = db.create_engine(url, pool_size=2)
    async with created.begin() as conn:
        await conn.execute(
            text(
                "CREATE TABLE loom_inbox (consumer varchar(100), message_id varchar(64), handled_at timestamptz,"
                " PRIMARY KEY (consumer, message_id))"
            )
        )
        await conn.execute(text("CREATE TABLE effects (message_id varchar(64))"))
    yield created
    await created.dispose()
    drop_database(postgres_server_url, name)


async def _run_until_handled(consumer: DurableConsumer, engine: AsyncEngine, count: int) -> list[str]:
    """Runs the consumer until ``count`` messages are marked handled (10 s at most); the effects' ids."""
    task = asyncio.create_task(consumer.run())
    for _ in range(100):
        async with engine.connect() as conn:
            if (await conn.execute(text("SELECT count(*) FROM loom_inbox"))).scalar() == count:
                break
        await asyncio.sleep(0.1)
    consumer.stop()
    await task
    async with engine.connect() as conn:
        return sorted((await conn.execute(text("SELECT message_id FROM effects"))).scalars().all())


async def test_a_redelivered_message_changes_nothing(engine: AsyncEngine, nats_url: str) -> None:
    # given a stream with three messages, each published once and one of them twice under the same id
    nc = await nats.connect(nats_url)
    js = nc.jetstream()
    stream, subject = f"TEST_{uuid.uuid4().hex[:8]}", f"loom.test{uuid.uuid4().hex[:8]}.thing.happened"
    await ensure_stream(js, stream, [subject], duplicate_window_seconds=1)
    for number in ("1", "2", "3"):
        await js.publish(subject, number.encode(), headers={"Nats-Msg-Id": f"m{number}"})
    factory = db.session_factory(engine)
    failed_once: set[str] = set()

    async def handle(msg: nats.aio.msg.Msg) -> None:
        async with factory() as session, db.transaction(session):
            if await already_handled(session, "test-consumer", message_id(msg)):
                return
            await session.execute(text("INSERT INTO effects VALUES (:m)"), {"m": message_id(msg)})
            if message_id(msg) == "m2" and "m2" not in failed_once:
                failed_once.add("m2")
                raise RuntimeError("the handler dies once, after its work, before the commit")

    # when a durable consumer handles them (m2 fails once and is redelivered)
    consumer = DurableConsumer(js, stream=stream, durable="test-consumer", subject=subject, handler=handle)
    effects = await _run_until_handled(consumer, engine, 3)
    await nc.close()
    # then every message took effect exactly once
    assert effects == ["m1", "m2", "m3"]


async def test_a_batch_takes_effect_at_once_and_a_bad_message_in_it_alone_is_redelivered(
    engine: AsyncEngine, nats_url: str
) -> None:
    # given a stream with five messages, the fourth of which its handler refuses the first time
    nc = await nats.connect(nats_url)
    js = nc.jetstream()
    stream, subject = f"TEST_{uuid.uuid4().hex[:8]}", f"loom.test{uuid.uuid4().hex[:8]}.thing.happened"
    await ensure_stream(js, stream, [subject], duplicate_window_seconds=1)
    for number in "12345":
        await js.publish(subject, number.encode(), headers={"Nats-Msg-Id": f"m{number}"})
    factory = db.session_factory(engine)
    refused: set[str] = set()
    batches: list[int] = []

    async def write(session: Any, msg: nats.aio.msg.Msg) -> None:
        if await already_handled(session, "test-batch", message_id(msg)):
            return
        await session.execute(text("INSERT INTO effects VALUES (:m)"), {"m": message_id(msg)})
        if message_id(msg) == "m4" and "m4" not in refused:
            refused.add("m4")
            raise RuntimeError("m4 is refused once")

    async def handle(msg: nats.aio.msg.Msg) -> None:
        async with factory() as session, db.transaction(session):
            await write(session, msg)

    async def handle_batch(messages: Sequence[nats.aio.msg.Msg]) -> None:
        batches.append(len(messages))
        async with factory() as session, db.transaction(session):
            for msg in messages:
                await write(session, msg)

    # when a consumer with a batch handler takes them
    consumer = DurableConsumer(
        js, stream=stream, durable="test-batch", subject=subject, handler=handle, batch_handler=handle_batch
    )
    effects = await _run_until_handled(consumer, engine, 5)
    await nc.close()
    # then the first batch rolled back as a whole, its messages went one by one (m4 redelivered),
    # and every message took effect exactly once
    assert effects == ["m1", "m2", "m3", "m4", "m5"]
    assert batches and batches[0] == 5


async def test_a_consumer_of_a_few_subjects_gets_only_those_also_as_an_existing_durable(
    engine: AsyncEngine, nats_url: str
) -> None:
    # given a durable made for every subject of a stream (as the notice consumer's was)
    nc = await nats.connect(nats_url)
    js = nc.jetstream()
    stream, prefix = f"TEST_{uuid.uuid4().hex[:8]}", f"loom.test{uuid.uuid4().hex[:8]}"
    await ensure_stream(js, stream, [f"{prefix}.>"], duplicate_window_seconds=1)
    received: list[str] = []
    factory = db.session_factory(engine)

    async def handle(msg: nats.aio.msg.Msg) -> None:
        received.append(msg.subject.removeprefix(prefix + "."))
        async with factory() as session, db.transaction(session):
            await already_handled(session, "test-filter", message_id(msg))

    every = DurableConsumer(js, stream=stream, durable="test-filter", subject=f"{prefix}.>", handler=handle)
    await js.publish(f"{prefix}.task.completed", b"", headers={"Nats-Msg-Id": "m1"})
    await _run_until_handled(every, engine, 1)
    # when it is started again for two subjects, and four kinds of events are published
    few = DurableConsumer(
        js,
        stream=stream,
        durable="test-filter",
        subject=[f"{prefix}.task.created", f"{prefix}.process.completed"],
        handler=handle,
    )
    for number, kind in enumerate(("task.created", "task.completed", "process.completed", "task.updated"), 2):
        await js.publish(f"{prefix}.{kind}", b"", headers={"Nats-Msg-Id": f"m{number}"})
    await _run_until_handled(few, engine, 3)
    info = await js.consumer_info(stream, "test-filter")
    await nc.close()
    # then the durable kept its place and now delivers only the two subjects
    assert received == ["task.completed", "task.created", "process.completed"]
    assert sorted(info.config.filter_subjects or []) == [
        f"{prefix}.process.completed",
        f"{prefix}.task.created",
    ]
    assert info.num_pending == 0


async def test_a_batch_records_its_messages_once_and_answers_only_the_unseen(engine: AsyncEngine) -> None:
    # given a message handled before
    sessions = db.session_factory(engine)
    async with sessions() as session, db.transaction(session):
        assert not await already_handled(session, "test-batch-inbox", "m1")
    # when a batch brings it again with two new ones, one of them twice
    async with sessions() as session, db.transaction(session):
        fresh = await newly_handled(session, "test-batch-inbox", ["m1", "m2", "m3", "m2"])
    # then only the new ones are answered, and each is recorded once
    assert fresh == {"m2", "m3"}
    async with engine.connect() as conn:
        recorded = await conn.execute(
            text("SELECT message_id FROM loom_inbox WHERE consumer = 'test-batch-inbox' ORDER BY 1")
        )
        assert recorded.scalars().all() == ["m1", "m2", "m3"]
