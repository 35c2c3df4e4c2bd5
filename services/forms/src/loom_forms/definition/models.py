"""Form definitions for processes and the versions of their JSON."""

from __future__ import annotations

from sqlalchemy import Column, Text, UniqueConstraint
from sqlmodel import Field

from loom_platform.records import Authored, Record

PUBLISHED = "1"
DRAFT = "0"
# Was published, then another version was made primary: processes deployed with it still render it.
RETIRED = "2"


class FormDefinition(Record, table=True):
    """A named process form in a category; its content lives in versions."""

    __tablename__ = "form_definition"

    category_id: str | None = Field(default=None, max_length=64, index=True)
    name: str = Field(max_length=100)


class FormDefinitionJson(Authored, table=True):
    """One version of a definition's designer JSON; exactly one per definition is primary and published."""

    __tablename__ = "form_definition_json"
    __table_args__ = (UniqueConstraint("form_definition_id", "version"),)

    form_definition_id: str = Field(max_length=64, index=True)
    json_body: str = Field(default="", sa_column=Column("json", Text, nullable=False, default=""))
    version: int = 1
    # '1' published, '0' draft (never published), '2' retired (published before; kept unchanged).
    status: str = Field(default=DRAFT, max_length=1)
    # '1' the version processes get, '0' another one.
    is_primary: str = Field(default="0", max_length=1)
