"""The store interface. The engine core never touches SQL: it asks a transaction for rows and hands
back one :class:`ChangeSet` to write, revision-checked, in that same transaction."""

from __future__ import annotations

from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

from ..runtime.entities import (
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


@dataclass
class InstanceTree:
    """Every runtime and history row of one process-instance tree (a root and its called sub-instances)."""

    executions: list[Execution] = field(default_factory=list)
    tasks: list[Task] = field(default_factory=list)
    identity_links: list[IdentityLink] = field(default_factory=list)
    variables: list[Variable] = field(default_factory=list)
    jobs: list[Job] = field(default_factory=list)
    historic_process_instances: list[HistoricProcessInstance] = field(default_factory=list)
    historic_tasks: list[HistoricTaskInstance] = field(default_factory=list)
    historic_activities: list[HistoricActivityInstance] = field(default_factory=list)

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
    jobs, history); deletes children first. ``events`` go to the outbox in the same transaction.
    """

    inserts: list[Row] = field(default_factory=list)
    updates: list[Row] = field(default_factory=list)
    deletes: list[Row] = field(default_factory=list)
    events: list[EngineEvent] = field(default_factory=list)

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

    def get_execution(self, execution_id: str) -> Execution | None:
        """An execution by id (used to find the instance tree to load)."""
        ...

    def get_task(self, task_id: str) -> Task | None:
        """A runtime task by id."""
        ...

    def get_job(self, job_id: str) -> Job | None:
        """A job (any type) by id."""
        ...

    def load_instance_tree(self, proc_inst_id: str) -> InstanceTree | None:
        """Locks and loads the tree containing ``proc_inst_id`` (runtime and history); None if unknown."""
        ...

    def find_executable_jobs(self, now: datetime, limit: int) -> list[Job]:
        """Message jobs, and timer jobs due at ``now``, not locked, with retries left; oldest first."""
        ...

    def write(self, changes: ChangeSet) -> None:
        """Writes the change set (revision-checked)."""
        ...


class EngineStore(Protocol):
    """Opens transactions: commit on normal exit of the context, roll back on exception."""

    def transaction(self) -> AbstractContextManager[StoreTx]:
        """Begins a transaction."""
        ...
