"""What the 数据库管理 screens send: a table with its columns (``create/do``, ``alter/do``)."""

from __future__ import annotations

import re
from typing import Any

from pydantic import Field, field_validator

from loom_gencode.dbtable.errors import TableNameInvalid
from loom_gencode.table.schemas import Choice
from loom_platform.wire import Answer, WireModel

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


class ColumnDescribed(Answer):
    """A column as the database describes it (``oldName``: its name now, so a rename keeps values)."""

    name: str
    old_name: str
    comments: str
    jdbc_type: str
    is_null: str
    is_pk: str


class TableDescribed(Answer):
    """A table to create (no ``oldName``, no columns) or to alter, as the database describes it."""

    name: str
    old_name: str | None = None
    comments: str
    data_source_id: str
    column_list: list[ColumnDescribed]


class TableForm(Answer):
    """The create and alter forms: the table, and the column types of its kind of database."""

    table: TableDescribed
    column_types: list[Choice]


class TableName(Answer):
    """A table of a data source: its name and comment."""

    name: str
    comments: str


class TablesPage(Answer):
    """A page of a data source's tables: ``rows``, their ``total``, the page and its size."""

    rows: list[TableName]
    total: int
    current: int
    size: int


class Statement(Answer):
    """A statement a change runs (or would run): ``lossy`` when it can lose data, with a note."""

    sql: str
    lossy: bool
    note: str


class TableChanged(Answer):
    """A table created or altered (``msg``), or with ``preview`` the statements it would run."""

    name: str
    statements: list[Statement]
    lossy: bool
    msg: str | None = None


class ResultColumn(Answer):
    """A column of a statement's result: its name and its database type."""

    name: str
    type: str


class SqlResult(Answer):
    """What a statement answered: its columns (by name, and with their types), its rows (at most
    the row cap: ``truncated`` when cut), and the rows a write touched."""

    success: bool
    columns: list[str]
    column_list: list[ResultColumn]
    list_: list[dict[str, Any]] = Field(alias="list")
    truncated: bool
    affected: int | None


class SqlRunPublic(Answer):
    """A statement run on a data source: by whom, when (ISO 8601), how long it took, how many
    rows it answered and the error it met."""

    id: str
    data_source_id: str
    sql: str
    user_id: str
    login_name: str
    ran_at: str
    duration_ms: int
    row_count: int | None
    error: str | None
