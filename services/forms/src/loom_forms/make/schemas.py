"""What the form-maker routes take: the fields of a form or a JSON object, as the client sends them.

Values stay as sent (text, or a JSON value): the service's rules read them and answer each fault
in the user's language. A field left out is not changed (``model_fields_set`` says which were
given); a data source may be named several ways, the first one given wins."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import Field

from loom_platform.wire import Answer, WireModel

# The fields that name a form's data source, by their Python names.
DATA_SOURCE_FIELDS = frozenset({"data_source", "data_source_id", "ds_id", "en_name"})


class MakeSave(WireModel):
    """A form's basic information, its designer JSON and its table binding."""

    id: Any = Field(default=None, description="the form (none: a new one)")
    name: Any = Field(default=None, description="its name")
    code: Any = Field(default=None, description="its key")
    data_source: Any = Field(default=None, description="the data source: an object {id, name}")
    data_source_id: Any = Field(default=None, alias="dataSource.id", description="the data source's id")
    data_source_name: Any = Field(default=None, alias="dataSource.name", description="the data source's name")
    ds_id: Any = Field(default=None, description="the data source's id")
    en_name: Any = Field(default=None, description="the data source's enName")
    remarks: Any = Field(default=None, description="remarks")
    table_name: Any = Field(default=None, description="its table")
    source: Any = Field(default=None, description="the designer JSON")
    auto_create: Any = Field(
        default=None, description="'1': a new table from the fields, '0': an existing table"
    )
    is_auto_create: Any = Field(default=None, description="autoCreate, as older clients name it")

    def names_data_source(self) -> bool:
        """True when the body names a data source."""
        return bool(self.model_fields_set & DATA_SOURCE_FIELDS)


class DataSourceRef(Answer):
    """A form's data source: its id and name."""

    id: str
    name: str


class MakePublic(Answer):
    """A form as the form maker reads it: its key, table, data source, version and menu; its
    designer JSON (``source``) when read alone, not in the list or after a save."""

    id: str
    name: str
    code: str
    table_name: str | None
    data_source: DataSourceRef
    version: int
    auto_create: str
    menu_id: str | None
    remarks: str | None
    create_date: datetime
    update_date: datetime
    source: str | None = None


class MakeBasicSaved(MakePublic):
    """A form whose basics were saved, with the success text (``message``: the JeePlus client
    hands the answer to Element's message as its options)."""

    message: str


class TableRow(Answer):
    """A table of a data source: its name, comment, and both as one text."""

    name: str
    comments: str
    name_and_comments: str


class TableRows(Answer):
    """A data source's tables."""

    rows: list[TableRow]


class ColumnRow(Answer):
    """A column of a table: name, database type, comment, key ('1') and nullable ('1')."""

    name: str
    jdbc_type: str
    comments: str
    is_pk: str
    is_null: str


class ColumnRows(Answer):
    """A table's columns and how many (none for a table not created yet)."""

    total: int
    rows: list[ColumnRow]
