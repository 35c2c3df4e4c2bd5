"""The design of a generated table and its columns."""

from __future__ import annotations

from sqlmodel import Field

from loom_platform.records import Stamped


class GenTable(Stamped, table=True):
    """A table design: name, kind, Java class and the data source it lives in."""

    __tablename__ = "gen_table"

    name: str = Field(max_length=50, index=True)
    comments: str | None = Field(default=None, max_length=500)
    data_source_id: str = Field(default="master", max_length=64, index=True)
    id_type: str = Field(default="1", max_length=1)
    table_type: str = Field(default="0", max_length=1)
    class_name: str | None = Field(default=None, max_length=100)
    parent_table: str | None = Field(default=None, max_length=50)
    parent_table_fk: str | None = Field(default=None, max_length=64)
    is_sync: str = Field(default="0", max_length=1)


class GenTableColumn(Stamped, table=True):
    """A column of a table design: physical type, Java mapping, form, validation and list."""

    __tablename__ = "gen_table_column"

    gen_table_id: str = Field(foreign_key="gen_table.id", max_length=64, index=True)
    sort: int = 0
    name: str = Field(max_length=64)
    # The column's name when the table was last synchronised (detects renames).
    synced_name: str | None = Field(default=None, max_length=64)
    comments: str | None = Field(default=None, max_length=500)
    jdbc_type: str = Field(max_length=100)
    is_pk: str = Field(default="0", max_length=1)
    is_null: str = Field(default="1", max_length=1)
    is_insert: str = Field(default="1", max_length=1)
    is_edit: str = Field(default="1", max_length=1)
    is_list: str = Field(default="1", max_length=1)
    is_query: str = Field(default="0", max_length=1)
    is_form: str = Field(default="1", max_length=1)
    query_type: str | None = Field(default=None, max_length=20)
    java_type: str | None = Field(default=None, max_length=255)
    java_field: str | None = Field(default=None, max_length=255)
    show_type: str | None = Field(default=None, max_length=50)
    dict_type: str | None = Field(default=None, max_length=100)
    field_labels: str | None = Field(default=None, max_length=500)
    field_keys: str | None = Field(default=None, max_length=500)
    search_label: str | None = Field(default=None, max_length=500)
    search_key: str | None = Field(default=None, max_length=500)
    validate_type: str | None = Field(default=None, max_length=500)
    min_length: str | None = Field(default=None, max_length=20)
    max_length: str | None = Field(default=None, max_length=20)
    min_value: str | None = Field(default=None, max_length=20)
    max_value: str | None = Field(default=None, max_length=20)
