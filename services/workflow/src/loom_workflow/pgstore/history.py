"""Asynchronous history (Flowable's ``asyncHistoryEnabled``, Zeebe's exporters).

A command's transaction writes its runtime rows and, per instance tree it touched, ONE history record
(``loom_history_queue``): every history row it inserted or changed (whole, at its new revision), the
comments it added (ACT_HI_COMMENT is history too), the history rows it deleted, the historic variables
it set and the instances whose variables go. Nothing else of history is written on the command path.

History workers apply the records to ACT_HI_* in batches (one multi-row upsert per table), in ``seq``
order per tree, and delete them in the same transaction: a record is applied exactly once (a worker
killed mid-batch rolls back and leaves its records for the next), and even applied twice it would
change nothing (a row is only replaced by a higher revision). A tree's records are applied by one
transaction at a time: the batch takes the tree's advisory lock (try-lock: a worker never waits, it
leaves the tree to the holder).

Reads stay correct while records wait:
- the engine's instance load reads the tree's pending records in the same statement (one snapshot)
  and replays them over the history rows it loaded (:func:`merge`);
- a screen that reads history first applies the pending records of the trees its user touched
  (:func:`catch_up`): the acting user reads their own writes at once; others see them after the lag.
"""

from __future__ import annotations

import base64
import operator
import re
import time
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import orjson
import psycopg

from loom_workflow.engine.runtime.entities import (
    Comment,
    HistoricActivityInstance,
    HistoricProcessInstance,
    HistoricTaskInstance,
    Row,
)
from loom_workflow.pgstore.codec import MAPPINGS, Mapping, dump_json

HISTORY_KINDS: tuple[type, ...] = (HistoricProcessInstance, HistoricTaskInstance, HistoricActivityInstance)
# What records carry: the history rows an instance load reads back (above), and comments (read through
# ``find_comments`` and the history screens, which apply the pending records first)
RECORDED_KINDS: tuple[type, ...] = (*HISTORY_KINDS, Comment)
_CODE = {HistoricProcessInstance: "p", HistoricTaskInstance: "t", HistoricActivityInstance: "a", Comment: "c"}
_KIND = {code: kind for kind, code in _CODE.items()}
# Bytes of JSON above which a payload is zlib-compressed. A record's rows are arrays whose values
# repeat (ids, definition and instance ids, times): level 1 halves a 400-byte record for ~10 us, and
# the record is written to the queue's heap and WAL, then read and deleted by a worker. 1 KB instead
# (A/B, 2026-11-27): no difference in engine or PostgreSQL CPU beyond the host's noise.
_COMPRESS_OVER = 256
# zlib's state for a record under 2 KB: a 4 KB window and a small hash (``zlib.compress`` allocates and
# clears ~260 KB per call: 17.5 us of CPU against 5.7 us, the same bytes out; ``zlib.decompress`` reads
# either, the window size is in the stream's header).
_WINDOW_BITS, _MEM_LEVEL = 12, 4
# A history row in a record: its values in ``Mapping.fields`` order (keys written once, in the code)
_VALUES = {kind: operator.attrgetter(*MAPPINGS[kind].fields) for kind in RECORDED_KINDS}
_ID = {kind: MAPPINGS[kind].fields.index("id") for kind in RECORDED_KINDS}
_REV = {kind: MAPPINGS[kind].fields.index("revision") for kind in RECORDED_KINDS}
_COLUMNS = {
    kind: tuple("rev" if f == "revision" else f for f in MAPPINGS[kind].fields) for kind in RECORDED_KINDS
}

# The advisory lock of a tree's records (a key of its own: the first argument names this use).
LOCK_KEY = 0x4C4F4F4D  # 'LOOM'
_TRY_LOCK = f"pg_try_advisory_xact_lock({LOCK_KEY}, hashtext(root_id))"

QUEUE_INSERT = "INSERT INTO loom_history_queue (root_id, actor, payload) VALUES (%s, %s, %s) RETURNING 1"


