"""Wire shapes of a table design (the seed's fields, flags as '0'/'1' strings)."""

from __future__ import annotations

from typing import Any

from pydantic import Field, field_validator

from loom_platform.paging import Page
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


class TableDataSource(Answer):
    """A design's data source: its id and name (``type`` is never filled, as in JeePlus)."""

    id: str
    name: str
    type: str | None


class TablePublic(Answer):
    """A table design as the list shows it: its name, kind, class and data source, and whether the
    physical table matches it (``isSync`` '1')."""

    id: str
    is_sync: str
    name: str
    data_source: TableDataSource
    comments: str | None
    id_type: str
    table_type: str
    class_name: str | None
    parent_table: str | None
    parent_table_fk: str | None


class ColumnPublic(Answer):
    """A column of a design: physical type, Java mapping, form control, validation, list and query
    (flags as '0'/'1')."""

    id: str
    sort: int
    is_insert: str
    is_edit: str
    name: str
    comments: str | None
    jdbc_type: str
    is_pk: str
    java_type: str | None
    java_field: str | None
    is_form: str
    show_type: str | None
    dict_type: str | None
    field_labels: str | None
    field_keys: str | None
    search_label: str | None
    search_key: str | None
    is_null: str
    validate_type: str | None
    min_length: str | None
    max_length: str | None
    min_value: str | None
    max_value: str | None
    is_list: str
    is_query: str
    query_type: str | None
    del_flag: str


class TableDetail(TablePublic):
    """A design with its columns (``queryById``)."""

    column_list: list[ColumnPublic]


class LicensedTables(Answer):
    """The design list in the seed's envelope: ``code`` 200 with the page under ``result``, or
    700 (invalid) / 710 (expired) without a valid licence, with ``msg`` and the machine's ``serial``."""

    code: int
    result: Page[TablePublic] | None = None
    msg: str | None = None
    serial: str | None = None


class Choice(Answer):
    """A choice a picker offers: what it shows and the value it stands for."""

    label: str
    value: str


class DesignName(Answer):
    """A design's table name and comment, and both as one text (parent-table pickers)."""

    name: str
    comments: str
    name_and_comments: str


class WizardLists(Answer):
    """The lists the table wizard offers: Java types, controls, validators, query types, and the
    column types of each kind of database."""

    java_type_list: list[Choice]
    show_type_list: list[Choice]
    validate_type_list: list[Choice]
    query_type_list: list[Choice]
    mysql_field_type: list[Choice]
    post_gre_sql_field_type: list[Choice]
    oracle_field_type: list[Choice]
    mssql_field_type: list[Choice]


class _UnderConfig(Answer):
    """The wizard's lists under ``config``: the first key of ``queryConfig``'s answer."""

    config: WizardLists


class WizardConfig(WizardLists, _UnderConfig):
    """``queryConfig``: the wizard's lists under ``config`` and again at the top level (both are
    read), and the designs' names. The keys keep the order the client has always had: a model's
    fields follow its bases from the last one, so ``config`` first, then the lists, then
    ``tableList``."""

    table_list: list[DesignName]
