"""Categories of process form definitions: a tree."""

from __future__ import annotations

from sqlmodel import Field

from loom_platform.records import Record


class FormCategory(Record, table=True):
    """A node of the category tree (root nodes have parent '0')."""

    __tablename__ = "form_category"

    parent_id: str = Field(default="0", max_length=64, index=True)
    parent_ids: str = Field(default="0,", max_length=2000)
    name: str = Field(max_length=100)
    sort: int = 30
