"""The answer of 流程分析 (``GET /flowable/analytics/process``)."""

from __future__ import annotations

from pydantic import Field

from loom_platform.wire import WireModel


class Durations(WireModel):
    """How long something took over the instances in view (ms)."""

    count: int = Field(description="finished instances (or visits of the node) counted")
    mean_ms: float
    p50_ms: float = Field(description="median, within ~4.5 % (log buckets)")
    p90_ms: float
    overdue: int = Field(description="of them, with a task that ended after its due date")
    overdue_rate: float = Field(description="overdue / count, 0..1")


class NodeFigures(Durations):
    """One node's waiting time (first arrival to last departure) and throughput."""

    id: str
    name: str
    kind: str


class PathFigures(WireModel):
    """A path through the process and how many finished instances took it."""

    ids: list[str]
    names: list[str]
    count: int
    share: float = Field(description="count / finished, 0..1")


class ProcessAnalytics(WireModel):
    """Where the time of one process definition (one version) goes."""

    proc_def_id: str
    key: str
    name: str
    version: int
    bpmn_xml: str = Field(description="the definition's diagram, for the heatmap")
    started: int = Field(description="instances started in the range: finished + running")
    finished: int
    running: int
    backs: int = Field(description="退回: tasks sent back, over the finished instances")
    revoked: int = Field(description="撤销: finished instances the initiator revoked")
    duration: Durations
    nodes: list[NodeFigures] = Field(description="slowest (mean wait) first")
    paths: list[PathFigures] = Field(description="most frequent first, at most five")
