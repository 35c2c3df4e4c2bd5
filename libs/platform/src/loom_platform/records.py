"""The base of every service's own tables: a string id and the audit columns.

``Stamped`` carries the id and the two dates (gencode's tables); ``Record`` adds who created and
last changed a row and its remarks (sys's and workflow's tables). Table models derive from one
of them with ``table=True``.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime
from sqlmodel import Field, SQLModel

from loom_platform.wire import new_id, now


class Stamped(SQLModel):
    """Id and audit dates."""

    id: str = Field(default_factory=new_id, primary_key=True, max_length=64)
    create_date: datetime = Field(default_factory=now, sa_type=DateTime(timezone=True))
    update_date: datetime = Field(default_factory=now, sa_type=DateTime(timezone=True))


class Record(Stamped):
    """Id, audit columns (who and when) and remarks."""

    create_by: str | None = Field(default=None, max_length=64)
    update_by: str | None = Field(default=None, max_length=64)
    remarks: str | None = Field(default=None, max_length=255)
