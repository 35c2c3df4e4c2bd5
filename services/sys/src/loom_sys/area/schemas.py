"""What the area routes take."""

from __future__ import annotations

from pydantic import Field

from loom_platform.tree import LabelledPublic
from loom_platform.wire import WireModel


class AreaSave(WireModel):
    id: str | None = None
    parent_id: str | None = Field(default="0", max_length=64)
    name: str = Field(min_length=1, max_length=100)
    code: str | None = Field(default=None, max_length=100)
    type: str | None = Field(default=None, max_length=1)
    sort: int = Field(default=30, ge=0, le=99999)
    remarks: str | None = Field(default=None, max_length=255)


class AreaPublic(LabelledPublic):
    """An area as the client reads it (``queryById``): a labelled node with its code and type."""

    code: str | None
    type: str | None


class AreaNode(AreaPublic):
    """An area in the tree, with the areas below it."""

    children: list[AreaNode]
