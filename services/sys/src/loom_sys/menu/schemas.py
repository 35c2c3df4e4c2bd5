from __future__ import annotations

from pydantic import Field

from loom_platform.wire import WireModel


class MenuSave(WireModel):
    id: str | None = None
    parent_id: str | None = Field(default="0", max_length=64)
    name: str = Field(min_length=1, max_length=200)
    name_en: str | None = Field(default=None, max_length=200)
    href: str | None = Field(default=None, max_length=2000)
    target: str | None = Field(default=None, max_length=20)
    icon: str | None = Field(default=None, max_length=100)
    sort: int = Field(default=30, ge=0, le=99999)
    is_show: str = Field(default="1", pattern="^[01]$")
    type: str = Field(default="1", pattern="^[012]$")
    permission: str | None = Field(default=None, max_length=200)
    affix: str = Field(default="0", pattern="^[01]$")
    remarks: str | None = Field(default=None, max_length=255)
