"""Transactional outbox: an event is a row written in the same transaction as the change.

:func:`add_event` stores the serialised protobuf message; :class:`OutboxRelay` publishes
unpublished rows to JetStream with the row id as ``Nats-Msg-Id``, so a row published twice
(relay killed between publish and mark) is de-duplicated by the stream.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from google.protobuf.message import Message
from nats.js import JetStreamContext
from sqlalchemy import Column, DateTime, Index, LargeBinary, String, delete, select, text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker
from sqlmodel import Field, SQLModel
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.db import on_commit
from loom_platform.logging import REQUEST_ID_HEADER, request_id

log = logging.getLogger(__name__)

CONTENT_TYPE_HEADER = "Content-Type"
MESSAGE_TYPE_HEADER = "Loom-Message-Type"


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


def add_event(
    session: AsyncSession, subject: str, message: Message, *, headers: dict[str, str] | None = None
) -> OutboxRecord:
    """Adds ``message`` for ``subject`` to the session's transaction; it is published after commit."""
    record = OutboxRecord(
        subject=subject,
        payload=message.SerializeToString(),
        headers={
            CONTENT_TYPE_HEADER: "application/protobuf",
            MESSAGE_TYPE_HEADER: message.DESCRIPTOR.full_name,
            REQUEST_ID_HEADER: request_id.get(),
            **(headers or {}),
        },
    )
    session.add(record)
    on_commit(session, _wake.set)
    return record


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
        self._sessions = async_sessionmaker(engine, class_=AsyncSession, expire_on_commit=False)
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
        """One round: publish up to a batch of unpublished rows and mark them. Returns the count."""
        async with self._sessions() as session, session.begin():
            rows = (
                (
                    await session.execute(
                        select(OutboxRecord)
                        .where(OutboxRecord.published_at.is_(None))  # type: ignore[union-attr]
                        .order_by(OutboxRecord.created_at)  # type: ignore[arg-type]
                        .limit(self._batch_size)
                        .with_for_update(skip_locked=True)
                    )
                )
                .scalars()
                .all()
            )
            if not rows:
                return 0
            await self._publish(list(rows))
            await self._mark(session, list(rows))
            return len(rows)

    async def _publish(self, rows: list[OutboxRecord]) -> None:
        acks = [
            await self._js.publish_async(
                row.subject, row.payload, headers={**row.headers, "Nats-Msg-Id": row.id}
            )
            for row in rows
        ]
        await asyncio.wait_for(asyncio.gather(*acks), timeout=30)

    async def _mark(self, session: AsyncSession, rows: list[OutboxRecord]) -> None:
        published = utcnow()
        for row in rows:
            row.published_at = published
        await session.flush()

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
