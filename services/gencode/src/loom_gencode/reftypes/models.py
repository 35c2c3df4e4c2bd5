"""Reference data the generator reads: validators, controls, query types, column types, objects."""

from __future__ import annotations

from sqlalchemy import Column, Text
from sqlmodel import Field, SQLModel

from loom_platform.records import Stamped


class LabelValue(SQLModel):
    """A choice the designer offers: what it shows, the value it stands for (looked up by it) and
    its place in the list."""

    label: str = Field(max_length=100)
    # The label shown in en-US (the seed's choices have one; empty: the label is shown).
    label_en: str | None = Field(default=None, max_length=100)
    value: str = Field(max_length=100, index=True)
    sort: int = 0


class ValidateType(LabelValue, Stamped, table=True):
    """A form validator (``required``, ``isEmail``, …)."""

    __tablename__ = "gen_validate_type"


class ShowType(LabelValue, Stamped, table=True):
    """A form control type (input, select, date, user select, grid select, …)."""

    __tablename__ = "gen_show_type"

    component: str | None = Field(default=None, max_length=50)
    import_path: str | None = Field(default=None, max_length=250)


class QueryType(LabelValue, Stamped, table=True):
    """A list query operator (EQ, LIKE, BETWEEN, …)."""

    __tablename__ = "gen_query_type"


class DataBaseType(Stamped, table=True):
    """The column types offered for one database kind (dictionary ``db_type``)."""

    __tablename__ = "gen_database_type"

    type: str = Field(max_length=50, unique=True)


class TableFieldType(Stamped, table=True):
    """One physical column type of a database kind."""

    __tablename__ = "gen_table_field_type"

    database_type_id: str = Field(foreign_key="gen_database_type.id", max_length=64, index=True)
    label: str = Field(max_length=100)
    value: str = Field(max_length=100)
    sort: int = 0


class CustomObj(Stamped, table=True):
    """A Java/entity type a column may hold (basic types and registered entities)."""

    __tablename__ = "gen_custom_obj"

    label: str = Field(max_length=100)
    # The label shown in en-US (the seed's platform types have one; empty: the label is shown).
    label_en: str | None = Field(default=None, max_length=100)
    value: str = Field(max_length=255, index=True)
    data_url: str | None = Field(default=None, max_length=255)
    table_name: str | None = Field(default=None, max_length=100)
    sort: int = 1
    description: str | None = Field(default=None, max_length=255)
    type: str = Field(default="0", max_length=1)


class CustomField(Stamped, table=True):
    """A property of a registered entity type."""

    __tablename__ = "gen_custom_field"

    custom_obj_id: str = Field(foreign_key="gen_custom_obj.id", max_length=64, index=True)
    name: str | None = Field(default=None, max_length=100)
    remarks: str | None = Field(default=None, max_length=255)
    sort: int = 0


class CodeParam(Stamped, table=True):
    """Default generation parameters (one record, id "1")."""

    __tablename__ = "gen_code_param"

    project_path: str | None = Field(default=None, max_length=500)
    front_path: str | None = Field(default=None, max_length=500)
    package_name: str | None = Field(default=None, max_length=200)
    author: str | None = Field(default=None, max_length=100)


# The template group the platform ships (seeded, and the generator's default).
SYSTEM_GROUP_ID = "loom-fastapi-react"


class TemplateGroup(Stamped, table=True):
    """A set of templates generating one module."""

    __tablename__ = "gen_template_group"

    name: str = Field(max_length=200)
    type: str = Field(default="1", max_length=1)
    sort: int = 10
    remarks: str | None = Field(default=None, max_length=200)
    is_system: str = Field(default="0", max_length=1)


class TemplateObj(Stamped, table=True):
    """One template file of a group: main ("0") or appendix ("1")."""

    __tablename__ = "gen_template_obj"

    template_group_id: str = Field(foreign_key="gen_template_group.id", max_length=64, index=True)
    name: str = Field(max_length=200)
    sort: int = 10
    contents: str = Field(default="", sa_column=Column(Text, nullable=False, server_default=""))
    is_child: str = Field(default="0", max_length=1)
