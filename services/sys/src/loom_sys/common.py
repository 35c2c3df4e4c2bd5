"""The tree columns of offices, areas and menus (every record's columns are the platform's ``Record``)."""

from __future__ import annotations

from sqlmodel import Field

from loom_platform.records import Record


class TreeRecord(Record):
    """A node of a tree: root nodes have parent id '0'; ``parent_ids`` lists ancestors, comma-ended."""

    parent_id: str = Field(default="0", max_length=64, index=True)
    parent_ids: str = Field(default="0,", max_length=2000)
    name: str = Field(max_length=100)
    sort: int = Field(default=30)
