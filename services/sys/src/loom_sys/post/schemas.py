"""What the post routes take."""

from __future__ import annotations

from pydantic import Field

from loom_platform.wire import Answer, WireModel


class PostSave(WireModel):
    id: str | None = None
    name: str = Field(min_length=1, max_length=100)
    code: str = Field(min_length=1, max_length=100)
    type: str | None = Field(default=None, max_length=10)
    status: str = Field(default="1", pattern="^[01]$")
    sort: int = Field(default=10, ge=0, le=99999)
    remarks: str | None = Field(default=None, max_length=255)


class PostPublic(Answer):
    """A post as the client reads it."""

    id: str
    name: str
    code: str
    type: str | None
    status: str
    sort: int
    remarks: str | None
