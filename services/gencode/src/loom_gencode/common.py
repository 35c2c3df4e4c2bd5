"""Small helpers every gencode domain uses: ids, wire schemas, events, request bodies."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from fastapi import Request
from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_contracts.loom.gencode.v1 import events_pb2
from loom_platform.errors import InvalidArgument
from loom_platform.outbox import add_event

KINDS = {
    "created": events_pb2.CHANGE_KIND_CREATED,
    "saved": events_pb2.CHANGE_KIND_UPDATED,
    "deleted": events_pb2.CHANGE_KIND_DELETED,
}


def new_id() -> str:
    """A new record id (the seeds' ids are strings)."""
    return uuid.uuid4().hex


def utcnow() -> datetime:
    """Now, timezone-aware."""
    return datetime.now(UTC)


class Wire(BaseModel):
    """A wire schema: camelCase on the wire, snake_case in Python, unknown keys ignored."""

    model_config = ConfigDict(
        alias_generator=to_camel, populate_by_name=True, extra="ignore", from_attributes=True
    )

    def dump(self) -> dict[str, Any]:
        """The camelCase dict the client reads."""
        return self.model_dump(by_alias=True)


def publish(session: AsyncSession, entity: str, record_id: str, verb: str, name: str = "") -> None:
    """Adds ``loom.gencode.<entity>.<verb>`` to the session's transaction (outbox)."""
    message = events_pb2.RecordChanged(entity=entity, id=record_id, kind=KINDS.get(verb, 0), name=name)
    add_event(session, f"loom.gencode.{entity}.{verb}", message)


def split_ids(ids: str | None) -> list[str]:
    """``?ids=a,b,c`` as a list, blanks dropped."""
    return [part.strip() for part in (ids or "").split(",") if part.strip()]


async def form_body(request: Request) -> dict[str, str]:
    """A form-encoded body (``synchDb``, ``createMenu``), also accepting JSON and query values."""
    content_type = request.headers.get("content-type", "")
    data: dict[str, str] = dict(request.query_params)
    if "application/json" in content_type:
        body = await request.json()
        if isinstance(body, Mapping):
            data.update({str(k): "" if v is None else str(v) for k, v in body.items()})
    else:
        form = await request.form()
        data.update({k: str(v) for k, v in form.items()})
    return data


def blank(value: Any) -> bool:
    """None or an empty/whitespace string."""
    return value is None or (isinstance(value, str) and not value.strip())


def require(value: Any, key: str, **params: Any) -> None:
    """Raises ``InvalidArgument(key)`` when ``value`` is blank."""
    if blank(value):
        raise InvalidArgument(key, **params)


def check_length(value: str | None, max_length: int, field: str) -> None:
    """Refuses text longer than the seed's limit."""
    if value is not None and len(value) > max_length:
        raise InvalidArgument("gencode.too_long", field=field, max=max_length)


def check_sort(value: Any, minimum: int = 0) -> int:
    """Sort is required and an integer from ``minimum`` to 99999."""
    if blank(value):
        raise InvalidArgument("gencode.sort_required")
    try:
        number = int(str(value))
    except ValueError as exc:
        raise InvalidArgument("gencode.sort_range", min=minimum) from exc
    if not minimum <= number <= 99999:
        raise InvalidArgument("gencode.sort_range", min=minimum)
    return number


def is_deleted(flag: Any) -> bool:
    """A nested row's delFlag: '1' (string) or 1 (number) means deleted."""
    return str(flag).strip() == "1"