# ---------------------------------------------------------------------------------------- records
@dataclass
class Record:
    """The history of one command for one tree: upserts in order, deleted ids, variables."""

    upserts: list[tuple[str, Sequence[Any]]] = field(default_factory=list)  # (kind code, row's values)
    deletes: list[tuple[str, str]] = field(default_factory=list)  # (kind code, id)
    variables: list[dict[str, Any]] = field(default_factory=list)  # act_hi_varinst objects
    forget: list[str] = field(default_factory=list)  # instances whose historic variables go
    at: str = ""

    def encode(self) -> bytes:
        """The payload: JSON, zlib-compressed (prefix ``z``) when that pays, else prefix ``j``."""
        data = orjson.dumps(
            {"u": self.upserts, "d": self.deletes, "v": self.variables, "f": self.forget, "at": self.at}
        )
        if len(data) > _COMPRESS_OVER:
            packer = zlib.compressobj(1, zlib.DEFLATED, _WINDOW_BITS, _MEM_LEVEL)
            return b"z" + packer.compress(data) + packer.flush()
        return b"j" + data

    @staticmethod
    def decode(payload: bytes) -> Record:
        """A payload back to a record."""
        data = zlib.decompress(payload[1:]) if payload[:1] == b"z" else payload[1:]
        value = orjson.loads(data)
        return Record(
            upserts=[(k, _values_of(k, o)) for k, o in value["u"]],
            deletes=[(k, i) for k, i in value["d"]],
            variables=value["v"],
            forget=value["f"],
            at=value.get("at", ""),
        )

    def is_empty(self) -> bool:
        """Nothing to apply."""
        return not (self.upserts or self.deletes or self.variables or self.forget)


def _values_of(code: str, row: list[Any] | dict[str, Any]) -> list[Any]:
    """A record's row as values in ``fields`` order (records queued before the arrays hold objects;
    arrays queued before a column was added at the end lack its value: None)."""
    columns = _COLUMNS[_KIND[code]]
    if isinstance(row, dict):
        return [row.get(c) for c in columns]
    return row if len(row) >= len(columns) else [*row, *([None] * (len(columns) - len(row)))]


# ------------------------------------------------------------------------------ history levels
# Flowable 6.8's levels, per process definition (``flowable:historyLevel`` on the process, as an
# attribute or an extension element; default audit):
# - none: nothing at all, as Flowable (no record is written for it: the engine finds no history rows
#   and carries on). Rows an instance had before its definition said none are deleted as they close.
# - activity: process and activity instances are kept; task rows only while open; no variables.
# - audit (and full, which adds nothing here: there is no ACT_HI_DETAIL): everything.
LEVELS = ("none", "activity", "audit", "full")
DEFAULT_LEVEL = "audit"
_LEVEL_ATTRIBUTE = re.compile(r"""historyLevel\s*=\s*["']([A-Za-z]+)["']""")
_LEVEL_ELEMENT = re.compile(r"historyLevel>\s*([A-Za-z]+)\s*<")


def level_of_xml(bpmn_xml: str, key: str | None = None) -> str:
    """The history level a BPMN text declares for its process ``key`` (the first process when None)."""
    which = rf"\bid\s*=\s*[\"']{re.escape(key)}[\"']" if key is not None else ""
    start = re.search(rf"<(?:\w+:)?process\b[^>]*{which}[^>]*>", bpmn_xml)
    if start is None:
        return DEFAULT_LEVEL
    end = bpmn_xml.find("process>", start.end())
    body = bpmn_xml[start.end() : end if end > 0 else len(bpmn_xml)]
    found = _LEVEL_ATTRIBUTE.search(start.group(0)) or _LEVEL_ELEMENT.search(body)
    level = found.group(1).lower() if found else DEFAULT_LEVEL
    return level if level in LEVELS else DEFAULT_LEVEL


def _kept(row: Row, level: str) -> bool:
    """Whether a history row stays in the tables at ``level`` (else it lives only while open)."""
    if level in ("audit", "full"):
        return True
    if isinstance(row, Comment):
        return level != "none"
    if level == "activity" and not isinstance(row, HistoricTaskInstance):
        return True
    return False


