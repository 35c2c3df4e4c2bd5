"""Columns every workflow record of the service's own tables carries."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime
from sqlmodel import Field, SQLModel

from loom_platform.wire import new_id, now


class Record(SQLModel):
    """Id, audit columns and remarks."""

    id: str = Field(default_factory=new_id, primary_key=True, max_length=64)
    create_by: str | None = Field(default=None, max_length=64)
    create_date: datetime = Field(default_factory=now, sa_type=DateTime(timezone=True))
    update_by: str | None = Field(default=None, max_length=64)
    update_date: datetime = Field(default_factory=now, sa_type=DateTime(timezone=True))
    remarks: str | None = Field(default=None, max_length=255)


def iso(value: datetime | None) -> str | None:
    """A timestamp as the client formats it (ISO-8601)."""
    return value.isoformat() if value is not None else None


def millis(value: datetime | None) -> int | None:
    """A timestamp as epoch milliseconds (the flow-step screens divide it by 1000)."""
    return int(value.timestamp() * 1000) if value is not None else None
