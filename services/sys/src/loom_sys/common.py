"""Columns every sys record carries, and the tree columns of offices, areas and menus."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, DateTime
from sqlmodel import Field, SQLModel

from loom_platform.wire import new_id, now


def _stamp() -> Column[datetime]:
    return Column(DateTime(timezone=True), nullable=False, default=now)


class Record(SQLModel):
    """Id, audit columns and remarks."""

    id: str = Field(default_factory=new_id, primary_key=True, max_length=64)
    create_by: str | None = Field(default=None, max_length=64)
    create_date: datetime = Field(default_factory=now, sa_type=DateTime(timezone=True))
    update_by: str | None = Field(default=None, max_length=64)
    update_date: datetime = Field(default_factory=now, sa_type=DateTime(timezone=True))
    remarks: str | None = Field(default=None, max_length=255)


class TreeRecord(Record):
    """A node of a tree: root nodes have parent id '0'; ``parent_ids`` lists ancestors, comma-ended."""

    parent_id: str = Field(default="0", max_length=64, index=True)
    parent_ids: str = Field(default="0,", max_length=2000)
    name: str = Field(max_length=100)
    sort: int = Field(default=30)
