"""In-memory :class:`EngineStore` for tests and scenario runs (deep copies in and out, revision checks)."""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import TypeVar

from ..errors import ConcurrentModification
from ..runtime import entities
from ..runtime.events import EngineEvent
from ..runtime.jobs import external_topic
from .protocol import ChangeSet, InstanceTree, JobTake

R = TypeVar("R")


class InMemoryStore:
    """Committed rows per type; a transaction buffers one change set and applies it on commit."""

    def __init__(self) -> None:
        self._tables: dict[type, dict[str, entities.Row]] = {}
        self.events: list[EngineEvent] = []

    @contextmanager
    def transaction(self) -> Iterator[MemoryTx]:
        """Begins a transaction: writes become visible when the block exits without error."""
        tx = MemoryTx(self)
        yield tx
        for changes in tx.pending:
            self._apply(changes)

    def _apply(self, changes: ChangeSet) -> None:
        for row in changes.updates:
            current = self._tables.get(type(row), {}).get(row.id)
            if current is None or current.revision != row.revision - 1:
                raise ConcurrentModification(
                    f"{type(row).__name__} {row.id} was updated by another transaction"
                )
        for row in changes.deletes:
            current = self._tables.get(type(row), {}).get(row.id)
            if current is None or current.revision != row.revision:
                raise ConcurrentModification(
                    f"{type(row).__name__} {row.id} was updated by another transaction"
                )
        for row in [*changes.inserts, *changes.updates]:
            self._tables.setdefault(type(row), {})[row.id] = copy.deepcopy(row)
        for row in changes.deletes:
            self._tables[type(row)].pop(row.id, None)
            if isinstance(row, entities.HistoricProcessInstance):  # what is kept beside its rows
                decisions = self._tables.get(entities.HistoricDecisionExecution, {})
                for key in [k for k, d in decisions.items() if d.proc_inst_id == row.id]:
                    del decisions[key]
        self.events.extend(changes.events)

    def rows(self, kind: type[R]) -> list[R]:
        """Committed rows of one type (copies), in insertion order."""
        return [copy.deepcopy(r) for r in self._tables.get(kind, {}).values()]  # type: ignore[misc]

    def raw(self, kind: type[R]) -> dict[str, R]:
        """The committed table itself (read-only use)."""
        return self._tables.get(kind, {})  # type: ignore[return-value]


