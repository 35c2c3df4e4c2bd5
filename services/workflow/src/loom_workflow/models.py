"""Every table of workflow, imported once so the metadata is complete (Alembic, tests)."""

from loom_platform.outbox import InboxRecord, OutboxRecord
from loom_workflow.category.models import ActCategory
from loom_workflow.extension.models import (
    Button,
    Condition,
    FlowAssignee,
    FlowButton,
    FlowCondition,
    Listener,
    NodeSetting,
    TaskDefExtension,
)
from loom_workflow.flowcopy.models import FlowCopy
from loom_workflow.modeler.models import ProcessModel
from loom_workflow.notice.models import Notice
from loom_workflow.pgstore import tables

__all__ = [
    "ActCategory",
    "Button",
    "Condition",
    "FlowAssignee",
    "FlowButton",
    "FlowCopy",
    "FlowCondition",
    "InboxRecord",
    "Listener",
    "NodeSetting",
    "Notice",
    "OutboxRecord",
    "ProcessModel",
    "TaskDefExtension",
    "tables",
]
