"""What the data-rule routes take."""

from __future__ import annotations

from pydantic import Field

from loom_platform.wire import Answer, WireModel


class DataRuleSave(WireModel):
    """A menu's rule as the client's DataRuleForm posts it."""

    id: str | None = None
    menu_id: str = Field(min_length=1, max_length=64)
    name: str = Field(min_length=1, max_length=100)
    class_name: str | None = Field(default=None, max_length=255)
    field: str = Field(min_length=1, max_length=100)
    express: str = Field(min_length=1, max_length=20)
    value: str | None = Field(default=None, max_length=1000)
    sql_segment: str | None = Field(default=None, max_length=2000)
    remarks: str | None = Field(default=None, max_length=255)


class DataRulePublic(Answer):
    """A data rule as the client reads it (its SQL segment is never sent: always empty)."""

    id: str
    menu_id: str
    name: str
    class_name: str | None
    field: str
    express: str
    value: str | None
    sql_segment: str
    remarks: str | None


class DataRuleNode(Answer):
    """A node of the grant screen's tree: a menu carrying rules, or a rule (``dataRule-<id>``)."""

    id: str
    name: str
    parent_id: str
    children: list[DataRuleNode]