def build_records(
    upserts: Iterable[Row],
    deletes: Iterable[Row],
    variables: list[dict[str, Any]],
    forget: list[str],
    root_of: Any,
    level_of: Any = None,
    *,
    new: set[int] | frozenset[int] = frozenset(),
) -> dict[str, Record]:
    """The records of one write, by tree root (``root_of(proc_inst_id)``), at the history level of each
    instance's definition (``level_of(proc_inst_id)``; audit when None). ``new``: the ``id()`` of the
    rows this write inserts (a row not kept that opened and closed within it leaves no trace at all)."""
    records: dict[str, Record] = {}
    at = datetime.now(UTC).isoformat()
    levels: dict[str, str] = {}

    def level(proc_inst_id: str) -> str:
        found = levels.get(proc_inst_id)
        if found is None:
            found = levels[proc_inst_id] = DEFAULT_LEVEL if level_of is None else level_of(proc_inst_id)
        return found

    def of(proc_inst_id: str) -> Record:
        root = root_of(proc_inst_id)
        record = records.get(root)
        if record is None:
            record = records[root] = Record(at=at)
        return record

    for row in upserts:
        kind = type(row)
        pid = _instance_of(row)
        at_level = level(pid)
        if at_level == "none" and id(row) in new:
            continue  # never written at level none
        if isinstance(row, Comment):
            of(pid).upserts.append((_CODE[kind], _VALUES[kind](row)))
            continue
        if row.end_time is not None and not _kept(row, at_level):  # type: ignore[attr-defined]
            if id(row) in new and not isinstance(row, HistoricProcessInstance):
                continue  # opened and closed by this command: never written, nothing to delete
            of(pid).deletes.append((_CODE[kind], row.id))
            if isinstance(row, HistoricProcessInstance) and at_level != "none":
                of(pid).forget.append(pid)
        else:
            of(pid).upserts.append((_CODE[kind], _VALUES[kind](row)))
    for row in deletes:
        of(_instance_of(row)).deletes.append((_CODE[type(row)], row.id))
    for var in variables:
        pid = str(var["proc_inst_id"])
        if level(pid) in ("audit", "full"):
            of(pid).variables.append(var)
    for pid in forget:
        if level(pid) != "none":
            of(pid).forget.append(pid)
    return records


def _instance_of(row: Row) -> str:
    return row.id if isinstance(row, HistoricProcessInstance) else str(row.proc_inst_id)  # type: ignore[union-attr]


def recorded(row: Row) -> bool:
    """Whether a row of a change set goes through the history record (a comment on no instance has no
    tree to go with: the command writes it)."""
    kind = type(row)
    return kind in _CODE and (kind is not Comment or bool(row.proc_inst_id))  # type: ignore[union-attr]


def row_of(code: str, values: Sequence[Any]) -> Row:
    """A history dataclass from a record's row (values in ``fields`` order)."""
    return MAPPINGS[_KIND[code]].from_json(list(values))


# ------------------------------------------------------------------------------ merge on load
def merge(loaded: dict[type, list[Any]], payloads: Sequence[str], *, open_only_of: set[str] | None) -> int:
    """Replays a tree's pending records (base64 payloads, oldest first) over its loaded history rows.

    ``open_only_of``: for a load of open history only, the running instances whose open rows to keep
    (the process rows of those instances, their task and activity rows without an end time); None
    keeps every row. Returns the highest activity ``transaction_order`` the records hold (0 if none).
    """
    if not payloads:
        return 0
    # id -> a loaded row, or a record's values (made a row only if it is kept: most rows a command's
    # records carry have ended by the next command, and an open-history load drops them)
    by_id: dict[type, dict[str, Any]] = {
        kind: {r.id: r for r in loaded.get(kind, [])} for kind in HISTORY_KINDS
    }
    order = 0
    tree_codes = {_CODE[kind] for kind in HISTORY_KINDS}
    for text in payloads:
        record = Record.decode(base64.b64decode(text))
        for code, values in record.upserts:
            kind = _KIND[code]
            if kind is Comment:
                continue  # not part of a loaded tree
            rows = by_id[kind]
            current = rows.get(values[_ID[kind]])
            if current is None or _revision(kind, current) < values[_REV[kind]]:
                rows[values[_ID[kind]]] = values
                if kind is HistoricActivityInstance:
                    order = max(order, values[_ORDER])
        for code, row_id in record.deletes:
            if code in tree_codes:
                by_id[_KIND[code]].pop(row_id, None)
    for kind in HISTORY_KINDS:
        kept = []
        for item in by_id[kind].values():
            if open_only_of is not None and not _open(kind, item, open_only_of):
                continue
            kept.append(row_of(_CODE[kind], item) if isinstance(item, list) else item)
        loaded[kind] = kept
    return order


_ORDER = MAPPINGS[HistoricActivityInstance].fields.index("transaction_order")
_END = {kind: MAPPINGS[kind].fields.index("end_time") for kind in HISTORY_KINDS}
_PROC_INST: dict[type, int] = {
    kind: MAPPINGS[kind].fields.index("proc_inst_id")
    for kind in (HistoricTaskInstance, HistoricActivityInstance)
}


def _revision(kind: type, item: Any) -> int:
    return int(item[_REV[kind]]) if isinstance(item, list) else int(item.revision)


def _open(kind: type, item: Any, running: set[str]) -> bool:
    """Whether a row (loaded, or a record's values) is one an open-history load keeps: the process row of
    a running instance, a task or activity row of one that has not ended."""
    if isinstance(item, list):
        if kind is HistoricProcessInstance:
            return item[_ID[kind]] in running
        return item[_END[kind]] is None and item[_PROC_INST[kind]] in running
    if kind is HistoricProcessInstance:
        return bool(item.id in running)
    return item.end_time is None and item.proc_inst_id in running