class MemoryTx:
    """A transaction over an :class:`InMemoryStore`."""

    def __init__(self, store: InMemoryStore) -> None:
        self._store = store
        self.pending: list[ChangeSet] = []

    def _table(self, kind: type[R]) -> dict[str, R]:
        return self._store.raw(kind)

    def get_definition(self, definition_id: str) -> entities.ProcessDefinition | None:
        """A process definition by id."""
        found = self._table(entities.ProcessDefinition).get(definition_id)
        return copy.deepcopy(found)

    def find_definition(
        self, key: str, *, version: int | None = None, deployment_id: str | None = None, tenant_id: str = ""
    ) -> entities.ProcessDefinition | None:
        """The definition of ``key`` by version / deployment, else the latest."""
        found = [
            d
            for d in self._table(entities.ProcessDefinition).values()
            if d.key == key and d.tenant_id == tenant_id
        ]
        if version is not None:
            found = [d for d in found if d.version == version]
        if deployment_id is not None:
            found = [d for d in found if d.deployment_id == deployment_id]
        return copy.deepcopy(max(found, key=lambda d: d.version)) if found else None

    def find_decision(
        self,
        key: str,
        *,
        version: int | None = None,
        deployment_id: str | None = None,
        version_tag: str | None = None,
        tenant_id: str = "",
    ) -> entities.DecisionDefinition | None:
        """The decision of ``key`` by version / deployment / version tag, else the latest."""
        found = [
            d
            for d in self._table(entities.DecisionDefinition).values()
            if d.key == key
            and d.tenant_id == tenant_id
            and (version is None or d.version == version)
            and (deployment_id is None or d.deployment_id == deployment_id)
            and (version_tag is None or d.version_tag == version_tag)
        ]
        return copy.deepcopy(max(found, key=lambda d: d.version)) if found else None

    def get_execution(self, execution_id: str) -> entities.Execution | None:
        """An execution by id."""
        return copy.deepcopy(self._table(entities.Execution).get(execution_id))

    def get_task(self, task_id: str) -> entities.Task | None:
        """A task by id."""
        return copy.deepcopy(self._table(entities.Task).get(task_id))

    def get_job(self, job_id: str) -> entities.Job | None:
        """A job by id."""
        return copy.deepcopy(self._table(entities.Job).get(job_id))

    def get_deployment(self, deployment_id: str) -> entities.Deployment | None:
        """A deployment by id."""
        return copy.deepcopy(self._table(entities.Deployment).get(deployment_id))

    def definitions_of_key(self, key: str, *, tenant_id: str = "") -> list[entities.ProcessDefinition]:
        """Every version of ``key``, oldest first."""
        found = [
            d
            for d in self._table(entities.ProcessDefinition).values()
            if d.key == key and d.tenant_id == tenant_id
        ]
        return [copy.deepcopy(d) for d in sorted(found, key=lambda d: d.version)]

    def instance_ids(self, definition_ids: Sequence[str], *, running_only: bool) -> list[str]:
        """Running instances of the definitions, and ended ones too unless ``running_only``."""
        wanted = set(definition_ids)
        ids = [
            e.id
            for e in self._table(entities.Execution).values()
            if e.is_process_instance and e.proc_def_id in wanted
        ]
        if not running_only:
            ids += [
                h.id
                for h in self._table(entities.HistoricProcessInstance).values()
                if h.proc_def_id in wanted
            ]
        return list(dict.fromkeys(ids))

    def find_comments(
        self, *, task_id: str | None = None, proc_inst_id: str | None = None
    ) -> list[entities.Comment]:
        """Comments of a task or of an instance, oldest first."""
        found = [
            c
            for c in self._table(entities.Comment).values()
            if (task_id is not None and c.task_id == task_id)
            or (proc_inst_id is not None and c.proc_inst_id == proc_inst_id)
        ]
        return [copy.deepcopy(c) for c in found]

    def lease_due_jobs(self, owner: str, lease_seconds: float, limit: int) -> list[tuple[str, datetime]]:
        """Leases executable jobs (the lease is written at once, as a separate transaction would)."""
        now = datetime.now(UTC)
        until = now + timedelta(seconds=lease_seconds)
        leased = []
        for job in self.find_executable_jobs(now, limit):
            stored = self._table(entities.Job)[job.id]
            stored.lock_owner, stored.lock_expiration_time = owner, until
            leased.append((job.id, until))
        return leased

    def take_job(self, job_id: str, owner: str, lease_seconds: float) -> JobTake:
        """Takes the lease unless another live worker holds it."""
        job = self._table(entities.Job).get(job_id)
        if job is None:
            return "gone"
        now = datetime.now(UTC)
        free = (
            job.lock_owner is None
            or job.lock_owner.startswith("scheduler-")
            or job.lock_owner == owner
            or (job.lock_expiration_time is not None and job.lock_expiration_time < now)
        )
        if not free:
            return "busy"
        job.lock_owner, job.lock_expiration_time = owner, now + timedelta(seconds=lease_seconds)
        return "mine"

    def delay_job(self, job_id: str, seconds: float) -> None:
        """Holds a failed job back for ``seconds``."""
        job = self._table(entities.Job).get(job_id)
        if job is not None and job.job_type != "deadletter":
            job.lock_owner, job.lock_expiration_time = "retry", datetime.now(UTC) + timedelta(seconds=seconds)

    def lock_external_jobs(
        self, worker_id: str, topics: Mapping[str, float], limit: int, now: datetime
    ) -> list[entities.Job]:
        """Locks free external jobs of ``topics`` (written at once, as the PostgreSQL store's own
        statement commits with its transaction)."""
        executions = self._table(entities.Execution)
        free = [
            j
            for j in self._table(entities.Job).values()
            if j.job_type == "external"
            and external_topic(j) in topics
            and j.retries > 0
            and (j.due_date is None or j.due_date <= now)
            and (j.lock_expiration_time is None or j.lock_expiration_time < now)
            and not getattr(executions.get(j.execution_id), "suspended", False)
        ]
        free.sort(key=lambda j: (j.create_time or now, j.id))
        locked = []
        for job in free[:limit]:
            job.lock_owner = worker_id
            job.lock_expiration_time = now + timedelta(seconds=topics[external_topic(job)])
            locked.append(copy.deepcopy(job))
        return locked

    def _root_of(self, proc_inst_id: str) -> str | None:
        execution = self._table(entities.Execution).get(proc_inst_id)
        if execution is not None:
            return execution.root_proc_inst_id
        hist = self._table(entities.HistoricProcessInstance).get(proc_inst_id)
        if hist is not None:
            return hist.root_proc_inst_id or hist.id
        return None

    def load_instance_tree(self, proc_inst_id: str, *, full_history: bool = False) -> InstanceTree | None:
        """The rows of the tree containing ``proc_inst_id`` (open history only unless ``full_history``
        or the tree has ended), as the PostgreSQL store loads them."""
        root = self._root_of(proc_inst_id)
        if root is None:
            return None
        running = {
            e.proc_inst_id for e in self._table(entities.Execution).values() if e.root_proc_inst_id == root
        }
        full = full_history or not running
        hist = [
            h
            for h in self._table(entities.HistoricProcessInstance).values()
            if (h.root_proc_inst_id or h.id) == root and (full or h.id in running)
        ]
        ids = {h.id for h in hist} | running

        def of(kind: type[R], *, open_only: bool = False) -> list[R]:
            return [
                copy.deepcopy(r)
                for r in self._table(kind).values()
                if getattr(r, "proc_inst_id", None) in ids
                and not (open_only and getattr(r, "end_time", None))
            ]

        activities = [
            a for a in self._table(entities.HistoricActivityInstance).values() if a.proc_inst_id in ids
        ]
        return InstanceTree(
            executions=of(entities.Execution),
            tasks=of(entities.Task),
            identity_links=of(entities.IdentityLink),
            variables=of(entities.Variable),
            jobs=of(entities.Job),
            historic_process_instances=[copy.deepcopy(h) for h in hist],
            historic_tasks=of(entities.HistoricTaskInstance, open_only=not full),
            historic_activities=of(entities.HistoricActivityInstance, open_only=not full),
            full_history=full,
            activity_order=max((a.transaction_order for a in activities), default=0),
        )

    def load_task_tree(self, task_id: str) -> InstanceTree | None:
        """The tree of a running task."""
        task = self._table(entities.Task).get(task_id)
        return None if task is None else self.load_instance_tree(task.proc_inst_id)

    def find_executable_jobs(self, now: datetime, limit: int) -> list[entities.Job]:
        """Due, unlocked jobs with retries left."""
        jobs = [
            j
            for j in self._table(entities.Job).values()
            if j.job_type == "message"
            or (j.job_type == "timer" and j.due_date is not None and j.due_date <= now)
        ]
        jobs = [
            j
            for j in jobs
            if j.retries > 0 and (j.lock_expiration_time is None or j.lock_expiration_time < now)
        ]
        jobs.sort(key=lambda j: (j.due_date or j.create_time or now, j.id))
        return [copy.deepcopy(j) for j in jobs[:limit]]

    def write(self, changes: ChangeSet) -> None:
        """Buffers the change set until commit."""
        self.pending.append(copy.deepcopy(changes))
