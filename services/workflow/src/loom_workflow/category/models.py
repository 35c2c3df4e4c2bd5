from __future__ import annotations

from sqlmodel import Field

from loom_platform.records import Record


class ActCategory(Record, table=True):
    """A process category, a node of one tree (root nodes have parent '0')."""

    __tablename__ = "wf_act_category"

    parent_id: str = Field(default="0", max_length=64, index=True)
    parent_ids: str = Field(default="0,", max_length=2000)
    name: str = Field(max_length=100, unique=True)
    sort: int = Field(default=30)
