"""The store interface. The engine core never touches SQL: it asks a transaction for rows and hands
back one :class:`ChangeSet` to write, revision-checked, in that same transaction."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal, Protocol

from ..runtime.entities import (
    Comment,
    DecisionDefinition,
    Deployment,
    Execution,
    HistoricActivityInstance,
    HistoricProcessInstance,
    HistoricTaskInstance,
    IdentityLink,
    Job,
    ProcessDefinition,
    Row,
    Task,
    Variable,
)
from ..runtime.events import EngineEvent

JobTake = Literal["mine", "busy", "gone"]


@dataclass
class InstanceTree:
    """The rows of one process-instance tree (a root and its called sub-instances): every runtime row,
    the historic process instances of its running instances, and their *open* historic task and activity
    instances; with ``full_history`` every history row of the tree (ended sub-instances included).
    ``activity_order`` is the highest ``transaction_order`` of the tree's activity history, loaded or not.
    """

    executions: list[Execution] = field(default_factory=list)
    tasks: list[Task] = field(default_factory=list)
    identity_links: list[IdentityLink] = field(default_factory=list)
    variables: list[Variable] = field(default_factory=list)
    jobs: list[Job] = field(default_factory=list)
    historic_process_instances: list[HistoricProcessInstance] = field(default_factory=list)
    historic_tasks: list[HistoricTaskInstance] = field(default_factory=list)
    historic_activities: list[HistoricActivityInstance] = field(default_factory=list)
    full_history: bool = True
    activity_order: int = 0

    def rows(self) -> list[Row]:
        """All rows, parents first."""
        return [
            *self.executions,
            *self.tasks,
            *self.identity_links,
            *self.variables,
            *self.jobs,
            *self.historic_process_instances,
            *self.historic_tasks,
            *self.historic_activities,
        ]


@dataclass
class ChangeSet:
    """What one command changed. ``updates`` carry the new revision; the store must check that the
    stored revision is ``revision - 1`` (for deletes: equal to ``revision``) and raise
    :class:`~loom_workflow.engine.errors.ConcurrentModification` otherwise.

    Inserts are ordered parents first (definitions, executions by creation, tasks, links, variables,
    jobs, history); deletes children first. ``events`` go to the outbox in the same transaction,
    announced as done by ``actor`` (the command's user).

    Deleting a :class:`HistoricProcessInstance` also removes what a store keeps beside the engine's
    rows for that instance (the PostgreSQL store's ACT_HI_VARINST).
    """

    inserts: list[Row] = field(default_factory=list)
    updates: list[Row] = field(default_factory=list)
    deletes: list[Row] = field(default_factory=list)
    # (type, id) -> the fields that differ from the loaded row, for updates and for deleted rows that
    # were changed before their deletion (a store may write only these columns)
    changed: dict[tuple[type, str], tuple[str, ...]] = field(default_factory=dict)
    # (type, id) -> the row as it was loaded, for the same rows as ``changed`` (what the operation log
    # shows as "before"; the session's own snapshot, never changed after)
    previous: dict[tuple[type, str], Row] = field(default_factory=dict)
    # rows inserted and deleted within this command: never stored, but a store that keeps history
    # beside the engine's rows (ACT_HI_VARINST) records them, e.g. a variable the ending command set
    transient: list[Row] = field(default_factory=list)
    events: list[EngineEvent] = field(default_factory=list)
    actor: str | None = None

    def is_empty(self) -> bool:
        """True when nothing was changed or emitted."""
        return not (self.inserts or self.updates or self.deletes or self.events)


class StoreTx(Protocol):
    """One database transaction. Rows returned are detached copies the engine may mutate."""

    def get_definition(self, definition_id: str) -> ProcessDefinition | None:
        """A process definition by id."""
        ...

    def find_definition(
        self, key: str, *, version: int | None = None, deployment_id: str | None = None, tenant_id: str = ""
    ) -> ProcessDefinition | None:
        """The definition of ``key``: a given version, the one in a deployment, else the latest version."""
        ...

    def find_decision(
        self,
        key: str,
        *,
        version: int | None = None,
        deployment_id: str | None = None,
        version_tag: str | None = None,
        tenant_id: str = "",
    ) -> DecisionDefinition | None:
        """The deployed decision ``key``: a given version, the one in a deployment, the latest with a
        version tag, else the latest version."""
        ...

    def get_execution(self, execution_id: str) -> Execution | None:
        """An execution by id (used to find the instance tree to load)."""
        ...

    def get_task(self, task_id: str) -> Task | None:
        """A runtime task by id."""
        ...

    def get_job(self, job_id: str) -> Job | None:
        """A job (any type) by id."""
        ...

    def get_deployment(self, deployment_id: str) -> Deployment | None:
        """A deployment by id."""
        ...

    def definitions_of_key(self, key: str, *, tenant_id: str = "") -> list[ProcessDefinition]:
        """Every version of ``key``, oldest first."""
        ...

    def instance_ids(self, definition_ids: Sequence[str], *, running_only: bool) -> list[str]:
        """Ids of the process instances (running, or also ended: from history) of these definitions."""
        ...

    def find_comments(self, *, task_id: str | None = None, proc_inst_id: str | None = None) -> list[Comment]:
        """Comments of a task, or of a process instance (its tasks' included), oldest first."""
        ...

    def load_instance_tree(self, proc_inst_id: str, *, full_history: bool = False) -> InstanceTree | None:
        """Locks and loads the tree containing ``proc_inst_id``: runtime rows and open history, with
        ``full_history`` all history (always for an ended tree); None if unknown."""
        ...

    def load_task_tree(self, task_id: str) -> InstanceTree | None:
        """:meth:`load_instance_tree` for the instance of a running task (found in the same step);
        None when there is no such task."""
        ...

    def find_executable_jobs(self, now: datetime, limit: int) -> list[Job]:
        """Message jobs, and timer jobs due at ``now``, not locked, with retries left; oldest first."""
        ...

    def lease_due_jobs(self, owner: str, lease_seconds: float, limit: int) -> list[tuple[str, datetime]]:
        """Leases up to ``limit`` executable jobs to ``owner`` (skipping jobs other transactions hold);
        returns (job id, lease end)."""
        ...

    def take_job(self, job_id: str, owner: str, lease_seconds: float) -> JobTake:
        """Takes a job's lease for ``owner`` unless another live holder has it: 'mine', 'busy' or 'gone'."""
        ...

    def delay_job(self, job_id: str, seconds: float) -> None:
        """Keeps a failed job from being handed out again for ``seconds``."""
        ...

    def lock_external_jobs(
        self, worker_id: str, topics: Mapping[str, float], limit: int, now: datetime
    ) -> list[Job]:
        """Locks up to ``limit`` external jobs of ``topics`` (topic -> lock seconds) for ``worker_id``
        at ``now``: jobs not locked (or whose lock expired), with retries left, past their retry
        timeout, of instances not suspended; oldest first, skipping jobs other transactions hold.
        Returns them as locked (``lock_owner``, ``lock_expiration_time``); the revision is not
        changed, as for leases."""
        ...

    def write(self, changes: ChangeSet) -> None:
        """Writes the change set (revision-checked)."""
        ...


class EngineStore(Protocol):
    """Opens transactions: commit on normal exit of the context, roll back on exception."""

    def transaction(self) -> AbstractContextManager[StoreTx]:
        """Begins a transaction."""
        ...