# -------------------------------------------------------------------------------------- apply
def _upsert_sql(mapping: Mapping) -> str:
    columns = ["rev" if f == "revision" else f for f in mapping.fields]
    sets = ", ".join(f"{c} = EXCLUDED.{c}" for c in columns if c != "id")
    return (
        f"INSERT INTO {mapping.table} ({', '.join(columns)}) SELECT {', '.join(columns)} "
        f"FROM json_populate_recordset(NULL::{mapping.table}, %s::json) "
        f"ON CONFLICT (id) DO UPDATE SET {sets} WHERE {mapping.table}.rev < EXCLUDED.rev"
    )


_UPSERT = {kind: _upsert_sql(MAPPINGS[kind]) for kind in RECORDED_KINDS}
_DELETE = {kind: f"DELETE FROM {MAPPINGS[kind].table} WHERE id = ANY(%s)" for kind in RECORDED_KINDS}
_VARIABLES = """
INSERT INTO act_hi_varinst (id, proc_inst_id, execution_id, task_id, name, type_name, value, create_time,
                            last_updated_time)
SELECT v.id, v.proc_inst_id, v.execution_id, v.task_id, v.name, v.type_name, v.value, v.create_time,
       v.last_updated_time
FROM json_populate_recordset(NULL::act_hi_varinst, %s::json) v
ON CONFLICT (id) DO UPDATE SET type_name = EXCLUDED.type_name, value = EXCLUDED.value,
                               last_updated_time = EXCLUDED.last_updated_time
"""
_FORGET = "DELETE FROM act_hi_varinst WHERE proc_inst_id = ANY(%s)"
# the decisions its business-rule tasks evaluated go with an instance's history as well
_FORGET_DECISIONS = "DELETE FROM act_dmn_hi_decision_execution WHERE proc_inst_id = ANY(%s)"


@dataclass
class Applied:
    """What one batch applied: records, their ages in seconds at apply time."""

    records: int = 0
    lags: list[float] = field(default_factory=list)


def apply_records(conn: psycopg.Connection[Any], rows: Sequence[tuple[int, bytes, datetime]]) -> Applied:
    """Applies records (``seq``, payload, created_at; in ``seq`` order) and deletes them, in the caller's
    transaction: per table one upsert of each row's latest revision, then the deletes."""
    upserts: dict[type, dict[str, Sequence[Any]]] = {kind: {} for kind in RECORDED_KINDS}
    deletes: dict[type, set[str]] = {kind: set() for kind in RECORDED_KINDS}
    variables: dict[str, dict[str, Any]] = {}
    forget: set[str] = set()
    for _, payload, _ in rows:  # (a row both written and deleted in the batch is only deleted)
        record = Record.decode(bytes(payload))
        for code, values in record.upserts:
            kind = _KIND[code]
            row_id, rev = values[_ID[kind]], values[_REV[kind]]
            current = upserts[kind].get(row_id)
            if current is None or current[_REV[kind]] < rev:
                upserts[kind][row_id] = values
        for code, row_id in record.deletes:
            deletes[_KIND[code]].add(row_id)
        for var in record.variables:
            known = variables.get(var["id"])
            var = {
                **var,
                "create_time": known["create_time"] if known else record.at,
                "last_updated_time": record.at,
            }
            variables[var["id"]] = var
        forget.update(record.forget)
    if not rows:
        return Applied()
    for kind in RECORDED_KINDS:
        for row_id in deletes[kind]:
            upserts[kind].pop(row_id, None)
    with conn.pipeline():
        for kind in RECORDED_KINDS:
            if upserts[kind]:
                columns = _COLUMNS[kind]
                objects = [dict(zip(columns, values, strict=True)) for values in upserts[kind].values()]
                conn.execute(_UPSERT[kind], (dump_json(objects),))
        if variables:
            conn.execute(_VARIABLES, (dump_json(list(variables.values())),))
        for kind in RECORDED_KINDS:
            if deletes[kind]:
                conn.execute(_DELETE[kind], (list(deletes[kind]),))
        if forget:
            conn.execute(_FORGET, (list(forget),))
            conn.execute(_FORGET_DECISIONS, (list(forget),))
        conn.execute("DELETE FROM loom_history_queue WHERE seq = ANY(%s)", ([r[0] for r in rows],))
    now = time.time()
    return Applied(records=len(rows), lags=[max(0.0, now - r[2].timestamp()) for r in rows])


