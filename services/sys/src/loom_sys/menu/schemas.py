from __future__ import annotations

from pydantic import Field

from loom_platform.wire import Answer, WireModel


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


class MenuPublic(Answer):
    """A menu, page or button as the client reads it (``queryById``)."""

    id: str
    parent_id: str
    parent_ids: str
    name: str
    name_en: str | None
    href: str | None
    target: str | None
    icon: str | None
    sort: int
    is_show: str
    type: str
    permission: str | None
    affix: str
    remarks: str | None


class MenuNode(MenuPublic):
    """A menu in the tree, with the menus below it."""

    children: list[MenuNode]


class MenuGrantNode(MenuPublic):
    """A menu in the grant tree: its name also as ``label``, with the menus below it."""

    label: str
    children: list[MenuGrantNode]
