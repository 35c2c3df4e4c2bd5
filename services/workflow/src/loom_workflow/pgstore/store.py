"""The engine's store on PostgreSQL (psycopg 3, synchronous: the engine runs in worker threads).

One engine command is one transaction on one pooled connection. Loading an instance tree locks
the root execution row (``SELECT ... FOR UPDATE``) first, so two commands on the same instance run
one after the other; the second sees what the first committed. Updates and deletes check the
revision and raise :class:`ConcurrentModification` when another transaction got there first.
Engine events become outbox rows in the same transaction.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Any

import orjson
import psycopg
from google.protobuf.message import Message
from psycopg_pool import ConnectionPool
from sqlalchemy.engine import make_url

from loom_platform import oplog
from loom_platform.logging import request_id
from loom_platform.outbox import outbox_row
from loom_workflow.engine.runtime import entities
from loom_workflow.engine.store.protocol import ChangeSet, InstanceTree, JobTake
from loom_workflow.pgstore import history, lease, writes
from loom_workflow.pgstore.codec import MAPPINGS
from loom_workflow.pgstore.statements import (
    DEFINITION_FIELDS,
    INSTANCE_HISTORY_KINDS,
    LIGHT_DEFINITION,
    LOAD_SQL,
    LOCK_TASK_TREE,
    LOCK_TREE,
    NODE_RULES,
    NODE_SETTINGS,
    TREE_KINDS,
)

log = logging.getLogger(__name__)

EventMapper = Callable[[ChangeSet, str | None], list[tuple[str, Message]]]


def _light_definition(values: Sequence[Any]) -> entities.ProcessDefinition:
    return entities.ProcessDefinition(**dict(zip(DEFINITION_FIELDS, values, strict=True)))


@dataclass(frozen=True)
class NodeRules:
    """A node's reviewer rules (rows of type, value, condition, operation type) and its settings."""

    rules: list[tuple[str, str, str, str]]
    settings: dict[str, str]


def conninfo(url: str) -> str:
    """A libpq URI from a SQLAlchemy URL (any postgres driver)."""
    parsed = make_url(url).set(drivername="postgresql")
    return parsed.render_as_string(hide_password=False)


class PgStore:
    """:class:`~loom_workflow.engine.store.EngineStore` on a psycopg connection pool."""

    def __init__(
        self,
        url: str,
        *,
        min_size: int = 1,
        max_size: int = 16,
        events: EventMapper | None = None,
        on_commit: Callable[[], None] | None = None,
    ) -> None:
        self.pool = ConnectionPool(
            conninfo(url),
            min_size=min_size,
            max_size=max_size,
            kwargs={"autocommit": False, "prepare_threshold": 2},
            open=True,
            name="workflow-engine",
        )
        self._events = events
        self._on_commit = on_commit
        self._local = threading.local()
        # Deployed definitions never change but for their flags (suspended, category, revision), which
        # are read with every load: the BPMN text is read once per process.
        self.definitions: dict[str, entities.ProcessDefinition] = {}
        self.levels: dict[str, str] = {}  # definition id -> history level

    def close(self) -> None:
        """Closes the pool."""
        self.pool.close()

    @contextmanager
    def transaction(self) -> Iterator[PgTx]:
        """One transaction: commit on normal exit, roll back on an exception."""
        with self.pool.connection() as conn:
            tx = PgTx(conn, self)
            previous = getattr(self._local, "tx", None)
            self._local.tx = tx
            try:
                yield tx
                tx.commit()
            finally:
                self._local.tx = previous
        for changes in tx.described:  # described for the operation log after its response, not now
            oplog.record_later(partial(writes.log_changes, changes))
        if tx.wrote_events and self._on_commit is not None:
            self._on_commit()

    def history_level(self, definition_id: str, tx: PgTx) -> str:
        """The history level a deployed definition declares (read once per process)."""
        found = self.levels.get(definition_id)
        if found is None:
            row = tx.conn.execute(
                "SELECT key, bpmn_xml FROM act_re_procdef WHERE id = %s", (definition_id,)
            ).fetchone()
            if row is None:
                return history.DEFAULT_LEVEL
            found = self.levels[definition_id] = history.level_of_xml(row[1] or "", row[0])
        return found

    def apply_history(self, **which: Any) -> history.Applied:
        """Applies pending history records now (every one by default; see :func:`history.catch_up`)
        in a transaction of its own."""
        which = which or {"everything": True}
        with self.pool.connection() as conn:
            return history.catch_up(conn, **which)

    def apply_history_batch(self, limit: int = 500) -> history.Applied:
        """One history worker's batch (:func:`history.apply_batch`) on a pooled connection."""
        with self.pool.connection() as conn:
            return history.apply_batch(conn, limit)

    def node_rules(self, process_key: str, node_id: str) -> NodeRules:
        """A node's reviewer rules and approver settings, read in this thread's command transaction
        when there is one (once per node and command), else in a transaction of their own."""
        tx = self.current_tx()
        if tx is not None:
            return tx.node_rules(process_key, node_id)
        with self.transaction() as own:
            return own.node_rules(process_key, node_id)

    def current_tx(self) -> PgTx | None:
        """The transaction this thread is running (hooks such as the reviewer resolver use it)."""
        return getattr(self._local, "tx", None)

    def map_events(self, changes: ChangeSet, actor: str | None) -> list[tuple[str, Message]]:
        """Outbox messages for a change set."""
        return self._events(changes, actor) if self._events is not None else []


