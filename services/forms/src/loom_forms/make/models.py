"""Form-maker forms: a designer JSON bound (or not yet) to a data-source table."""

from __future__ import annotations

from sqlalchemy import Column, Text
from sqlmodel import Field

from loom_platform.records import Record

MASTER = "master"


class FormMake(Record, table=True):
    """A form built in the designer; `source` is its JSON, `table_name` the table it writes to."""

    __tablename__ = "form_make"

    name: str = Field(max_length=100)
    # The form's key: unique, used in menu routes and permission strings.
    code: str = Field(max_length=64, unique=True)
    table_name: str | None = Field(default=None, max_length=64)
    data_source_id: str = Field(default=MASTER, max_length=64)
    data_source_name: str | None = Field(default=None, max_length=100)
    version: int = 0
    source: str = Field(default="", sa_column=Column(Text, nullable=False, default=""))
    # '1' the table was created from the form's fields, '0' an existing table was bound.
    auto_create: str = Field(default="0", max_length=1)
    # How fields map to columns, computed when the form is bound (see make/binding.py).
    binding: str = Field(default="", sa_column=Column(Text, nullable=False, default=""))
    menu_id: str | None = Field(default=None, max_length=64)
