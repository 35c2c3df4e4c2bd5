"""What the extension routes take: ``<Record>Save`` is a record as ``save`` receives it."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, create_model
from sqlmodel import SQLModel

from loom_platform.crud import camel_model
from loom_platform.wire import Answer, WireModel
from loom_workflow.extension.models import FlowAssignee, FlowButton, FlowCondition


class CommonSave(WireModel):
    """What every common record (button, expression, listener) has: its id (none for a new one),
    name and remarks."""

    id: str | None = None
    name: str = ""
    remarks: str | None = None


class ButtonSave(CommonSave):
    code: str = ""
    sort: int | None = None


class ConditionSave(CommonSave):
    expression: str = ""


class ListenerSave(CommonSave):
    listener_type: str = "1"
    event: str = ""
    value_type: str = "1"
    value: str = ""


class FlowButtonSave(WireModel):
    id: str | None = None
    name: str = ""
    code: str = ""
    sort: int = 0
    is_hide: str = "0"
    next: str = "0"


class FlowAssigneeSave(WireModel):
    id: str | None = None
    type: str = ""
    value: str | None = None
    condition: str | None = "0"
    operation_type: str = "0"
    sort: int = 0


class FlowConditionSave(WireModel):
    id: str | None = None
    field: str = ""
    compare: str = "<"
    value: str = ""
    logic: str = "and"
    sort: int = 1


class TaskDefExtensionSave(WireModel):
    id: str | None = None
    process_def_id: str
    task_def_id: str
    flow_button_list: list[FlowButtonSave] = Field(default_factory=list)
    flow_condition_list: list[FlowConditionSave] = Field(default_factory=list)
    flow_assignee_list: list[FlowAssigneeSave] = Field(default_factory=list)


class NodeSettingSave(WireModel):
    id: str | None = None
    process_def_id: str
    task_def_id: str
    key: str
    value: Any = None


# The dry run (another domain) still imports the former name.
TaskDefExtensionIn = TaskDefExtensionSave


class TaskDefRef(Answer):
    """The node extension a row belongs to."""

    id: str


def _node_row(model: type[SQLModel]) -> type[BaseModel]:
    """A node's button, condition or reviewer rule: every column, and the extension it belongs to."""
    return create_model(f"{model.__name__}Row", __base__=camel_model(model), task_def=(TaskDefRef, ...))


FlowButtonRow = _node_row(FlowButton)
FlowConditionRow = _node_row(FlowCondition)
FlowAssigneeRow = _node_row(FlowAssignee)


class TaskDefExtensionDetail(Answer):
    """One node's extension with its buttons, conditions and reviewer rules, each by sort (no id
    and empty lists when nothing is configured)."""

    id: str | None
    process_def_id: str
    task_def_id: str
    flow_button_list: list[FlowButtonRow]  # type: ignore[valid-type]
    flow_condition_list: list[FlowConditionRow]  # type: ignore[valid-type]
    flow_assignee_list: list[FlowAssigneeRow]  # type: ignore[valid-type]
