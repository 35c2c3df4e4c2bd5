"""The dry run's request and answer (camelCase on the wire)."""

from __future__ import annotations

from typing import Any

from pydantic import ConfigDict, Field

from loom_platform.wire import WireModel
from loom_workflow.extension.schemas import TaskDefExtensionSave

# An answer's keys are all written, defaults too: its schema says so (none is optional to the client).
ANSWERED = ConfigDict(json_schema_serialization_defaults_required=True)


class DryRunRequest(WireModel):
    """What to run: a saved model (``modelId``) or the designer's XML as it is now (``bpmnXml``)."""

    model_id: str | None = Field(default=None, max_length=64)
    bpmn_xml: str | None = Field(default=None, max_length=5_000_000)
    key: str | None = Field(default=None, max_length=255)
    # the real user the run starts as (applyUserId); their department decides relative reviewers
    initiator_id: str = Field(default="", max_length=64)
    # start values, as the start form would submit them
    variables: dict[str, Any] = Field(default_factory=dict)
    # node id -> the button code chosen there (default: agree, _flow_agree)
    buttons: dict[str, str] = Field(default_factory=dict)
    # node id -> where its back button (_flow_back) sends the task (default: the last legal node)
    back_to: dict[str, str] = Field(default_factory=dict)
    # node extensions as the designer holds them, unsaved; nodes not listed use the saved ones
    extensions: list[TaskDefExtensionSave] = Field(default_factory=list)
    max_steps: int = Field(default=200, ge=1, le=1000)


class RuleOutcome(WireModel):
    """One reviewer rule and the users it produced."""

    model_config = ANSWERED

    type: str
    value: str
    condition: str
    operation_type: str
    applied: bool
    user_ids: list[str]
    users: list[str] = Field(default_factory=list)


class DryRunReviewer(WireModel):
    """Someone who would see the task: id, name and login name."""

    model_config = ANSWERED

    id: str
    name: str
    login_name: str = ""


class DryRunTimer(WireModel):
    """A timer the run set: its kind and value, when it was set and when it would fire."""

    model_config = ANSWERED

    kind: str
    value: str
    set_at: str
    due_at: str | None


class DryRunStep(WireModel):
    """One thing that happened, in order: a node entered or left, a flow taken, a timer set or fired."""

    model_config = ANSWERED

    seq: int
    type: str  # start | task | gateway | event | flow | timer | timerFired | end | stop
    node_id: str
    node_name: str = ""
    activity_type: str = ""
    at: str = ""
    # who would see the task: its assignee, else its candidate users and its groups' members
    reviewers: list[DryRunReviewer] = Field(default_factory=list)
    # the candidate groups (role ids) it was offered to, expanded into ``reviewers``
    candidate_groups: list[str] = Field(default_factory=list)
    rules: list[RuleOutcome] = Field(default_factory=list)
    # where the reviewers came from: rules (node extensions), bpmn (assignee/candidates), none
    reviewer_source: str = ""
    button: dict[str, str] | None = None
    acted_by: str | None = None
    # the node the back button sent the task to
    back_to: str | None = None
    timer: DryRunTimer | None = None
    reason: str | None = None


class DryRunResult(WireModel):
    """The run: completed, stopped (with the node and the reason) or waiting (nothing it can do)."""

    model_config = ANSWERED

    status: str
    stopped_at: str | None = None
    reason: str | None = None
    steps: list[DryRunStep]
    activity_ids: list[str]
    flows: list[str]
    variables: dict[str, Any]
