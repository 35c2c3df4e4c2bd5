from __future__ import annotations

from sqlmodel import Field

from loom_sys.common import TreeRecord


class Area(TreeRecord, table=True):
    """A region (country, province, city, district) in the area tree."""

    __tablename__ = "sys_area"

    code: str | None = Field(default=None, max_length=100)
    type: str | None = Field(default=None, max_length=1)
