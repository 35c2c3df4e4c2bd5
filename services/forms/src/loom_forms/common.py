"""What every forms domain shares: the stamped base record, events, request bodies."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from fastapi import Request
from sqlalchemy import DateTime
from sqlmodel import Field, SQLModel
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_contracts.loom.forms.v1 import events_pb2
from loom_platform.errors import InvalidArgument
from loom_platform.logging import caller
from loom_platform.outbox import add_event
from loom_platform.wire import new_id, now

KINDS = {
    "created": events_pb2.CHANGE_KIND_CREATED,
    "saved": events_pb2.CHANGE_KIND_UPDATED,
    "deleted": events_pb2.CHANGE_KIND_DELETED,
}


class Stamped(SQLModel):
    """Id, who and when: the base columns every forms table has (seed 000 §3)."""

    id: str = Field(default_factory=new_id, primary_key=True, max_length=64)
    create_by: str | None = Field(default=None, max_length=64)
    create_date: datetime = Field(default_factory=now, sa_type=DateTime(timezone=True))
    update_by: str | None = Field(default=None, max_length=64)
    update_date: datetime = Field(default_factory=now, sa_type=DateTime(timezone=True))


def touch(record: Stamped, *, created: bool) -> None:
    """Stamps who changed a record and when."""
    who = caller.get()
    if created:
        record.create_by, record.create_date = who, now()
    record.update_by, record.update_date = who, now()


def publish(session: AsyncSession, entity: str, record_id: str, verb: str, name: str = "") -> None:
    """Adds ``loom.forms.<entity>.<verb>`` to the session's transaction (outbox)."""
    message = events_pb2.RecordChanged(entity=entity, id=record_id, kind=KINDS.get(verb, 0), name=name)
    add_event(session, f"loom.forms.{entity}.{verb}", message)


async def form_body(request: Request) -> dict[str, Any]:
    """A body that may be form-encoded or JSON, plus query values (JeePlus sends all three)."""
    data: dict[str, Any] = dict(request.query_params)
    if "application/json" in request.headers.get("content-type", ""):
        body = await request.json() if await request.body() else {}
        if not isinstance(body, Mapping):
            raise InvalidArgument("validation_failed", field="body", detail="object expected")
        data.update(body)
    else:
        form = await request.form()
        data.update({k: v for k, v in form.items() if isinstance(v, str)})
    return data


def json_object(text: Any, field: str) -> dict[str, Any]:
    """A JSON object given as text or already parsed; 400 when it is neither."""
    if isinstance(text, Mapping):
        return dict(text)
    if text in (None, ""):
        return {}
    try:
        value = json.loads(str(text))
    except ValueError as exc:
        raise InvalidArgument("validation_failed", field=field, detail="JSON") from exc
    if not isinstance(value, Mapping):
        raise InvalidArgument("validation_failed", field=field, detail="JSON object")
    return dict(value)


def text_of(value: Any) -> str:
    """A form value as text ('' for None)."""
    return "" if value is None else str(value).strip()
