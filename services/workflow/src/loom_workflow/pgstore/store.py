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
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import orjson
import psycopg
from google.protobuf.message import Message
from psycopg_pool import ConnectionPool
from sqlalchemy.engine import make_url

from loom_platform.logging import request_id
from loom_platform.outbox import outbox_row
from loom_workflow.engine.errors import ConcurrentModification
from loom_workflow.engine.runtime.entities import (
    Comment,
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
from loom_workflow.engine.store.protocol import ChangeSet, InstanceTree, JobTake
from loom_workflow.pgstore import history
from loom_workflow.pgstore.codec import MAPPINGS, Mapping, dump_json, settable, update_json_sql

log = logging.getLogger(__name__)

EventMapper = Callable[[ChangeSet, str | None], list[tuple[str, Message]]]

# Job acquisition: the scheduler leases due jobs, a worker takes the lease before it runs one.
_LEASE = """
UPDATE act_ru_job j SET lock_owner = %(owner)s, lock_expiration_time = now() + make_interval(secs => %(lease)s)
WHERE j.id IN (
    SELECT id FROM act_ru_job
    WHERE job_type IN ('timer', 'message') AND retries > 0
      AND coalesce(due_date, create_time) <= now()
      AND (lock_expiration_time IS NULL OR lock_expiration_time < now())
    ORDER BY coalesce(due_date, create_time), id
    LIMIT %(limit)s FOR UPDATE SKIP LOCKED
)
RETURNING j.id, j.lock_expiration_time
"""
_TAKE = """
UPDATE act_ru_job SET lock_owner = %(owner)s, lock_expiration_time = now() + make_interval(secs => %(lease)s)
WHERE id = %(id)s AND (lock_owner IS NULL OR lock_owner LIKE 'scheduler-%%' OR lock_owner = %(owner)s
                       OR lock_expiration_time < now())
RETURNING id
"""


# The root execution of the tree containing %(p)s, locked. The tree is read by the next statement of the
# same round trip (its snapshot is taken after the lock is held: one statement could not do both).
_LOCK_TREE = """
SELECT r.id FROM act_ru_execution r
WHERE r.id = (SELECT root_proc_inst_id FROM act_ru_execution WHERE id = %(p)s)
FOR UPDATE OF r
"""
_ROOT_OF_TASK = (
    "SELECT e.root_proc_inst_id AS id FROM act_ru_task t JOIN act_ru_execution e ON e.id = t.proc_inst_id "
    "WHERE t.id = %(p)s"
)
_LOCK_TASK_TREE = _LOCK_TREE.replace(
    "(SELECT root_proc_inst_id FROM act_ru_execution WHERE id = %(p)s)", f"({_ROOT_OF_TASK})"
)
_HISTORIC_VARIABLE_FIELDS = ("proc_inst_id", "execution_id", "task_id", "name", "type_name", "value")
_OUTBOX_ROW = (
    "INSERT INTO loom_outbox (id, subject, payload, headers, created_at) "
    "VALUES (%s, %s, %s, %s::jsonb, clock_timestamp())"
)
_HISTORY_KINDS: tuple[type, ...] = (HistoricTaskInstance, HistoricActivityInstance)
# Written through the history records, not by the command's statement
_ASYNC_KINDS = frozenset(history.HISTORY_KINDS)
_DEFINITION_FIELDS = tuple(f for f in MAPPINGS[ProcessDefinition].fields if f != "bpmn_xml")
_LIGHT_DEFINITION = "SELECT {} FROM act_re_procdef".format(
    ", ".join("rev" if f == "revision" else f for f in _DEFINITION_FIELDS)
)


def _light_definition(values: Sequence[Any]) -> ProcessDefinition:
    return ProcessDefinition(**dict(zip(_DEFINITION_FIELDS, values, strict=True)))


# What a loaded tree holds, in the order of the JSON array the load statement answers (after the root id
# and the highest activity order).
_TREE_KINDS: tuple[type, ...] = (
    Execution,
    ProcessDefinition,
    Task,
    IdentityLink,
    Variable,
    Job,
    HistoricProcessInstance,
    HistoricTaskInstance,
    HistoricActivityInstance,
)


def _load_tree_sql(root_sql: str, *, full_history: bool) -> str:
    """One statement reading a whole instance tree as one JSON array: the root id, the highest activity
    order, then the rows of each of :data:`_TREE_KINDS` (arrays in ``fields`` order, or null)."""

    def rows(kind: type, where: str) -> str:
        mapping = MAPPINGS[kind]
        return f"(SELECT json_agg({mapping.json_array}) FROM {mapping.table} WHERE {where})"

    in_tree = "proc_inst_id IN (SELECT id FROM ids)"
    history_ids = "(SELECT id FROM act_hi_procinst WHERE root_proc_inst_id = (SELECT id FROM root) OR id = (SELECT id FROM root))"
    light = ", ".join("rev" if f == "revision" else f for f in _DEFINITION_FIELDS)
    parts = [
        "(SELECT id FROM root)",
        "(SELECT coalesce(max(transaction_order), 0) FROM act_hi_actinst WHERE proc_inst_id IN (SELECT id FROM ids))",
        # the tree's history records not applied yet, read in the same snapshot as its history rows
        history.pending_records_of_instance_sql(),
        rows(Execution, "root_proc_inst_id = (SELECT id FROM root)"),
        f"(SELECT json_agg(json_build_array({light})) FROM act_re_procdef WHERE id IN "
        "(SELECT proc_def_id FROM act_ru_execution WHERE root_proc_inst_id = (SELECT id FROM root)))",
        *(rows(kind, in_tree) for kind in (Task, IdentityLink, Variable, Job)),
    ]
    if full_history:
        parts.append(
            rows(
                HistoricProcessInstance,
                "root_proc_inst_id = (SELECT id FROM root) OR id = (SELECT id FROM root)",
            )
        )
        parts += [rows(kind, f"proc_inst_id IN {history_ids}") for kind in _HISTORY_KINDS]
    else:
        parts.append(rows(HistoricProcessInstance, "id IN (SELECT id FROM ids)"))
        parts += [rows(kind, f"{in_tree} AND end_time IS NULL") for kind in _HISTORY_KINDS]
    return (
        f"WITH root AS ({root_sql}), ids AS (SELECT id FROM act_ru_execution "
        "WHERE root_proc_inst_id = (SELECT id FROM root) AND id = proc_inst_id) "
        f"SELECT json_build_array({', '.join(parts)})::text"
    )


_ROOT_OF_EXECUTION = "SELECT root_proc_inst_id AS id FROM act_ru_execution WHERE id = %(p)s"
_LOAD_SQL = {
    (lock, full): _load_tree_sql(root, full_history=full)
    for lock, root in ((_LOCK_TREE, _ROOT_OF_EXECUTION), (_LOCK_TASK_TREE, _ROOT_OF_TASK))
    for full in (False, True)
}


# A node's reviewer rules and its settings (the service's own tables, read by the assignment hook)
_NODE_RULES = (
    "SELECT a.type, coalesce(a.value, ''), coalesce(a.condition, ''), a.operation_type "
    "FROM wf_flow_assignee a JOIN wf_task_def_extension e ON e.id = a.task_def_id "
    "WHERE e.process_def_id = %s AND e.task_def_id = %s ORDER BY a.sort, a.id"
)
_NODE_SETTINGS = (
    "SELECT key, coalesce(value, '') FROM wf_node_setting WHERE process_def_id = %s AND task_def_id = %s"
)


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
        self.definitions: dict[str, ProcessDefinition] = {}
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
        # The change set written last, waiting to go with the COMMIT (see write)
        self._pending: tuple[str, list[Any]] | None = None
        # Definitions of a loaded tree, read in the tree's load: saves a round trip per command.
        self._definitions: dict[str, ProcessDefinition] = {}
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

    def get_definition(self, definition_id: str) -> ProcessDefinition | None:
        """A process definition by id."""
        prefetched = self._definitions.pop(definition_id, None)
        if prefetched is not None:
            return prefetched
        return self._definition("id = %s", (definition_id,))

    def find_definition(
        self, key: str, *, version: int | None = None, deployment_id: str | None = None, tenant_id: str = ""
    ) -> ProcessDefinition | None:
        """The definition of ``key``: a version, the one of a deployment, else the latest."""
        where = "key = %s AND tenant_id = %s"
        params: list[Any] = [key, tenant_id]
        if version is not None:
            where, params = where + " AND version = %s", [*params, version]
        if deployment_id is not None:
            where, params = where + " AND deployment_id = %s", [*params, deployment_id]
        return self._definition(where + " ORDER BY version DESC LIMIT 1", tuple(params))

    def _definition(self, where: str, params: tuple[Any, ...]) -> ProcessDefinition | None:
        """A definition: its columns but the BPMN text read now, the text from the store's cache."""
        found = self.conn.execute(f"{_LIGHT_DEFINITION} WHERE {where}", params).fetchone()
        return None if found is None else self._with_xml([_light_definition(found)])[0]

    def _with_xml(self, light: list[ProcessDefinition]) -> list[ProcessDefinition]:
        cache = self.store.definitions
        missing = [d.id for d in light if d.id not in cache]
        if missing:
            for row in self.conn.execute(
                "SELECT id, bpmn_xml FROM act_re_procdef WHERE id = ANY(%s)", (missing,)
            ):
                cache[str(row[0])] = ProcessDefinition(
                    id=str(row[0]), key="", version=0, bpmn_xml=row[1] or ""
                )
        for definition in light:
            definition.bpmn_xml = cache[definition.id].bpmn_xml
        return light

    def get_execution(self, execution_id: str) -> Execution | None:
        """An execution by id."""
        return self._one(Execution, "id = %s", (execution_id,))  # type: ignore[no-any-return]

    def get_task(self, task_id: str) -> Task | None:
        """A runtime task by id."""
        return self._one(Task, "id = %s", (task_id,))  # type: ignore[no-any-return]

    def get_job(self, job_id: str) -> Job | None:
        """A job by id."""
        return self._one(Job, "id = %s", (job_id,))  # type: ignore[no-any-return]

    def get_deployment(self, deployment_id: str) -> Deployment | None:
        """A deployment by id."""
        found = self._one(Deployment, "id = %s", (deployment_id,))
        return found if isinstance(found, Deployment) else None

    def definitions_of_key(self, key: str, *, tenant_id: str = "") -> list[ProcessDefinition]:
        """Every version of ``key``, oldest first."""
        return self.rows(ProcessDefinition, "key = %s AND tenant_id = %s ORDER BY version", (key, tenant_id))

    def instance_ids(self, definition_ids: Sequence[str], *, running_only: bool) -> list[str]:
        """Running instances of the definitions, and ended ones too unless ``running_only``."""
        ids = list(definition_ids)
        sql = "SELECT id FROM act_ru_execution WHERE id = proc_inst_id AND proc_def_id = ANY(%(d)s)"
        if not running_only:
            history.catch_up(self.conn, everything=True)  # housekeeping: ended instances not applied yet
            sql += " UNION SELECT id FROM act_hi_procinst WHERE proc_def_id = ANY(%(d)s)"
        return [str(r[0]) for r in self.conn.execute(sql, {"d": ids})]

    def find_comments(self, *, task_id: str | None = None, proc_inst_id: str | None = None) -> list[Comment]:
        """Comments of a task or of an instance, oldest first."""
        return self.rows(
            Comment,
            "(task_id = %(t)s OR proc_inst_id = %(p)s) ORDER BY time, id",
            {"t": task_id, "p": proc_inst_id},
        )

    def lease_due_jobs(self, owner: str, lease_seconds: float, limit: int) -> list[tuple[str, datetime]]:
        """Leases due jobs (``FOR UPDATE SKIP LOCKED``: schedulers never hand out one job twice)."""
        rows = self.conn.execute(_LEASE, {"owner": owner, "lease": lease_seconds, "limit": limit}).fetchall()
        return [(str(r[0]), r[1]) for r in rows]

    def take_job(self, job_id: str, owner: str, lease_seconds: float) -> JobTake:
        """'mine' when the lease is now ours, 'gone' when the job no longer exists, 'busy' otherwise."""
        if self.conn.execute(_TAKE, {"id": job_id, "owner": owner, "lease": lease_seconds}).fetchone():
            return "mine"
        exists = self.conn.execute("SELECT 1 FROM act_ru_job WHERE id = %s", (job_id,)).fetchone()
        return "busy" if exists else "gone"

    def delay_job(self, job_id: str, seconds: float) -> None:
        """Keeps a failed job from being handed out again at once."""
        self.conn.execute(
            "UPDATE act_ru_job SET lock_owner = 'retry', lock_expiration_time = now() + make_interval(secs => %s) "
            "WHERE id = %s AND job_type <> 'deadletter'",
            (seconds, job_id),
        )

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
        return self._load(_LOCK_TREE, proc_inst_id, full_history=full_history)

    def load_task_tree(self, task_id: str) -> InstanceTree | None:
        """The tree of a running task, found, locked and loaded in the same two round trips."""
        return self._load(_LOCK_TASK_TREE, task_id, full_history=False)

    def _load(self, lock_sql: str, key: str, *, full_history: bool) -> InstanceTree | None:
        with self.conn.pipeline():
            locking = self.conn.execute(lock_sql, {"p": key})
            loading = self.conn.execute(_LOAD_SQL[(lock_sql, full_history)], {"p": key})
        found, (data,) = locking.fetchone(), loading.fetchone()  # type: ignore[misc]
        if found is None and lock_sql is _LOCK_TASK_TREE:
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
        for kind, found_rows in zip(_TREE_KINDS, values[3:], strict=True):
            if kind is ProcessDefinition:
                light = [_light_definition(r) for r in found_rows or ()]
                self._definitions.update((d.id, d) for d in self._with_xml(light))
            else:
                mapping = MAPPINGS[kind]
                loaded[kind] = [mapping.from_json(r) for r in found_rows or ()]
        root = str(values[0])
        running = {e.proc_inst_id for e in loaded[Execution]}
        self._roots.update((pid, root) for pid in running)
        self._definition_of.update((e.id, e.proc_def_id) for e in loaded[Execution] if e.id == e.proc_inst_id)
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
            HistoricProcessInstance: self.conn.execute(
                f"{MAPPINGS[HistoricProcessInstance].select} "
                "WHERE root_proc_inst_id = %(root)s OR id = %(root)s",
                params,
            )
        }
        for kind in _HISTORY_KINDS:
            cursors[kind] = self.conn.execute(
                f"{MAPPINGS[kind].select} WHERE proc_inst_id IN {tree_ids}", params
            )
        return cursors

    def _tree(self, cursors: dict[type, psycopg.Cursor[Any]]) -> InstanceTree:
        loaded: dict[type, list[Any]] = {
            kind: [MAPPINGS[kind].to_row(r) for r in cur.fetchall()]
            for kind, cur in cursors.items()
            if kind is not ProcessDefinition
        }
        if ProcessDefinition in cursors:
            light = [_light_definition(r) for r in cursors[ProcessDefinition].fetchall()]
            self._definitions.update((d.id, d) for d in self._with_xml(light))
        return _instance_tree(loaded)

    def find_executable_jobs(self, now: datetime, limit: int) -> list[Job]:
        """Async jobs and due timers, unlocked, with retries left; oldest first."""
        return self.rows(
            Job,
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
                rules = self.conn.execute(_NODE_RULES, key)
                settings = self.conn.execute(_NODE_SETTINGS, key)
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
        parts: list[str] = []
        params: list[Any] = []
        checks: list[tuple[int, int, str]] = []  # (part index, rows expected, what)

        def add(sql: str, *values: Any, expect: int = 0, what: str = "") -> None:
            """One CTE and its parameters; ``expect``: the rows it must touch (revision-checked)."""
            if expect:
                checks.append((len(parts), expect, what))
            parts.append(sql)
            params.extend(values)

        for mapping, rows in _grouped(changes.inserts):
            if mapping.kind not in _ASYNC_KINDS:
                add(mapping.insert_json, dump_json([mapping.json_object(r) for r in rows]))
        for (mapping, fields), rows in _grouped_updates(changes):
            if mapping.kind in _ASYNC_KINDS:
                continue
            fields = fields or settable(mapping)
            single = len(rows) == 1
            objects = [mapping.json_object(r, fields) for r in rows]
            add(
                update_json_sql(mapping, fields, single=single),
                dump_json(objects[0] if single else objects),
                expect=len(rows),
                what=_label(rows),
            )
        for mapping, rows in _grouped(changes.deletes):
            if mapping.kind in _ASYNC_KINDS:
                continue
            if len(rows) == 1:  # plain parameters: no JSON to read, no function to call
                add(mapping.delete_one, rows[0].id, rows[0].revision, expect=1, what=_label(rows))
            else:
                keys = [{"id": r.id, "rev": r.revision} for r in rows]
                add(mapping.delete_json, dump_json(keys), expect=len(rows), what=_label(rows))
        # History: one record per tree touched, applied later by the history workers
        records = history.build_records(
            [r for r in (*changes.inserts, *changes.updates) if type(r) in _ASYNC_KINDS],
            [r for r in changes.deletes if type(r) in _ASYNC_KINDS],
            _historic_variables(changes),
            [r.id for r in changes.deletes if isinstance(r, HistoricProcessInstance)],
            self._root_resolver(changes),
            self._level_resolver(changes),
            new={id(r) for r in changes.inserts},
        )
        for root, record in records.items():
            if not record.is_empty():
                add(history.QUEUE_INSERT, root, changes.actor, record.encode())
        outbox = self.store.map_events(changes, changes.actor)
        if outbox:
            add(_OUTBOX_ROW, *outbox_row(outbox, request_id.get()))
            self.wrote_events = True
        if not parts:
            return
        ctes = ", ".join(f"w{i} AS ({sql})" for i, sql in enumerate(parts))
        if checks:
            # The counts are compared in SQL; the function that names the stale row and raises is only
            # called when one differs (called on every write, its loop over a JSON text cost 40-55 us).
            counts = "ARRAY[{}]::integer[]".format(
                ", ".join(f"(SELECT count(*) FROM w{i})" for i, _, _ in checks)
            )
            final = (
                f"SELECT CASE WHEN {counts} = %s::integer[] THEN 1 "
                f"ELSE (loom_workflow_check_writes({counts}, %s::json) IS NULL)::integer END"
            )
            params += [[n for _, n, _ in checks], dump_json([[n, what] for _, n, what in checks])]
        else:
            final = "SELECT 1"
        self._pending = (f"WITH {ctes} {final}", params)

    def _root_resolver(self, changes: ChangeSet) -> Callable[[str], str]:
        """Instance id -> its tree's root: from the trees this transaction loaded, the change set's
        executions and process history, else asked of the database (its own id when unknown)."""
        for row in (*changes.inserts, *changes.updates, *changes.deletes):
            if isinstance(row, Execution):
                self._roots.setdefault(row.proc_inst_id, row.root_proc_inst_id)
            elif isinstance(row, HistoricProcessInstance):
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
            if isinstance(row, Execution) and row.id == row.proc_inst_id:
                self._definition_of.setdefault(row.id, row.proc_def_id)
            elif isinstance(row, HistoricProcessInstance):
                self._definition_of.setdefault(row.id, row.proc_def_id)
            elif isinstance(row, ProcessDefinition) and row.id not in self.store.levels:
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
            with _conflicts():
                self._conn.execute(sql, params)

    def commit(self) -> None:
        """Sends the queued write and COMMIT in one round trip."""
        if self._pending is None:
            self._conn.commit()
            return
        sql, params = self._pending
        self._pending = None
        with _conflicts(), self._conn.pipeline():
            self._conn.execute(sql, params)
            self._conn.commit()


@contextmanager
def _conflicts() -> Iterator[None]:
    """A failed revision check (``serialization_failure`` from the write statement) as the engine's error."""
    try:
        yield
    except psycopg.errors.SerializationFailure as exc:
        raise ConcurrentModification(exc.diag.message_primary or str(exc)) from exc


def _label(rows: list[Row]) -> str:
    return f"{type(rows[0]).__name__} {rows[0].id}"


def _historic_variables(changes: ChangeSet) -> list[dict[str, Any]]:
    """ACT_HI_VARINST: the last value of every variable, kept after the instance ends. Written for new
    and changed variables, for a deleted one only when this command changed it first, and for one this
    command both set and removed (a variable first set by the completion that ends the instance)."""
    inserted = {id(r) for r in (*changes.inserts, *changes.transient)}
    mapping = MAPPINGS[Variable]
    return [
        mapping.json_object(r, _HISTORIC_VARIABLE_FIELDS)
        for r in [*changes.inserts, *changes.updates, *changes.deletes, *changes.transient]
        if isinstance(r, Variable) and (id(r) in inserted or (Variable, r.id) in changes.changed)
    ]


def _instance_tree(loaded: dict[type, list[Any]]) -> InstanceTree:
    activities = loaded.get(HistoricActivityInstance, [])
    return InstanceTree(
        executions=loaded.get(Execution, []),
        tasks=loaded.get(Task, []),
        identity_links=loaded.get(IdentityLink, []),
        variables=loaded.get(Variable, []),
        jobs=loaded.get(Job, []),
        historic_process_instances=loaded.get(HistoricProcessInstance, []),
        historic_tasks=loaded.get(HistoricTaskInstance, []),
        historic_activities=sorted(activities, key=lambda a: (a.start_time, a.transaction_order)),
        activity_order=max((a.transaction_order for a in activities), default=0),
    )


def _grouped(rows: list[Row]) -> list[tuple[Mapping, list[Row]]]:
    groups: dict[type, list[Row]] = {}
    for row in rows:
        groups.setdefault(type(row), []).append(row)
    return [(MAPPINGS[kind], items) for kind, items in groups.items()]


def _grouped_updates(changes: ChangeSet) -> list[tuple[tuple[Mapping, tuple[str, ...]], list[Row]]]:
    groups: dict[tuple[type, tuple[str, ...]], list[Row]] = {}
    for row in changes.updates:
        fields = changes.changed.get((type(row), row.id)) or ()
        groups.setdefault((type(row), fields), []).append(row)
    return [((MAPPINGS[kind], fields), rows) for (kind, fields), rows in groups.items()]


def _check(count: int, rows: list[Row]) -> None:
    if count != len(rows):
        first = rows[0]
        raise ConcurrentModification(f"{type(first).__name__} {first.id} was updated by another transaction")
