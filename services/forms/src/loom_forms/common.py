"""What every forms domain shares: stamping who changed a record, events, JSON fields."""

from __future__ import annotations

from typing import Any

from sqlmodel.ext.asyncio.session import AsyncSession

from loom_contracts.loom.forms.v1 import events_pb2
from loom_platform.logging import caller
from loom_platform.outbox import add_event
from loom_platform.records import Authored
from loom_platform.wire import now

KINDS = {
    "created": events_pb2.CHANGE_KIND_CREATED,
    "saved": events_pb2.CHANGE_KIND_UPDATED,
    "deleted": events_pb2.CHANGE_KIND_DELETED,
}


def touch(record: Authored, *, created: bool) -> None:
    """Stamps who changed a record and when."""
    who = caller.get()
    if created:
        record.create_by, record.create_date = who, now()
    record.update_by, record.update_date = who, now()


def publish(session: AsyncSession, entity: str, record_id: str, verb: str, name: str = "") -> None:
    """Adds ``loom.forms.<entity>.<verb>`` to the session's transaction (outbox)."""
    message = events_pb2.RecordChanged(entity=entity, id=record_id, kind=KINDS.get(verb, 0), name=name)
    add_event(session, f"loom.forms.{entity}.{verb}", message)


def text_of(value: Any) -> str:
    """A form value as text ('' for None)."""
    return "" if value is None else str(value).strip()
