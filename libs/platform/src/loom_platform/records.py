"""The base of every service's own tables: a string id and the audit columns.

``Stamped`` carries the id and the two dates (gencode's tables); ``Authored`` adds who created and
last changed a row (forms' tables); ``Record`` adds its remarks too (sys's, workflow's and the
forms tables people describe). Table models derive from one of them with ``table=True``.
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


class Authored(Stamped):
    """Id and audit columns: who and when."""

    create_by: str | None = Field(default=None, max_length=64)
    update_by: str | None = Field(default=None, max_length=64)


class Record(Authored):
    """Id, audit columns (who and when) and remarks."""

    remarks: str | None = Field(default=None, max_length=255)
