"""What the role routes take."""

from __future__ import annotations

from pydantic import Field

from loom_platform.wire import Answer, WireModel


class RoleSave(WireModel):
    id: str | None = None
    name: str = Field(min_length=1, max_length=100)
    en_name: str = Field(min_length=1, max_length=100)
    useable: str = Field(default="1", pattern="^[01]$")
    remarks: str | None = Field(default=None, max_length=255)
    menu_id_list: list[str] | None = None
    # The JeePlus client's grant screen (角色授权) sends the menus comma-joined instead.
    menu_ids: str | None = Field(default=None, max_length=100_000)
    # Data permissions: the scope (sys_data_scope), the offices of 按明细设置, the granted rules
    # (ids, or the client's comma-joined ``dataRuleIds`` of ``dataRule-<id>`` tree nodes).
    data_scope: str | None = Field(default=None, max_length=1)
    office_id_list: list[str] | None = None
    data_rule_id_list: list[str] | None = None
    data_rule_ids: str | None = Field(default=None, max_length=100_000)


class RolePublic(Answer):
    """A role as the role list and pickers show it."""

    id: str
    name: str
    en_name: str
    useable: str
    sys_data: str
    data_scope: str
    remarks: str | None


class RoleDetail(RolePublic):
    """A role as its form reads it: the menus granted; for role administrators also the grants'
    comma-joined form, the offices of its custom scope and its data rules (left out for others)."""

    menu_id_list: list[str]
    menu_ids: str | None = None
    office_id_list: list[str] | None = None
    data_rule_id_list: list[str] | None = None
    data_rule_ids: str | None = None
