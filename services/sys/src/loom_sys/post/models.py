from __future__ import annotations

from sqlmodel import Field

from loom_platform.records import Record


class Post(Record, table=True):
    """A job position; reviewers can be chosen by post."""

    __tablename__ = "sys_post"

    name: str = Field(max_length=100)
    code: str = Field(max_length=100, unique=True)
    type: str | None = Field(default=None, max_length=10)
    status: str = Field(default="1", max_length=1)
    sort: int = Field(default=10)
