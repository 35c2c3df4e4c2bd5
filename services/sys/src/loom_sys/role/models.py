from __future__ import annotations

from sqlmodel import Field, SQLModel

from loom_platform.records import Record


class Role(Record, table=True):
    """A set of granted menus and buttons, given to users."""

    __tablename__ = "sys_role"

    name: str = Field(max_length=100, index=True)
    en_name: str = Field(max_length=100, unique=True)
    useable: str = Field(default="1", max_length=1)
    sys_data: str = Field(default="0", max_length=1)


class RoleMenu(SQLModel, table=True):
    __tablename__ = "sys_role_menu"

    role_id: str = Field(primary_key=True, max_length=64, foreign_key="sys_role.id", ondelete="CASCADE")
    menu_id: str = Field(
        primary_key=True, max_length=64, foreign_key="sys_menu.id", ondelete="CASCADE", index=True
    )
