"""What the 数据库管理 screens send: a table with its columns (``create/do``, ``alter/do``)."""

from __future__ import annotations

import re

from pydantic import Field, field_validator

from loom_gencode.dbtable.errors import TableNameInvalid
from loom_platform.wire import WireModel

NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,62}$")


def checked_name(value: str) -> str:
    """A table or column name as a plain identifier (the DDL quotes it anyway)."""
    name = (value or "").strip()
    if not NAME.match(name):
        raise TableNameInvalid(name=name[:64])
    return name


class ColumnIn(WireModel):
    """A column: ``oldName`` is its name before this change (a rename keeps its values)."""

    name: str
    old_name: str | None = None
    comments: str | None = None
    jdbc_type: str = "varchar(64)"
    is_null: str = "1"
    is_pk: str = "0"


class TableIn(WireModel):
    """A table of a data source: ``oldName`` for a renamed one; ``isForce`` '2' re-creates it."""

    data_source_id: str = Field(default="master", alias="dataSourceId")
    name: str
    old_name: str | None = None
    comments: str | None = None
    column_list: list[ColumnIn] = Field(default_factory=list)
    is_force: str = "1"
    preview: str | None = None

    @field_validator("data_source_id", mode="before")
    @classmethod
    def _blank_is_master(cls, value: object) -> object:
        return value or "master"
