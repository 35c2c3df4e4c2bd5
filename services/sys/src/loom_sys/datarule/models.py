"""A menu's data rules and the roles they are granted to (as in JeePlus: ``sys_datarule``)."""

from __future__ import annotations

from sqlmodel import Field, SQLModel

from loom_platform.links import link_key
from loom_platform.records import Record


class DataRule(Record, table=True):
    """One condition on the rows a menu shows: ``field operator value`` (compiled, never pasted)."""

    __tablename__ = "sys_datarule"

    menu_id: str = Field(max_length=64, foreign_key="sys_menu.id", ondelete="CASCADE", index=True)
    name: str = Field(max_length=100)
    class_name: str | None = Field(default=None, max_length=255)
    field: str = Field(max_length=100)
    express: str = Field(max_length=20)
    value: str | None = Field(default=None, max_length=1000)


class RoleDataRule(SQLModel, table=True):
    """A data rule granted to a role."""

    __tablename__ = "sys_role_datarule"

    role_id: str = link_key("sys_role")
    datarule_id: str = link_key("sys_datarule", index=True)


class RoleOffice(SQLModel, table=True):
    """An office a role with the data scope 按明细设置 sees (exactly that office, not its parent)."""

    __tablename__ = "sys_role_office"

    role_id: str = link_key("sys_role")
    office_id: str = link_key("sys_office", index=True)
