"""A process test case, its result, and the requests around them (camelCase on the wire)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from loom_platform.wire import WireModel
from loom_workflow.extension.schemas import TaskDefExtensionSave

ASSIGNEE = "assignee"
"""The actor of a step that is whoever the task went to (its assignee, else its first reviewer)."""


class CaseStep(WireModel):
    """One thing the case does: act on the open task at ``node`` (as ``actor``, with ``button`` and
    form ``values``), or, with ``wait`` (an ISO duration such as ``PT48H``), let time pass so that the
    timers and deadlines due by then fire."""

    node: str = Field(default="", max_length=255)
    actor: str = Field(default=ASSIGNEE, max_length=64)
    button: str = Field(default="_flow_agree", max_length=100)
    values: dict[str, Any] = Field(default_factory=dict)
    back_to: str = Field(default="", max_length=255)
    wait: str = Field(default="", max_length=64)


class CaseExpect(WireModel):
    """What the case expects once its steps are done; what is left out is not checked."""

    # the nodes passed, in order (start, tasks, gateways, events, end)
    path: list[str] | None = None
    # node id -> the users its task went to (its assignee, else its reviewers)
    assignees: dict[str, list[str]] = Field(default_factory=dict)
    variables: dict[str, Any] = Field(default_factory=dict)
    # the end event reached, or the node the process waits at
    end: str = Field(default="", max_length=255)
    waiting_at: str = Field(default="", max_length=255)


class ProcessCase(WireModel):
    """A case: who starts the process with which values, what is done, and what is expected."""

    name: str = Field(min_length=1, max_length=200)
    initiator: str = Field(min_length=1, max_length=64)
    variables: dict[str, Any] = Field(default_factory=dict)
    steps: list[CaseStep] = Field(default_factory=list, max_length=200)
    expect: CaseExpect = Field(default_factory=CaseExpect)


class CaseSuite(WireModel):
    """The cases of a model, as saved, exported and imported (``loom-workflow test`` reads it)."""

    cases: list[ProcessCase] = Field(default_factory=list, max_length=200)


class CaseFailure(WireModel):
    """What diverged: the step (1-based; none for an expectation checked at the end), the node to
    highlight on the diagram, and the message."""

    step: int | None = None
    node_id: str = ""
    message: str


class CaseResult(WireModel):
    """One case's run."""

    name: str
    passed: bool
    failures: list[CaseFailure] = Field(default_factory=list)
    diverged_at: str | None = None
    status: str = ""
    activity_ids: list[str] = Field(default_factory=list)
    flows: list[str] = Field(default_factory=list)
    millis: float = 0


class SuiteResult(WireModel):
    """Every case's run; ``passed`` when all passed."""

    passed: bool
    total: int
    failed: int
    results: list[CaseResult]


class RunRequest(WireModel):
    """Runs ``cases`` (default: the model's saved ones) on the model, or on the designer's XML with
    its unsaved node extensions (reviewers, buttons; a node not listed uses the saved one)."""

    model_id: str = Field(max_length=64)
    bpmn_xml: str | None = Field(default=None, max_length=5_000_000)
    cases: list[ProcessCase] | None = Field(default=None, max_length=200)
    extensions: list[TaskDefExtensionSave] = Field(default_factory=list, max_length=500)


class SavedSuite(CaseSuite):
    """The cases saved with a model (``version`` 0: the draft; n: as deployed with version n)."""

    model_id: str
    version: int = 0
