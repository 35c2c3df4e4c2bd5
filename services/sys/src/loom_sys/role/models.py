from __future__ import annotations

from sqlmodel import Field, SQLModel

from loom_platform.links import link_key
from loom_platform.records import Record


class Role(Record, table=True):
    """A set of granted menus and buttons, given to users."""

    __tablename__ = "sys_role"

    name: str = Field(max_length=100, index=True)
    en_name: str = Field(max_length=100, unique=True)
    useable: str = Field(default="1", max_length=1)
    sys_data: str = Field(default="0", max_length=1)
    # JeePlus's sys_data_scope: 1 全部, 2 所在公司及以下, 3 所在公司, 4 所在部门及以下, 5 所在部门,
    # 8 仅本人, 9 按明细设置 (the offices in sys_role_office).
    data_scope: str = Field(default="1", max_length=1)


class RoleMenu(SQLModel, table=True):
    __tablename__ = "sys_role_menu"

    role_id: str = link_key("sys_role")
    menu_id: str = link_key("sys_menu", index=True)
