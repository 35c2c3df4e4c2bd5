"""A data set, its parameters and its columns' metadata."""

from __future__ import annotations

from sqlalchemy import Column, Text
from sqlmodel import Field, SQLModel

from loom_platform.records import Stamped


class DataSet(Stamped, table=True):
    """Named read-only SQL of a data source; ``token`` opens its data URL without a login."""

    __tablename__ = "gen_data_set"

    name: str = Field(max_length=100)
    data_source_id: str = Field(max_length=64, index=True)
    sql_text: str = Field(sa_column=Column(Text, nullable=False))
    token: str = Field(max_length=64)
    create_by: str | None = Field(default=None, max_length=64)


class DataSetPart(SQLModel):
    """A row belonging to a data set (a parameter or a column), in its place among its siblings."""

    data_set_id: str = Field(max_length=64, index=True)
    sort: int = 0


class DataSetParam(DataSetPart, Stamped, table=True):
    """A ``{#field#}`` parameter: its type (``string``, ``number``, ``date``) and default value."""

    __tablename__ = "gen_data_set_param"

    field: str = Field(max_length=64)
    type: str = Field(default="string", max_length=20)
    default_value: str | None = Field(default=None, max_length=500)


class DataSetColumn(DataSetPart, Stamped, table=True):
    """A column the SQL answers: its label and whether it takes part in analysis (``isNeed``)."""

    __tablename__ = "gen_data_set_column"

    name: str = Field(max_length=100)
    type: str = Field(default="", max_length=50)
    label: str | None = Field(default=None, max_length=100)
    is_need: str = Field(default="1", max_length=1)
