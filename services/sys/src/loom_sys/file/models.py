from __future__ import annotations

from sqlmodel import Field

from loom_platform.records import Record


class StoredFile(Record, table=True):
    """An uploaded file: stored under a generated name, downloaded under its original one."""

    __tablename__ = "sys_file"

    name: str = Field(max_length=255)
    path: str = Field(max_length=1000, unique=True)
    size: int
    content_type: str | None = Field(default=None, max_length=200)
