"""Wire shapes of a table design (the seed's fields, flags as '0'/'1' strings)."""

from __future__ import annotations

from typing import Any

from pydantic import Field, field_validator

from loom_platform.wire import Answer, WireModel


class ColumnSave(WireModel):
    """A column of a table design."""

    id: str | None = None
    sort: Any = 0
    is_insert: str | None = "1"
    is_edit: str | None = "1"
    name: str | None = None
    comments: str | None = None
    jdbc_type: str | None = None
    is_pk: str | None = "0"
    java_type: str | None = None
    java_field: str | None = None
    is_form: str | None = "1"
    show_type: str | None = None
    dict_type: str | None = None
    field_labels: str | None = None
    field_keys: str | None = None
    search_label: str | None = None
    search_key: str | None = None
    is_null: str | None = "1"
    validate_type: str | None = None
    min_length: str | None = None
    max_length: str | None = None
    min_value: str | None = None
    max_value: str | None = None
    is_list: str | None = "1"
    is_query: str | None = "0"
    query_type: str | None = None
    del_flag: Any = "0"

    @field_validator("min_length", "max_length", "min_value", "max_value", mode="before")
    @classmethod
    def _text(cls, value: Any) -> Any:
        return None if value is None else str(value)


class DataSourceRef(WireModel):
    """``dataSource {id, name, type}``."""

    id: str | None = None
    name: str | None = None
    type: str | None = None


class TableSave(WireModel):
    """A table design with its columns."""

    id: str | None = None
    is_sync: str | None = "0"
    name: str | None = None
    data_source: DataSourceRef | None = None
    comments: str | None = None
    id_type: str | None = "1"
    table_type: str | None = "0"
    class_name: str | None = None
    parent_table: str | None = None
    parent_table_fk: str | None = None
    column_list: list[ColumnSave] = Field(default_factory=list)


COLUMN_FIELDS = (
    "sort",
    "is_insert",
    "is_edit",
    "name",
    "comments",
    "jdbc_type",
    "is_pk",
    "java_type",
    "java_field",
    "is_form",
    "show_type",
    "dict_type",
    "field_labels",
    "field_keys",
    "search_label",
    "search_key",
    "is_null",
    "validate_type",
    "min_length",
    "max_length",
    "min_value",
    "max_value",
    "is_list",
    "is_query",
    "query_type",
)
TABLE_FIELDS = ("name", "comments", "id_type", "table_type", "class_name", "parent_table", "parent_table_fk")


class PhysicalTable(Answer):
    """A table of a data source: its name and comment."""

    name: str
    comments: str


class PhysicalTables(Answer):
    """A data source's tables (filtered by name) and how many."""

    rows: list[PhysicalTable]
    total: int
