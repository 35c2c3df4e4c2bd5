from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime
from sqlmodel import Field, SQLModel

from loom_platform.records import Record


class StoredFile(Record, table=True):
    """An uploaded file: stored under a generated name, downloaded under its original one."""

    __tablename__ = "sys_file"

    name: str = Field(max_length=255)
    path: str = Field(max_length=1000, unique=True)
    size: int
    content_type: str | None = Field(default=None, max_length=200)


class DownloadTicket(SQLModel, table=True):
    """A one-time, short-lived permission to fetch one file without a token (a link opened in a
    new tab or by another program). Only the ticket's hash is stored; using it deletes it."""

    __tablename__ = "sys_file_ticket"

    ticket_hash: str = Field(primary_key=True, max_length=64)
    source: str = Field(max_length=1000)
    user_id: str = Field(max_length=64)
    expires_at: datetime = Field(sa_type=DateTime(timezone=True), index=True)
