"""Transactional outbox: an event is a row written in the same transaction as the change.

:func:`add_event` stores the serialised protobuf message; :class:`OutboxRelay` publishes
unpublished rows to JetStream with the row id as ``Nats-Msg-Id``, so a row published twice
(relay killed between publish and mark) is de-duplicated by the stream.

A writer with several events per transaction (the workflow engine: one command raises a handful)
may store them as one *batch* row (:func:`outbox_row`): subject :data:`BATCH_SUBJECT`, the messages
framed in the payload. The relay fans it back out, each message on its own subject with the
``Nats-Msg-Id`` ``<row id>.<index>``, so consumers see exactly what one row per event gave them.
"""

from __future__ import annotations

import asyncio
import logging
import struct
import uuid
import zlib
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from types import ModuleType
from typing import Any, Protocol

import orjson
from google.protobuf.message import Message
from nats.js import JetStreamContext
from sqlalchemy import Column, DateTime, Index, LargeBinary, String, delete, select, text, update
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, async_sessionmaker
from sqlmodel import Field, SQLModel
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.db import on_commit
from loom_platform.logging import REQUEST_ID_HEADER, request_id

log = logging.getLogger(__name__)

CONTENT_TYPE_HEADER = "Content-Type"
MESSAGE_TYPE_HEADER = "Loom-Message-Type"
PROTOBUF = "application/protobuf"
# The subject of a batch row; never published as such (the relay publishes the messages it frames).
BATCH_SUBJECT = "loom.outbox.batch"
_FRAME = struct.Struct(">HHI")  # subject length, message type length, payload length
_COMPRESSED = b"z"  # a compressed batch's first byte
_COMPRESS_OVER = 256


def utcnow() -> datetime:
    return datetime.now(UTC)


class OutboxRecord(SQLModel, table=True):
    """An event waiting to be published (``published_at`` null) or already sent."""

    __tablename__ = "loom_outbox"
    __table_args__ = (
        Index("ix_loom_outbox_unpublished", "created_at", postgresql_where=text("published_at IS NULL")),
    )

    id: str = Field(default_factory=lambda: uuid.uuid4().hex, primary_key=True, max_length=32)
    subject: str = Field(sa_column=Column(String(255), nullable=False))
    payload: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
    headers: dict[str, str] = Field(default_factory=dict, sa_column=Column(JSONB, nullable=False))
    created_at: datetime = Field(
        default_factory=utcnow, sa_column=Column(DateTime(timezone=True), nullable=False)
    )
    published_at: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True)))


class InboxRecord(SQLModel, table=True):
    """A message a durable consumer has already handled (idempotency key)."""

    __tablename__ = "loom_inbox"

    consumer: str = Field(primary_key=True, max_length=100)
    message_id: str = Field(primary_key=True, max_length=64)
    handled_at: datetime = Field(
        default_factory=utcnow, sa_column=Column(DateTime(timezone=True), nullable=False)
    )


_wake = asyncio.Event()
_TABLE = OutboxRecord.__table__  # type: ignore[attr-defined]


def add_event(
    session: AsyncSession, subject: str, message: Message, *, headers: dict[str, str] | None = None
) -> OutboxRecord:
    """Adds ``message`` for ``subject`` to the session's transaction; it is published after commit."""
    record = OutboxRecord(
        subject=subject,
        payload=message.SerializeToString(),
        headers={
            CONTENT_TYPE_HEADER: PROTOBUF,
            MESSAGE_TYPE_HEADER: message.DESCRIPTOR.full_name,
            REQUEST_ID_HEADER: request_id.get(),
            **(headers or {}),
        },
    )
    session.add(record)
    on_commit(session, _wake.set)
    return record


class ChangePublisher(Protocol):
    """``publish(session, entity, record_id, verb, name="")``: see :func:`record_changes`."""

    def __call__(
        self, session: AsyncSession, entity: str, record_id: str, verb: str, name: str = ""
    ) -> None: ...


def record_changes(service: str, events: ModuleType) -> ChangePublisher:
    """The publisher of a service's record changes: ``publish(session, entity, id, verb, name)`` adds
    ``loom.<service>.<entity>.<verb>`` (verb ``created``, ``saved`` or ``deleted``) carrying the
    service's ``RecordChanged`` (``events``: its ``events_pb2``) to the session's transaction."""
    kinds = {
        "created": events.CHANGE_KIND_CREATED,
        "saved": events.CHANGE_KIND_UPDATED,
        "deleted": events.CHANGE_KIND_DELETED,
    }

    def publish(session: AsyncSession, entity: str, record_id: str, verb: str, name: str = "") -> None:
        message = events.RecordChanged(entity=entity, id=record_id, kind=kinds.get(verb, 0), name=name)
        add_event(session, f"loom.{service}.{entity}.{verb}", message)

    return publish


