"""What the role routes take."""

from __future__ import annotations

from pydantic import Field

from loom_platform.wire import WireModel


class RoleSave(WireModel):
    id: str | None = None
    name: str = Field(min_length=1, max_length=100)
    en_name: str = Field(min_length=1, max_length=100)
    useable: str = Field(default="1", pattern="^[01]$")
    remarks: str | None = Field(default=None, max_length=255)
    menu_id_list: list[str] | None = None
