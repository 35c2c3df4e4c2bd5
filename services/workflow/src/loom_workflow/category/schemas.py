from __future__ import annotations

from loom_platform.wire import WireModel


class CategorySave(WireModel):
    """A category as the category dialog sends it."""

    id: str | None = None
    parent_id: str | None = None
    name: str = ""
    sort: int | None = None
    remarks: str | None = None