def outbox_row(messages: Sequence[tuple[str, Message]], rid: str) -> list[object]:
    """The columns (id, subject, payload, headers as JSON text) of ONE outbox row for ``messages``,
    raised by one transaction of request ``rid``: the plain row of :func:`add_event` for a single
    message, else a batch row the relay fans out in order."""
    if len(messages) == 1:
        subject, message = messages[0]
        headers = {CONTENT_TYPE_HEADER: PROTOBUF, MESSAGE_TYPE_HEADER: message.DESCRIPTOR.full_name}
        return [uuid.uuid4().hex, subject, message.SerializeToString(), _headers(headers, rid)]
    return [
        uuid.uuid4().hex,
        BATCH_SUBJECT,
        pack_batch(messages),
        _headers({CONTENT_TYPE_HEADER: PROTOBUF}, rid),
    ]


def _headers(headers: dict[str, str], rid: str) -> str:
    return orjson.dumps({**headers, REQUEST_ID_HEADER: rid}).decode()


def pack_batch(messages: Sequence[tuple[str, Message]]) -> bytes:
    """Messages framed one after the other: lengths, subject, message type, serialised message;
    zlib-compressed (prefix ``z``) above :data:`_COMPRESS_OVER` bytes: a transaction's events repeat
    their ids, subjects and types (a workflow command's ~1.2 KB become ~0.5 KB of heap and WAL)."""
    out = bytearray()
    for subject, message in messages:
        name, type_name, payload = (
            subject.encode(),
            message.DESCRIPTOR.full_name.encode(),
            message.SerializeToString(),
        )
        out += _FRAME.pack(len(name), len(type_name), len(payload)) + name + type_name + payload
    if len(out) > _COMPRESS_OVER:
        # a small window and hash: zlib.compress's default state costs ~260 KB per call
        packer = zlib.compressobj(1, zlib.DEFLATED, 12, 4)
        return _COMPRESSED + packer.compress(bytes(out)) + packer.flush()
    return bytes(out)


def unpack_batch(data: bytes) -> list[tuple[str, str, bytes]]:
    """(subject, message type, payload) of each message of a batch row, in order. A plain batch starts
    with its first subject's length (two bytes, the first 0 for any subject under 256 bytes), never
    with the compressed prefix."""
    if data[:1] == _COMPRESSED:
        data = zlib.decompress(data[1:])
    out: list[tuple[str, str, bytes]] = []
    at = 0
    while at < len(data):
        subject_len, type_len, payload_len = _FRAME.unpack_from(data, at)
        at += _FRAME.size
        subject = data[at : at + subject_len].decode()
        at += subject_len
        type_name = data[at : at + type_len].decode()
        at += type_len
        out.append((subject, type_name, data[at : at + payload_len]))
        at += payload_len
    return out


def carried(subject: str, payload: bytes) -> list[tuple[str, bytes]]:
    """(subject, payload) of each message an outbox row carries: itself, or each of a batch's."""
    if subject != BATCH_SUBJECT:
        return [(subject, payload)]
    return [(s, p) for s, _, p in unpack_batch(payload)]


def published_messages(row: OutboxRecord) -> list[tuple[str, bytes, dict[str, str]]]:
    """What the relay publishes for a row: (subject, payload, headers with ``Nats-Msg-Id``) per message."""
    if row.subject != BATCH_SUBJECT:
        return [(row.subject, row.payload, {**row.headers, "Nats-Msg-Id": row.id})]
    return [
        (subject, payload, {**row.headers, MESSAGE_TYPE_HEADER: type_name, "Nats-Msg-Id": f"{row.id}.{i}"})
        for i, (subject, type_name, payload) in enumerate(unpack_batch(row.payload))
    ]


async def already_handled(session: AsyncSession, consumer: str, message_id: str) -> bool:
    """Records ``message_id`` for ``consumer`` in the current transaction; True if it was seen before."""
    result = await session.execute(
        text(
            "INSERT INTO loom_inbox (consumer, message_id, handled_at) VALUES (:c, :m, now()) "
            "ON CONFLICT DO NOTHING RETURNING message_id"
        ),
        {"c": consumer, "m": message_id},
    )
    return result.first() is None


