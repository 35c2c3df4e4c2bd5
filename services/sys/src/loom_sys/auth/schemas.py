"""What the auth routes take."""

from __future__ import annotations

from pydantic import Field

from loom_platform.wire import WireModel


class LoginForm(WireModel):
    username: str = Field(min_length=1, max_length=100)
    password: str = Field(min_length=1, max_length=100)
    code: str | None = None