class PgTx:
    """One transaction on one connection (implements the engine's ``StoreTx``)."""

    def __init__(self, conn: psycopg.Connection[Any], store: PgStore) -> None:
        self._conn = conn
        self.store = store
        self.wrote_events = False
        # Change sets written inside a logged request: the operation log's before/after are built from
        # them once the transaction has committed (a retried attempt's are never described)
        self.described: list[ChangeSet] = []
        # The change set written last, waiting to go with the COMMIT (see write)
        self._pending: tuple[str, list[Any]] | None = None
        # Definitions of a loaded tree, read in the tree's load: saves a round trip per command.
        self._definitions: dict[str, entities.ProcessDefinition] = {}
        # Instance id -> the root of its tree, for the instances loaded (their history records' key)
        self._roots: dict[str, str] = {}
        # Instance id -> its definition id (its history level)
        self._definition_of: dict[str, str] = {}
        # (process key, node id) -> the node's reviewer rules and approver settings, read once
        self._node_rules: dict[tuple[str, str], NodeRules] = {}

    @property
    def conn(self) -> psycopg.Connection[Any]:
        """The transaction's connection; a queued write is sent first, so every statement sees it."""
        if self._pending is not None:
            self._send_pending()
        return self._conn

    # ------------------------------------------------------------------ reads
    def _one(self, kind: type, where: str, params: tuple[Any, ...]) -> Any:
        mapping = MAPPINGS[kind]
        found = self.conn.execute(f"{mapping.select} WHERE {where}", params).fetchone()
        return None if found is None else mapping.to_row(found)

    def rows(self, kind: type, where: str, params: tuple[Any, ...] | list[Any]) -> list[Any]:
        """Rows of one type matching a WHERE clause (parameterised)."""
        mapping = MAPPINGS[kind]
        return [mapping.to_row(r) for r in self.conn.execute(f"{mapping.select} WHERE {where}", params)]

    def get_definition(self, definition_id: str) -> entities.ProcessDefinition | None:
        """A process definition by id."""
        prefetched = self._definitions.pop(definition_id, None)
        if prefetched is not None:
            return prefetched
        return self._definition("id = %s", (definition_id,))

    def find_definition(
        self, key: str, *, version: int | None = None, deployment_id: str | None = None, tenant_id: str = ""
    ) -> entities.ProcessDefinition | None:
        """The definition of ``key``: a version, the one of a deployment, else the latest."""
        where = "key = %s AND tenant_id = %s"
        params: list[Any] = [key, tenant_id]
        if version is not None:
            where, params = where + " AND version = %s", [*params, version]
        if deployment_id is not None:
            where, params = where + " AND deployment_id = %s", [*params, deployment_id]
        return self._definition(where + " ORDER BY version DESC LIMIT 1", tuple(params))

    def _definition(self, where: str, params: tuple[Any, ...]) -> entities.ProcessDefinition | None:
        """A definition: its columns but the BPMN text read now, the text from the store's cache."""
        found = self.conn.execute(f"{LIGHT_DEFINITION} WHERE {where}", params).fetchone()
        return None if found is None else self._with_xml([_light_definition(found)])[0]

    def _with_xml(self, light: list[entities.ProcessDefinition]) -> list[entities.ProcessDefinition]:
        cache = self.store.definitions
        missing = [d.id for d in light if d.id not in cache]
        if missing:
            for row in self.conn.execute(
                "SELECT id, bpmn_xml FROM act_re_procdef WHERE id = ANY(%s)", (missing,)
            ):
                cache[str(row[0])] = entities.ProcessDefinition(
                    id=str(row[0]), key="", version=0, bpmn_xml=row[1] or ""
                )
        for definition in light:
            definition.bpmn_xml = cache[definition.id].bpmn_xml
        return light

    def find_decision(
        self,
        key: str,
        *,
        version: int | None = None,
        deployment_id: str | None = None,
        version_tag: str | None = None,
        tenant_id: str = "",
    ) -> entities.DecisionDefinition | None:
        """The decision of ``key``: a version, the one of a deployment, the latest with a tag, else the latest."""
        where = "key = %s AND tenant_id = %s"
        params: list[Any] = [key, tenant_id]
        for column, value in (
            ("version", version),
            ("deployment_id", deployment_id),
            ("version_tag", version_tag),
        ):
            if value is not None:
                where, params = f"{where} AND {column} = %s", [*params, value]
        found = self._one(
            entities.DecisionDefinition, where + " ORDER BY version DESC LIMIT 1", tuple(params)
        )
        return found if isinstance(found, entities.DecisionDefinition) else None

    def get_execution(self, execution_id: str) -> entities.Execution | None:
        """An execution by id."""
        return self._one(entities.Execution, "id = %s", (execution_id,))  # type: ignore[no-any-return]

    def get_task(self, task_id: str) -> entities.Task | None:
        """A runtime task by id."""
        return self._one(entities.Task, "id = %s", (task_id,))  # type: ignore[no-any-return]

    def get_job(self, job_id: str) -> entities.Job | None:
        """A job by id."""
        return self._one(entities.Job, "id = %s", (job_id,))  # type: ignore[no-any-return]

    def get_deployment(self, deployment_id: str) -> entities.Deployment | None:
        """A deployment by id."""
        found = self._one(entities.Deployment, "id = %s", (deployment_id,))
        return found if isinstance(found, entities.Deployment) else None

    def definitions_of_key(self, key: str, *, tenant_id: str = "") -> list[entities.ProcessDefinition]:
        """Every version of ``key``, oldest first."""
        return self.rows(
            entities.ProcessDefinition, "key = %s AND tenant_id = %s ORDER BY version", (key, tenant_id)
        )

    def instance_ids(self, definition_ids: Sequence[str], *, running_only: bool) -> list[str]:
        """Running instances of the definitions, and ended ones too unless ``running_only``."""
        ids = list(definition_ids)
        sql = "SELECT id FROM act_ru_execution WHERE id = proc_inst_id AND proc_def_id = ANY(%(d)s)"
        if not running_only:
            history.catch_up(self.conn, everything=True)  # housekeeping: ended instances not applied yet
            sql += " UNION SELECT id FROM act_hi_procinst WHERE proc_def_id = ANY(%(d)s)"
        return [str(r[0]) for r in self.conn.execute(sql, {"d": ids})]

    def find_comments(
        self, *, task_id: str | None = None, proc_inst_id: str | None = None
    ) -> list[entities.Comment]:
        """Comments of a task or of an instance, oldest first. Comments travel in the history records:
        the pending records of the trees this transaction loaded (and of ``proc_inst_id``'s) are applied
        first."""
        history.catch_up(
            self.conn,
            roots=sorted(set(self._roots.values())),
            instances=[proc_inst_id] if proc_inst_id else (),
        )
        return self.rows(
            entities.Comment,
            "(task_id = %(t)s OR proc_inst_id = %(p)s) ORDER BY time, id",
            {"t": task_id, "p": proc_inst_id},
        )

    def lease_due_jobs(self, owner: str, lease_seconds: float, limit: int) -> list[tuple[str, datetime]]:
        """Leases due jobs (:func:`lease.lease_due_jobs`)."""
        return lease.lease_due_jobs(self.conn, owner, lease_seconds, limit)

    def take_job(self, job_id: str, owner: str, lease_seconds: float) -> JobTake:
        """Takes a job's lease (:func:`lease.take_job`)."""
        return lease.take_job(self.conn, job_id, owner, lease_seconds)

    def delay_job(self, job_id: str, seconds: float) -> None:
        """Holds a failed job back (:func:`lease.delay_job`)."""
        lease.delay_job(self.conn, job_id, seconds)

    def lock_external_jobs(
        self, worker_id: str, topics: Mapping[str, float], limit: int, now: datetime
    ) -> list[entities.Job]:
        """Locks free external jobs of ``topics`` (:func:`lease.lock_external_jobs`)."""
        return [
            MAPPINGS[entities.Job].to_row(r)  # type: ignore[misc]
            for r in lease.lock_external_jobs(self.conn, worker_id, topics, limit, now)
        ]

    def _root_of(self, proc_inst_id: str) -> str | None:
        found = self.conn.execute(
            "SELECT root_proc_inst_id FROM act_ru_execution WHERE id = %s", (proc_inst_id,)
        ).fetchone()
        if found is not None:
            return str(found[0])
        found = self.conn.execute(
            "SELECT coalesce(root_proc_inst_id, id) FROM act_hi_procinst WHERE id = %s", (proc_inst_id,)
        ).fetchone()
        return None if found is None else str(found[0])

    def lock_instance(self, proc_inst_id: str) -> str | None:
        """Locks the root of the instance tree containing ``proc_inst_id``; returns the root id."""
        locked = self.conn.execute(
            "SELECT id FROM act_ru_execution WHERE id = "
            "(SELECT root_proc_inst_id FROM act_ru_execution WHERE id = %s) FOR UPDATE",
            (proc_inst_id,),
        ).fetchone()
        if locked is not None:
            return str(locked[0])
        for _ in range(3):
            root = self._root_of(proc_inst_id)
            if root is None:
                return None
            locked = (
                self.conn.execute(
                    "SELECT id FROM act_ru_execution WHERE id = %s FOR UPDATE", (root,)
                ).fetchone()
                or self.conn.execute(
                    "SELECT id FROM act_hi_procinst WHERE id = %s FOR UPDATE", (root,)
                ).fetchone()
            )
            if locked is not None:
                return root
        return None

    def load_instance_tree(self, proc_inst_id: str, *, full_history: bool = False) -> InstanceTree | None:
        """Locks the tree containing ``proc_inst_id`` and loads it in two round trips.

        The first locks the root execution and returns the ids of the tree's running instances and
        its highest activity order; the second selects each kind of row by those ids (plain index
        lookups) in one pipeline. History is the open rows of the running instances unless
        ``full_history``. An instance that has ended (no runtime root) takes the slower path through
        its history, always in full.
        """
        return self._load(LOCK_TREE, proc_inst_id, full_history=full_history)

    def load_task_tree(self, task_id: str) -> InstanceTree | None:
        """The tree of a running task, found, locked and loaded in the same two round trips."""
        return self._load(LOCK_TASK_TREE, task_id, full_history=False)

    def _load(self, lock_sql: str, key: str, *, full_history: bool) -> InstanceTree | None:
        with self.conn.pipeline():
            locking = self.conn.execute(lock_sql, {"p": key})
            loading = self.conn.execute(LOAD_SQL[(lock_sql, full_history)], {"p": key})
        found, (data,) = locking.fetchone(), loading.fetchone()  # type: ignore[misc]
        if found is None and lock_sql is LOCK_TASK_TREE:
            return None
        if found is None:
            proc_inst_id = key
            # An ended tree: its pending history records are applied first (housekeeping, history views)
            history.catch_up(self.conn, instances=[proc_inst_id])
            root = self.lock_instance(proc_inst_id)
            if root is None:
                return None
            with self.conn.pipeline():
                tree = self._tree(self._history_cursors(root))
            tree.full_history = True
            self._roots.update((h.id, root) for h in tree.historic_process_instances)
            self._definition_of.update((h.id, h.proc_def_id) for h in tree.historic_process_instances)
            return tree
        values = orjson.loads(data)
        order = int(values[1])
        loaded: dict[type, list[Any]] = {}
        for kind, found_rows in zip(TREE_KINDS, values[3:], strict=True):
            if kind is entities.ProcessDefinition:
                light = [_light_definition(r) for r in found_rows or ()]
                self._definitions.update((d.id, d) for d in self._with_xml(light))
            else:
                mapping = MAPPINGS[kind]
                loaded[kind] = [mapping.from_json(r) for r in found_rows or ()]
        root = str(values[0])
        running = {e.proc_inst_id for e in loaded[entities.Execution]}
        self._roots.update((pid, root) for pid in running)
        self._definition_of.update(
            (e.id, e.proc_def_id) for e in loaded[entities.Execution] if e.id == e.proc_inst_id
        )
        if values[2]:
            order = max(
                order, history.merge(loaded, values[2], open_only_of=None if full_history else running)
            )
        tree = _instance_tree(loaded)
        tree.full_history, tree.activity_order = full_history, max(order, tree.activity_order)
        return tree

    def _history_cursors(self, root: str) -> dict[type, psycopg.Cursor[Any]]:
        """Every history row of the tree rooted at ``root``, ended called instances included."""
        params = {"root": root}
        tree_ids = "(SELECT id FROM act_hi_procinst WHERE root_proc_inst_id = %(root)s OR id = %(root)s)"
        cursors: dict[type, psycopg.Cursor[Any]] = {
            entities.HistoricProcessInstance: self.conn.execute(
                f"{MAPPINGS[entities.HistoricProcessInstance].select} "
                "WHERE root_proc_inst_id = %(root)s OR id = %(root)s",
                params,
            )
        }
        for kind in INSTANCE_HISTORY_KINDS:
            cursors[kind] = self.conn.execute(
                f"{MAPPINGS[kind].select} WHERE proc_inst_id IN {tree_ids}", params
            )
        return cursors

    def _tree(self, cursors: dict[type, psycopg.Cursor[Any]]) -> InstanceTree:
        loaded: dict[type, list[Any]] = {
            kind: [MAPPINGS[kind].to_row(r) for r in cur.fetchall()]
            for kind, cur in cursors.items()
            if kind is not entities.ProcessDefinition
        }
        if entities.ProcessDefinition in cursors:
            light = [_light_definition(r) for r in cursors[entities.ProcessDefinition].fetchall()]
            self._definitions.update((d.id, d) for d in self._with_xml(light))
        return _instance_tree(loaded)

    def find_executable_jobs(self, now: datetime, limit: int) -> list[entities.Job]:
        """Async jobs and due timers, unlocked, with retries left; oldest first."""
        return self.rows(
            entities.Job,
            "job_type IN ('timer', 'message') AND retries > 0 AND coalesce(due_date, create_time) <= %s "
            "AND (lock_expiration_time IS NULL OR lock_expiration_time < %s) "
            "ORDER BY coalesce(due_date, create_time), id LIMIT %s",
            (now, now, limit),
        )

    def node_rules(self, process_key: str, node_id: str) -> NodeRules:
        """The node's reviewer rules (type, value, condition, operation type; in sort order) and its
        approver settings (``wf_node_setting``), in one round trip, once per node in this transaction."""
        key = (process_key, node_id)
        found = self._node_rules.get(key)
        if found is None:
            with self.conn.pipeline():
                rules = self.conn.execute(NODE_RULES, key)
                settings = self.conn.execute(NODE_SETTINGS, key)
            found = NodeRules(
                rules=[(str(r[0]), str(r[1]), str(r[2]), str(r[3])) for r in rules.fetchall()],
                settings={str(r[0]): str(r[1]) for r in settings.fetchall()},
            )
            self._node_rules[key] = found
        return found

    # ------------------------------------------------------------------ writes
    def write(self, changes: ChangeSet) -> None:
        """Queues a change set as one statement: each table's INSERT, UPDATEs of the changed columns
        only and DELETE (revision-checked), history variables and one outbox row carrying the command's
        events, as data-modifying CTEs over JSON parameters. It is sent with the COMMIT, in one round
        trip, or before any later statement of this transaction. A revision that does not match fails
        the statement (``loom_workflow_check_writes``, called only then): the transaction rolls back and
        :class:`ConcurrentModification` is raised. A table's single updated or deleted row (the usual
        case) is matched without the set-returning ``loom_workflow_rows``."""
        self._send_pending()
        if oplog.recording():
            self.described.append(changes)
        records = history.build_records(
            [r for r in (*changes.inserts, *changes.updates) if history.recorded(r)],
            [r for r in changes.deletes if history.recorded(r)],
            writes.historic_variables(changes),
            [r.id for r in changes.deletes if isinstance(r, entities.HistoricProcessInstance)],
            self._root_resolver(changes),
            self._level_resolver(changes),
            new={id(r) for r in changes.inserts},
        )
        outbox = self.store.map_events(changes, changes.actor)
        self.wrote_events = self.wrote_events or bool(outbox)
        self._pending = writes.statement(
            changes, records, outbox_row(outbox, request_id.get()) if outbox else None
        )

    def _root_resolver(self, changes: ChangeSet) -> Callable[[str], str]:
        """Instance id -> its tree's root: from the trees this transaction loaded, the change set's
        executions and process history, else asked of the database (its own id when unknown)."""
        for row in (*changes.inserts, *changes.updates, *changes.deletes):
            if isinstance(row, entities.Execution):
                self._roots.setdefault(row.proc_inst_id, row.root_proc_inst_id)
            elif isinstance(row, entities.HistoricProcessInstance):
                self._roots.setdefault(row.id, row.root_proc_inst_id or row.id)

        def root_of(proc_inst_id: str) -> str:
            found = self._roots.get(proc_inst_id)
            if found is None:
                found = self._roots[proc_inst_id] = self._root_of(proc_inst_id) or proc_inst_id
            return found

        return root_of

    def _level_resolver(self, changes: ChangeSet) -> Callable[[str], str]:
        """Instance id -> the history level of its definition (audit when unknown)."""
        for row in (*changes.inserts, *changes.updates, *changes.deletes):
            if isinstance(row, entities.Execution) and row.id == row.proc_inst_id:
                self._definition_of.setdefault(row.id, row.proc_def_id)
            elif isinstance(row, entities.HistoricProcessInstance):
                self._definition_of.setdefault(row.id, row.proc_def_id)
            elif isinstance(row, entities.ProcessDefinition) and row.id not in self.store.levels:
                self.store.levels[row.id] = history.level_of_xml(row.bpmn_xml, row.key)  # deployed now

        def level_of(proc_inst_id: str) -> str:
            definition_id = self._definition_of.get(proc_inst_id)
            return (
                history.DEFAULT_LEVEL
                if definition_id is None
                else self.store.history_level(definition_id, self)
            )

        return level_of

    def catch_up(self, **which: Any) -> int:
        """Applies pending history records now, in this transaction (see :func:`history.catch_up`)."""
        return history.catch_up(self.conn, **which).records

    def _send_pending(self) -> None:
        """Sends the queued write now (a statement of this transaction follows it)."""
        if self._pending is not None:
            sql, params = self._pending
            self._pending = None
            with writes.conflicts():
                self._conn.execute(sql, params)

    def commit(self) -> None:
        """Sends the queued write and COMMIT in one round trip."""
        if self._pending is None:
            self._conn.commit()
            return
        sql, params = self._pending
        self._pending = None
        with writes.conflicts(), self._conn.pipeline():
            self._conn.execute(sql, params)
            self._conn.commit()


def _instance_tree(loaded: dict[type, list[Any]]) -> InstanceTree:
    activities = loaded.get(entities.HistoricActivityInstance, [])
    return InstanceTree(
        executions=loaded.get(entities.Execution, []),
        tasks=loaded.get(entities.Task, []),
        identity_links=loaded.get(entities.IdentityLink, []),
        variables=loaded.get(entities.Variable, []),
        jobs=loaded.get(entities.Job, []),
        historic_process_instances=loaded.get(entities.HistoricProcessInstance, []),
        historic_tasks=loaded.get(entities.HistoricTaskInstance, []),
        historic_activities=sorted(activities, key=lambda a: (a.start_time, a.transaction_order)),
        activity_order=max((a.transaction_order for a in activities), default=0),
    )
