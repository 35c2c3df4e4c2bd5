"""Engine events (Flowable's event dispatcher types), reported with the unit of work for the outbox."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

ACTIVITY_STARTED = "ACTIVITY_STARTED"
ACTIVITY_COMPLETED = "ACTIVITY_COMPLETED"
ACTIVITY_CANCELLED = "ACTIVITY_CANCELLED"
PROCESS_STARTED = "PROCESS_STARTED"
PROCESS_COMPLETED = "PROCESS_COMPLETED"
PROCESS_COMPLETED_WITH_TERMINATE_END_EVENT = "PROCESS_COMPLETED_WITH_TERMINATE_END_EVENT"
PROCESS_CANCELLED = "PROCESS_CANCELLED"
TASK_CREATED = "TASK_CREATED"
TASK_ASSIGNED = "TASK_ASSIGNED"
TASK_COMPLETED = "TASK_COMPLETED"
TIMER_FIRED = "TIMER_FIRED"
JOB_EXECUTION_SUCCESS = "JOB_EXECUTION_SUCCESS"
JOB_EXECUTION_FAILURE = "JOB_EXECUTION_FAILURE"


@dataclass(frozen=True, kw_only=True)
class EngineEvent:
    """One thing that happened inside a command."""

    type: str
    time: datetime
    proc_inst_id: str | None = None
    execution_id: str | None = None
    proc_def_id: str | None = None
    activity_id: str | None = None
    activity_type: str | None = None
    task_id: str | None = None
    data: dict[str, object] = field(default_factory=dict)
