"""Instance migration on the wire (camelCase): the plan, the request, each instance's outcome and
the batch's report."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import Field

from loom_platform.wire import WireModel

Outcome = Literal["movable", "left", "queued", "moved"]


class MigrationNodePublic(WireModel):
    """A node of a version: id, name and BPMN kind (userTask, exclusiveGateway, ...)."""

    id: str
    name: str | None = None
    kind: str


class NodeMappingPublic(MigrationNodePublic):
    """A node of the source version, where its tokens go (``targetId``, null: nowhere), whether that
    was found by id, and whether the target version lacks the node."""

    target_id: str | None = None
    automatic: bool = False
    removed: bool = False


class MigrationPlanPublic(WireModel):
    """Both versions' nodes: the source's with their mapping, the target's, and which are new."""

    source_definition_id: str
    source_version: int
    target_definition_id: str
    target_version: int
    nodes: list[NodeMappingPublic]
    added: list[MigrationNodePublic]
    target_nodes: list[MigrationNodePublic]


class MigrationRequest(WireModel):
    """What to migrate: running instances of the source version (``procInsIds``; none: all of them)
    onto the target, with the mapping by hand (source node id -> target node id; an empty target
    unmaps a node) over the one by id, and variables to set on each instance."""

    source_definition_id: str = Field(min_length=1, max_length=64)
    target_definition_id: str = Field(min_length=1, max_length=64)
    mapping: dict[str, str] = Field(default_factory=dict)
    proc_ins_ids: list[str] | None = Field(default=None, max_length=10_000)
    variables: dict[str, Any] = Field(default_factory=dict)


class TaskStatePublic(WireModel):
    """A task as a user sees it: node, name, assignee (with their name) and candidates."""

    activity_id: str
    name: str | None = None
    assignee: str | None = None
    assignee_name: str | None = None
    candidates: list[str] = Field(default_factory=list)


class TaskChangePublic(WireModel):
    """A task before and after (null: not there; both: kept)."""

    before: TaskStatePublic | None = None
    after: TaskStatePublic | None = None


class TimerChangePublic(WireModel):
    """A timer of the instance: its event, due date before and after, and whether it is there."""

    element_id: str
    name: str | None = None
    due_before: datetime | None = None
    due_after: datetime | None = None
    before: bool
    after: bool


class VariableChangePublic(WireModel):
    """A variable set or changed by the migration."""

    name: str
    before: Any = None
    after: Any = None


class MovePublic(WireModel):
    """A token moved from one node to another (kept tokens are not listed)."""

    from_id: str
    to_id: str


class InstanceOutcome(WireModel):
    """One instance: whether it can move / moved / was left in place (with the reason and the nodes
    concerned), and what changes for it."""

    proc_ins_id: str
    title: str | None = None
    start_user_name: str | None = None
    status: Outcome
    reason: str | None = None
    moves: list[MovePublic] = Field(default_factory=list)
    tasks: list[TaskChangePublic] = Field(default_factory=list)
    timers: list[TimerChangePublic] = Field(default_factory=list)
    variables: list[VariableChangePublic] = Field(default_factory=list)


class DryRunPublic(WireModel):
    """The dry run: every running instance of the source version asked for, movable or not."""

    movable: int
    left: int
    instances: list[InstanceOutcome]


class MigrationBatchPublic(WireModel):
    """A migration batch and its report: each instance moved, left in place (why) or still queued."""

    id: str
    source_definition_id: str
    target_definition_id: str
    status: Literal["queued", "running", "done"]
    total: int
    moved: int
    left: int
    create_by: str | None = None
    create_date: datetime
    finish_date: datetime | None = None
    instances: list[InstanceOutcome] = Field(default_factory=list)
