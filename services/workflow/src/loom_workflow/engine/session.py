"""Unit of work: an identity map over rows loaded from a :class:`StoreTx`, tracking what changed."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import TypeVar, cast

from .errors import ObjectNotFound
from .runtime.entities import (
    WRITE_ORDER,
    Comment,
    DecisionDefinition,
    Execution,
    Job,
    ProcessDefinition,
    Row,
    Task,
    Variable,
)
from .runtime.events import EngineEvent
from .store.protocol import ChangeSet, InstanceTree, StoreTx

R = TypeVar("R", bound=Row)


def snapshot(row: Row) -> Row:
    """A copy to diff against. Row fields hold immutable values (str, int, datetime, None) except a
    variable's ``value`` (a JSON dict or list, or any object, may be changed in place), so only that
    one is copied deeply: a deep copy of every loaded row was a measurable share of a command's CPU."""
    copied = copy.copy(row)
    if isinstance(copied, Variable) and not isinstance(copied.value, str | int | float | None):
        copied.value = copy.deepcopy(copied.value)
    return copied


def _changed_fields(row: Row, snap: Row) -> tuple[str, ...]:
    return tuple(
        name for name, value in vars(row).items() if name != "revision" and getattr(snap, name) != value
    )


class Session:
    """Rows of one command. Loaded rows are snapshotted; ``flush`` diffs them into a :class:`ChangeSet`."""

    def __init__(self, tx: StoreTx) -> None:
        self.tx = tx
        self._rows: dict[type, dict[str, Row]] = {t: {} for t in WRITE_ORDER}
        self._snapshots: dict[tuple[type, str], Row] = {}
        self._deleted: list[Row] = []
        self._transient: list[Row] = []  # inserted and deleted in this command
        self._trees: dict[str, bool] = {}  # instance id -> its tree was loaded with full history
        self.activity_order = 0
        self.events: list[EngineEvent] = []

    # ------------------------------------------------------------------ loading
    def _register(self, row: Row) -> Row:
        table = self._rows[type(row)]
        existing = table.get(row.id)
        if existing is not None:
            return existing
        if any(d is row or (type(d) is type(row) and d.id == row.id) for d in self._deleted):
            return row
        table[row.id] = row
        self._snapshots[(type(row), row.id)] = snapshot(row)
        return row

    def load_tree(self, proc_inst_id: str, *, full_history: bool = False) -> bool:
        """Loads the instance tree containing ``proc_inst_id`` once (runtime rows and open history; with
        ``full_history`` every history row, which only history views and back/revoke rules need);
        False when it does not exist."""
        loaded = self._trees.get(proc_inst_id)
        if loaded is not None and (loaded or not full_history):
            return True
        tree = self.tx.load_instance_tree(proc_inst_id, full_history=full_history)
        if tree is None:
            return False
        self._add_tree(tree, proc_inst_id)
        return True

    def _add_tree(self, tree: InstanceTree, proc_inst_id: str) -> None:
        ids = {proc_inst_id} if proc_inst_id else set()
        for row in tree.rows():
            self._register(row)
            pid = getattr(row, "proc_inst_id", None)
            if isinstance(pid, str):
                ids.add(pid)
        for pid in ids:
            self._trees[pid] = self._trees.get(pid, False) or tree.full_history
        self.activity_order = max(self.activity_order, tree.activity_order)

    def definition(self, definition_id: str) -> ProcessDefinition:
        """A definition by id (loaded once)."""
        found = self._rows[ProcessDefinition].get(definition_id)
        if found is None:
            loaded = self.tx.get_definition(definition_id)
            if loaded is None:
                raise ObjectNotFound(f"no deployed process definition found with id '{definition_id}'")
            found = self._register(loaded)
        assert isinstance(found, ProcessDefinition)
        return found

    def find_definition(
        self, key: str, *, version: int | None = None, deployment_id: str | None = None, tenant_id: str = ""
    ) -> ProcessDefinition | None:
        """A definition by key (latest / version / deployment), checking unsaved deployments first."""
        local = [
            d
            for d in self.all(ProcessDefinition)
            if d.key == key
            and d.tenant_id == tenant_id
            and (version is None or d.version == version)
            and (deployment_id is None or d.deployment_id == deployment_id)
        ]
        stored = self.tx.find_definition(
            key, version=version, deployment_id=deployment_id, tenant_id=tenant_id
        )
        candidates = local + ([stored] if stored is not None else [])
        if not candidates:
            return None
        best = max(candidates, key=lambda d: d.version)
        registered = self._register(best)
        assert isinstance(registered, ProcessDefinition)
        return registered

    def find_decision(
        self,
        key: str,
        *,
        version: int | None = None,
        deployment_id: str | None = None,
        version_tag: str | None = None,
        tenant_id: str = "",
    ) -> DecisionDefinition | None:
        """A decision by key (latest / version / deployment / version tag), unsaved deployments first."""
        local = [
            d
            for d in self.all(DecisionDefinition)
            if d.key == key
            and d.tenant_id == tenant_id
            and (version is None or d.version == version)
            and (deployment_id is None or d.deployment_id == deployment_id)
            and (version_tag is None or d.version_tag == version_tag)
        ]
        stored = self.tx.find_decision(
            key, version=version, deployment_id=deployment_id, version_tag=version_tag, tenant_id=tenant_id
        )
        candidates = local + ([stored] if stored is not None else [])
        if not candidates:
            return None
        registered = self._register(max(candidates, key=lambda d: d.version))
        assert isinstance(registered, DecisionDefinition)
        return registered

    def task(self, task_id: str) -> Task:
        """A runtime task with its instance tree loaded."""
        found = self._rows[Task].get(task_id)
        if found is None:
            tree = self.tx.load_task_tree(task_id)
            if tree is None:
                raise ObjectNotFound(f"Cannot find task with id {task_id}")
            self._add_tree(tree, tree.executions[0].root_proc_inst_id if tree.executions else "")
            found = self._rows[Task].get(task_id)
            if found is None:
                raise ObjectNotFound(f"Cannot find task with id {task_id}")
        assert isinstance(found, Task)
        return found

    def execution(self, execution_id: str) -> Execution:
        """A runtime execution with its instance tree loaded."""
        found = self._rows[Execution].get(execution_id)
        if found is None:
            stored = self.tx.get_execution(execution_id)
            if stored is not None:
                self.load_tree(stored.proc_inst_id)
            found = self._rows[Execution].get(execution_id)
            if found is None:
                raise ObjectNotFound(f"execution {execution_id} doesn't exist")
        assert isinstance(found, Execution)
        return found

    def job(self, job_id: str) -> Job | None:
        """A job with its instance tree loaded; None when it no longer exists."""
        found = self._rows[Job].get(job_id)
        if found is None:
            stored = self.tx.get_job(job_id)
            if stored is None:
                return None
            self.load_tree(stored.proc_inst_id)
            found = self._rows[Job].get(job_id)
        return found if isinstance(found, Job) else None

    def comments(self, *, task_id: str | None = None, proc_inst_id: str | None = None) -> list[Comment]:
        """Comments of a task or an instance: stored ones (loaded once) and those added in this command."""
        for stored in self.tx.find_comments(task_id=task_id, proc_inst_id=proc_inst_id):
            self._register(stored)
        return self.where(
            Comment,
            lambda c: (
                (task_id is not None and c.task_id == task_id)
                or (proc_inst_id is not None and c.proc_inst_id == proc_inst_id)
            ),
        )

    def loaded(self, row: R) -> R:
        """Registers a row read from the store outside an instance tree (e.g. a deployment)."""
        registered = self._register(row)
        assert isinstance(registered, type(row))
        return registered

    # ------------------------------------------------------------------ access
    def get(self, kind: type[R], row_id: str | None) -> R | None:
        """A loaded or inserted row, or None."""
        if row_id is None:
            return None
        found = self._rows[kind].get(row_id)
        return found if isinstance(found, kind) else None

    def all(self, kind: type[R]) -> list[R]:
        """Loaded and inserted rows of one type, in load/insert order."""
        # the table of ``kind`` holds only rows of that type (a hot path: no isinstance per row)
        return list(cast("dict[str, R]", self._rows[kind]).values())

    def where(self, kind: type[R], pred: Callable[[R], bool]) -> list[R]:
        """Rows of one type matching ``pred``."""
        return [r for r in cast("dict[str, R]", self._rows[kind]).values() if pred(r)]

    # ------------------------------------------------------------------ changes
    def insert(self, row: R) -> R:
        """Adds a new row."""
        self._rows[type(row)][row.id] = row
        return row

    def delete(self, row: Row) -> None:
        """Removes a row (no-op when already gone)."""
        table = self._rows[type(row)]
        if table.pop(row.id, None) is None:
            return
        if (type(row), row.id) in self._snapshots:
            self._deleted.append(row)
        else:
            self._transient.append(row)

    def flush(self) -> ChangeSet:
        """Builds the change set; bumps the revision of each updated row."""
        changes = ChangeSet(events=list(self.events))
        for kind in WRITE_ORDER:
            for row in self._rows[kind].values():
                snap = self._snapshots.get((kind, row.id))
                if snap is None:
                    changes.inserts.append(row)
                elif row != snap:
                    changes.changed[(kind, row.id)] = _changed_fields(row, snap)
                    changes.previous[(kind, row.id)] = snap
                    row.revision = snap.revision + 1
                    changes.updates.append(row)
        order = {k: i for i, k in enumerate(WRITE_ORDER)}
        changes.deletes = sorted(self._deleted, key=lambda r: -order[type(r)])
        changes.transient = list(self._transient)
        for row in changes.deletes:
            snap = self._snapshots.get((type(row), row.id))
            if snap is not None and row != snap:
                changes.changed[(type(row), row.id)] = _changed_fields(row, snap)
                changes.previous[(type(row), row.id)] = snap
        for row in changes.updates:
            self._snapshots[(type(row), row.id)] = snapshot(row)
        return changes
