from __future__ import annotations

from sqlalchemy import Column, Text, UniqueConstraint
from sqlmodel import Field

from loom_platform.records import Record


class Button(Record, table=True):
    """A common button (the ten system codes and custom ones)."""

    __tablename__ = "wf_button"

    name: str = Field(max_length=100)
    code: str = Field(max_length=100, unique=True)
    sort: int = Field(default=0)


class Condition(Record, table=True):
    """A common process expression offered by the condition picker."""

    __tablename__ = "wf_condition"

    name: str = Field(max_length=100)
    expression: str = Field(sa_column=Column(Text, nullable=False))


class Listener(Record, table=True):
    """A common listener: type '1' execution / '2' task; value type '1' class, '2' expression, '3' delegate."""

    __tablename__ = "wf_listener"

    name: str = Field(max_length=100)
    listener_type: str = Field(max_length=1)
    event: str = Field(max_length=32)
    value_type: str = Field(max_length=1)
    value: str = Field(max_length=500)


class TaskDefExtension(Record, table=True):
    """The extension of one node (user task or sequence flow) of a process key."""

    __tablename__ = "wf_task_def_extension"
    __table_args__ = (UniqueConstraint("process_def_id", "task_def_id", name="uq_wf_task_def_extension"),)

    process_def_id: str = Field(max_length=255)
    task_def_id: str = Field(max_length=255)


class NodeListRow(Record):
    """A row of a list a node extension owns (its buttons, reviewers and conditions): it goes with
    its extension."""

    task_def_id: str = Field(
        max_length=64, foreign_key="wf_task_def_extension.id", ondelete="CASCADE", index=True
    )


class FlowButton(NodeListRow, table=True):
    __tablename__ = "wf_flow_button"

    name: str = Field(max_length=100)
    code: str = Field(max_length=100)
    sort: int = Field(default=0)
    is_hide: str = Field(default="0", max_length=1)
    next: str = Field(default="0", max_length=1)


class FlowAssignee(NodeListRow, table=True):
    """A reviewer rule: type user|post|company|depart|role|applyUserId|previousExecutor|currentUserId|sql|custom."""

    __tablename__ = "wf_flow_assignee"

    type: str = Field(max_length=32)
    value: str | None = Field(default=None, sa_column=Column(Text))
    condition: str | None = Field(default="0", sa_column=Column(Text))
    operation_type: str = Field(default="0", max_length=1)
    sort: int = Field(default=0)


class FlowCondition(NodeListRow, table=True):
    """A condition row of a sequence flow (form field mode)."""

    __tablename__ = "wf_flow_condition"

    field: str = Field(max_length=100)
    compare: str = Field(max_length=4)
    value: str = Field(max_length=500)
    logic: str = Field(default="and", max_length=8)
    sort: int = Field(default=0)


class NodeSetting(Record, table=True):
    """A key/value of a node: formReadOnly, formType, conditionType."""

    __tablename__ = "wf_node_setting"
    __table_args__ = (UniqueConstraint("process_def_id", "task_def_id", "key", name="uq_wf_node_setting"),)

    process_def_id: str = Field(max_length=255)
    task_def_id: str = Field(max_length=255)
    key: str = Field(max_length=64)
    value: str | None = Field(default=None, sa_column=Column(Text))
