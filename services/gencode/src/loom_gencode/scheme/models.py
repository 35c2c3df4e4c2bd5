"""A generation scheme: where and how a table's code is generated."""

from __future__ import annotations

from sqlmodel import Field

from loom_platform.records import Stamped


class GenScheme(Stamped, table=True):
    """Paths, template group, package and names used to generate one table's code."""

    __tablename__ = "gen_scheme"

    gen_table_id: str = Field(foreign_key="gen_table.id", max_length=64, unique=True)
    project_path: str | None = Field(default=None, max_length=500)
    front_project_path: str | None = Field(default=None, max_length=500)
    category: str | None = Field(default=None, max_length=64)
    package_name: str | None = Field(default=None, max_length=200)
    module_name: str | None = Field(default=None, max_length=200)
    sub_module_name: str | None = Field(default=None, max_length=200)
    function_name: str | None = Field(default=None, max_length=200)
    function_name_simple: str | None = Field(default=None, max_length=200)
    function_author: str | None = Field(default=None, max_length=200)
