"""The write path: a command's change set as ONE statement (data-modifying CTEs over JSON parameters)
sent with the COMMIT. Each table's INSERT, the UPDATEs of the changed columns only and the DELETEs
(revision-checked), the history records (:mod:`history`) and one outbox row carrying the command's
events."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg

from loom_platform import oplog
from loom_workflow.engine.errors import ConcurrentModification
from loom_workflow.engine.runtime.entities import Row, Variable
from loom_workflow.engine.store.protocol import ChangeSet
from loom_workflow.pgstore import history
from loom_workflow.pgstore.codec import MAPPINGS, Mapping, dump_json, settable, update_json_sql

_HISTORIC_VARIABLE_FIELDS = ("proc_inst_id", "execution_id", "task_id", "name", "type_name", "value")
OUTBOX_ROW = (
    "INSERT INTO loom_outbox (id, subject, payload, headers, created_at) "
    "VALUES (%s, %s, %s, %s::jsonb, clock_timestamp())"
)


def statement(
    changes: ChangeSet, records: dict[str, history.Record], outbox: list[Any] | None
) -> tuple[str, list[Any]] | None:
    """The statement writing ``changes`` (history rows and comments excepted: they go in ``records``, one
    per tree) and the ``outbox`` row's columns, or None when there is nothing to write. A revision that
    does not match fails the statement (``loom_workflow_check_writes``, called only then), which
    :func:`conflicts` turns into :class:`ConcurrentModification`. A table's single updated or deleted row
    (the usual case) is matched without the set-returning ``loom_workflow_rows``."""
    parts: list[str] = []
    params: list[Any] = []
    checks: list[tuple[int, int, str]] = []  # (part index, rows expected, what)

    def add(sql: str, *values: Any, expect: int = 0, what: str = "") -> None:
        """One CTE and its parameters; ``expect``: the rows it must touch (revision-checked)."""
        if expect:
            checks.append((len(parts), expect, what))
        parts.append(sql)
        params.extend(values)

    # History rows and comments go through the history record (below), not this statement
    for mapping, rows in _grouped([r for r in changes.inserts if not history.recorded(r)]):
        add(mapping.insert_json, dump_json([mapping.json_object(r) for r in rows]))
    for (mapping, fields), rows in _grouped_updates(changes):
        rows = [r for r in rows if not history.recorded(r)]
        if not rows:
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
    for mapping, rows in _grouped([r for r in changes.deletes if not history.recorded(r)]):
        if len(rows) == 1:  # plain parameters: no JSON to read, no function to call
            add(mapping.delete_one, rows[0].id, rows[0].revision, expect=1, what=_label(rows))
        else:
            keys = [{"id": r.id, "rev": r.revision} for r in rows]
            add(mapping.delete_json, dump_json(keys), expect=len(rows), what=_label(rows))
    for root, record in records.items():
        if not record.is_empty():
            add(history.QUEUE_INSERT, root, changes.actor, record.encode())
    if outbox is not None:
        add(OUTBOX_ROW, *outbox)
    if not parts:
        return None
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
    return f"WITH {ctes} {final}", params


@contextmanager
def conflicts() -> Iterator[None]:
    """A failed revision check (``serialization_failure`` from the write statement) as the engine's error."""
    try:
        yield
    except psycopg.errors.SerializationFailure as exc:
        raise ConcurrentModification(exc.diag.message_primary or str(exc)) from exc


def _label(rows: list[Row]) -> str:
    return f"{type(rows[0]).__name__} {rows[0].id}"


def log_changes(changes: ChangeSet) -> None:
    """Tells the operation log (inside a logged request) what the change set did: each runtime row
    inserted, updated (the changed fields, old and new) or deleted, and each history row deleted
    (history rows written mirror the runtime rows). The store calls it through
    ``oplog.record_later`` once the command has committed: built after the response, not under the
    instance's lock."""
    if not oplog.recording():
        return
    for row in changes.inserts:
        if not history.recorded(row):
            oplog.record(MAPPINGS[type(row)].table, row.id, None, vars(row))
    for row in changes.updates:
        if history.recorded(row):
            continue
        key = (type(row), row.id)
        names = changes.changed.get(key, ())
        previous = changes.previous.get(key)
        before = {n: getattr(previous, n) for n in names} if previous is not None else None
        oplog.record(MAPPINGS[type(row)].table, row.id, before, {n: getattr(row, n) for n in names})
    for row in changes.deletes:
        oplog.record(
            MAPPINGS[type(row)].table, row.id, vars(changes.previous.get((type(row), row.id), row)), None
        )


def historic_variables(changes: ChangeSet) -> list[dict[str, Any]]:
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