async def newly_handled(session: AsyncSession, consumer: str, message_ids: Sequence[str]) -> set[str]:
    """Records ``message_ids`` for ``consumer`` in the current transaction in one statement; answers
    those not seen before (a batch's :func:`already_handled`)."""
    if not message_ids:
        return set()
    result = await session.execute(
        text(
            "INSERT INTO loom_inbox (consumer, message_id, handled_at) "
            "SELECT :c, m, now() FROM unnest(CAST(:ms AS text[])) AS m "
            "ON CONFLICT DO NOTHING RETURNING message_id"
        ),
        {"c": consumer, "ms": list(dict.fromkeys(message_ids))},
    )
    return {row[0] for row in result}


class OutboxRelay:
    """Publishes committed outbox rows to JetStream, in order, each exactly once."""

    def __init__(
        self,
        engine: AsyncEngine,
        js: JetStreamContext,
        *,
        batch_size: int = 200,
        poll_seconds: float = 0.5,
        keep_published: timedelta = timedelta(days=2),
    ) -> None:
        self._engine = engine
        self._sessions = async_sessionmaker(engine, class_=AsyncSession, expire_on_commit=False)
        self._pending_ids = (
            select(_TABLE.c.id)
            .where(_TABLE.c.published_at.is_(None))
            .order_by(_TABLE.c.created_at)
            .limit(batch_size)
            .with_for_update(skip_locked=True)
        )
        self._js = js
        self._batch_size = batch_size
        self._poll_seconds = poll_seconds
        self._keep_published = keep_published
        self._stopping = asyncio.Event()

    async def run(self) -> None:
        """Publishes until :meth:`stop`; wakes on local commits and polls for the rest."""
        cleaned_at = 0.0
        while not self._stopping.is_set():
            try:
                published = await self.publish_pending()
                loop_time = asyncio.get_running_loop().time()
                if loop_time - cleaned_at > 3600:
                    await self._forget_published()
                    cleaned_at = loop_time
            except Exception:  # keep relaying: NATS or the database may come back
                log.exception("outbox relay round failed")
                published = 0
            if published < self._batch_size:
                await self._sleep()

    async def publish_pending(self) -> int:
        """One round: mark up to a batch of unpublished rows as published, publish them, commit.
        Returns the count. One Core statement claims and marks the rows (no ORM objects, no separate
        select: the relay runs once per few commits); when publishing fails, the transaction rolls
        back and the rows stay unpublished, as if they had not been marked."""
        async with self._engine.begin() as conn:
            rows = await self._claim(conn)
            if not rows:
                return 0
            await self._publish(rows)  # type: ignore[arg-type]
            return len(rows)

    async def _claim(self, conn: AsyncConnection) -> list[Any]:
        """The rows of the round, locked and marked published in this transaction, oldest first."""
        claimed = await conn.execute(
            update(_TABLE)
            .where(_TABLE.c.id.in_(self._pending_ids.scalar_subquery()))
            .values(published_at=utcnow())
            .returning(_TABLE.c.id, _TABLE.c.subject, _TABLE.c.payload, _TABLE.c.headers, _TABLE.c.created_at)
        )
        return sorted(claimed, key=lambda row: row.created_at)  # RETURNING keeps no order

    async def _publish(self, rows: list[OutboxRecord]) -> None:
        acks = [
            await self._js.publish_async(subject, payload, headers=headers)
            for row in rows
            for subject, payload, headers in published_messages(row)
        ]
        await asyncio.wait_for(asyncio.gather(*acks), timeout=30)

    def stop(self) -> None:
        self._stopping.set()
        _wake.set()

    async def _sleep(self) -> None:
        try:
            await asyncio.wait_for(_wake.wait(), timeout=self._poll_seconds)
        except TimeoutError:
            pass
        _wake.clear()

    async def _forget_published(self) -> None:
        cutoff = utcnow() - self._keep_published
        async with self._sessions() as session, session.begin():
            await session.execute(
                delete(OutboxRecord).where(OutboxRecord.published_at < cutoff)  # type: ignore[operator,arg-type]
            )


def header(msg: Any, name: str, default: str = "") -> str:
    """A header of a received NATS message, or ``default``."""
    headers = getattr(msg, "headers", None) or {}
    value = headers.get(name)
    return str(value) if value is not None else default