# The trees of a batch: the oldest records (a few batches' worth) in ``seq`` order, each one's tree lock
# tried as it is read (a LIMIT over the filter over the ordered candidates: the executor stops trying
# once ``limit`` records are in), so a tree another transaction is applying is passed over as a whole
# (its later records with it: the order per tree holds) and no more trees are locked than are taken.
_LOCK_TREES = f"""
SELECT DISTINCT root_id FROM (
    SELECT root_id FROM (
        SELECT seq, root_id FROM loom_history_queue ORDER BY seq LIMIT %(scan)s
    ) c WHERE {_TRY_LOCK} LIMIT %(limit)s
) t
"""
# Read after the locks are held (a new snapshot: what another worker applied before is gone)
_RECORDS_OF = (
    "SELECT seq, payload, created_at FROM loom_history_queue WHERE root_id = ANY(%s) ORDER BY seq LIMIT %s"
)


def apply_batch(conn: psycopg.Connection[Any], limit: int = 500) -> Applied:
    """One worker's batch, in its own transaction: the records of trees no other transaction is
    applying (about ``limit``, oldest first), applied and deleted."""
    with conn.transaction():
        trees = [r[0] for r in conn.execute(_LOCK_TREES, {"scan": limit * 4, "limit": limit}).fetchall()]
        if not trees:
            return Applied()
        rows = conn.execute(_RECORDS_OF, (trees, limit * 2)).fetchall()
        return apply_records(conn, rows)


def catch_up(
    conn: psycopg.Connection[Any],
    *,
    roots: Sequence[str] = (),
    actor: str | None = None,
    starter: str | None = None,
    instances: Sequence[str] = (),
    everything: bool = False,
) -> Applied:
    """Applies, in the caller's transaction, every pending record of the trees given by ``roots``, of
    the trees with a pending record of ``actor``, of the trees whose root instance ``starter`` started
    (what others did to them: a stop, an approval), of the trees containing ``instances`` (pending
    called instances included), or of every tree. Waits for a worker applying one of them (its lock)."""
    clauses, params = [], []
    if roots:
        clauses.append("root_id = ANY(%s)")
        params.append(list(roots))
    if actor is not None:
        clauses.append("root_id IN (SELECT root_id FROM loom_history_queue WHERE actor = %s)")
        params.append(actor)
    if starter is not None:
        # driven by the (short) queue: its root ids probe act_hi_procinst's primary key
        clauses.append(
            "EXISTS (SELECT 1 FROM act_hi_procinst p WHERE p.id = loom_history_queue.root_id"
            " AND p.start_user_id = %s)"
        )
        params.append(starter)
    if instances:
        clauses.append(
            "root_id IN (SELECT root_proc_inst_id FROM act_ru_execution WHERE id = ANY(%s)"
            " UNION SELECT coalesce(root_proc_inst_id, id) FROM act_hi_procinst WHERE id = ANY(%s))"
            " OR root_id = ANY(%s)"
        )
        params += [list(instances)] * 3
    if everything:
        clauses = ["true"]
        params = []
    if not clauses:
        return Applied()
    where = " OR ".join(f"({c})" for c in clauses)
    trees = [
        str(r[0])
        for r in conn.execute(
            f"SELECT DISTINCT root_id FROM loom_history_queue WHERE {where} ORDER BY 1", params
        ).fetchall()
    ]
    if not trees:
        return Applied()
    for root in trees:  # in a fixed order: two readers never wait on each other in a circle
        conn.execute("SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (LOCK_KEY, root))
    rows = conn.execute(
        "SELECT seq, payload, created_at FROM loom_history_queue WHERE root_id = ANY(%s) ORDER BY seq FOR UPDATE",
        (trees,),
    ).fetchall()
    return apply_records(conn, rows)


def pending_records_of_instance_sql() -> str:
    """The tree's pending payloads as a JSON array of base64 texts, oldest first (for the load)."""
    return (
        "(SELECT json_agg(encode(payload, 'base64') ORDER BY seq) FROM loom_history_queue "
        "WHERE root_id = (SELECT id FROM root))"
    )


def lag(conn: psycopg.Connection[Any]) -> tuple[int, float]:
    """(pending records, age in seconds of the oldest)."""
    found = conn.execute(
        "SELECT count(*), coalesce(extract(epoch FROM clock_timestamp() - min(created_at)), 0) FROM loom_history_queue"
    ).fetchone()
    assert found is not None
    return int(found[0]), float(found[1])
