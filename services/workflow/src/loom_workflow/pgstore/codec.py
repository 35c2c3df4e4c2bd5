"""Rows <-> engine dataclasses: one SQL text per table and statement kind, built once."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

import orjson
from sqlalchemy import DateTime, Table

from loom_workflow.engine.errors import IllegalArgument
from loom_workflow.engine.runtime import entities
from loom_workflow.pgstore import tables as t

TABLE_OF: dict[type, Table] = {
    entities.Deployment: t.deployment,
    entities.ProcessDefinition: t.procdef,
    entities.DecisionDefinition: t.decision,
    entities.Execution: t.execution,
    entities.Task: t.task,
    entities.IdentityLink: t.identitylink,
    entities.Variable: t.variable,
    entities.Job: t.job,
    entities.HistoricProcessInstance: t.hi_procinst,
    entities.HistoricTaskInstance: t.hi_taskinst,
    entities.HistoricActivityInstance: t.hi_actinst,
    entities.Comment: t.hi_comment,
    entities.HistoricDecisionExecution: t.hi_decision_execution,
}


def _column(field_name: str) -> str:
    return "rev" if field_name == "revision" else field_name


@dataclass(frozen=True)
class Mapping:
    """How one dataclass maps to its table."""

    kind: type
    table: str
    fields: tuple[str, ...]
    select: str
    json_array: str  # json_build_array(<every column>): a row as a JSON array in ``fields`` order
    insert_json: str  # INSERT of the rows of one JSON parameter (objects keyed by column)
    delete_json: str  # revision-checked DELETE of the rows of one JSON parameter ({id, rev} objects)
    delete_one: str  # revision-checked DELETE of one row (parameters id, rev)
    times: tuple[int, ...]  # positions of the timestamp fields (ISO text in JSON)

    def to_row(self, values: Sequence[Any]) -> entities.Row:
        """A dataclass from a result row in ``fields`` order."""
        data = dict(zip(self.fields, values, strict=True))
        if self.kind is entities.Variable:
            data["value"] = decode_value(str(data["type_name"]), data["value"])
        return self.kind(**data)  # type: ignore[no-any-return]

    def from_json(self, values: list[Any]) -> entities.Row:
        """A dataclass from a :attr:`json_array` value (timestamps come back as ISO text)."""
        for i in self.times:
            if values[i] is not None:
                values[i] = datetime.fromisoformat(values[i])
        return self.to_row(values)

    def json_object(self, row: entities.Row, fields: Sequence[str] | None = None) -> dict[str, Any]:
        """``row`` as a JSON object keyed by column: every field, or ``id``, ``rev`` and ``fields``."""
        names = self.fields if fields is None else ("id", "revision", *fields)
        data = {_column(f): getattr(row, f) for f in names}
        if self.kind is entities.Variable and "value" in names:
            assert isinstance(row, entities.Variable)
            data["value"] = json_value(row)
        return data


def _mapping(kind: type, table: Table) -> Mapping:
    fields = tuple(f.name for f in dataclasses.fields(kind))
    columns = [_column(f) for f in fields]
    names = ", ".join(columns)
    rows = f"json_populate_recordset(NULL::{table.name}, %s::json) j"
    return Mapping(
        kind=kind,
        table=table.name,
        fields=fields,
        select=f"SELECT {names} FROM {table.name}",
        json_array=f"json_build_array({names})",
        # A table of exactly the row's columns takes them all in the table's order (short statements:
        # psycopg caches the parsing of statement texts up to 4 kB, and a command's write joins several)
        insert_json=(
            f"INSERT INTO {table.name} SELECT * FROM {rows}"
            if {c.name for c in table.columns} == set(columns)
            else f"INSERT INTO {table.name} ({names}) SELECT {names} FROM {rows}"
        ),
        delete_json=(
            f"DELETE FROM {table.name} t USING loom_workflow_rows(NULL::{table.name}, %s::json) j "
            "WHERE t.id = j.id AND t.rev = j.rev RETURNING 1"
        ),
        delete_one=f"DELETE FROM {table.name} WHERE id = %s AND rev = %s RETURNING 1",
        times=tuple(i for i, c in enumerate(columns) if isinstance(table.c[c].type, DateTime)),
    )


MAPPINGS: dict[type, Mapping] = {kind: _mapping(kind, table) for kind, table in TABLE_OF.items()}


_UPDATES: dict[tuple[str, tuple[str, ...], bool], str] = {}


def update_json_sql(mapping: Mapping, fields: tuple[str, ...], *, single: bool = False) -> str:
    """The revision-checked UPDATE of ``fields`` for the rows of one JSON parameter (objects from
    :meth:`Mapping.json_object` with the new ``rev``); one row of output per row updated.

    ``single``: the parameter is one object, read with ``json_populate_record`` (a plain function
    the planner counts as one row) instead of the PL/pgSQL set-returning ``loom_workflow_rows``,
    whose call (~20 us of backend CPU) costs about as much as updating the row (most updates of a
    command are one row per table)."""
    key = (mapping.table, fields, single)
    found = _UPDATES.get(key)
    if found is None:
        sets = ", ".join(f"{_column(f)} = j.{_column(f)}" for f in fields)
        source = "json_populate_record" if single else "loom_workflow_rows"
        found = (
            f"UPDATE {mapping.table} t SET {sets}, rev = j.rev "
            f"FROM {source}(NULL::{mapping.table}, %s::json) j "
            "WHERE t.id = j.id AND t.rev = j.rev - 1 RETURNING 1"
        )
        _UPDATES[key] = found
    return found


def settable(mapping: Mapping) -> tuple[str, ...]:
    """The fields an update may set (all but ``id`` and ``revision``)."""
    return tuple(f for f in mapping.fields if f not in ("id", "revision"))


def dump_json(value: Any) -> str:
    """JSON text for a statement parameter (orjson; the standard library for what orjson refuses,
    such as integers beyond 64 bits in a variable)."""
    try:
        return orjson.dumps(value).decode()
    except TypeError:
        return json.dumps(value, default=_json_default)


def _json_default(value: object) -> object:
    if isinstance(value, datetime | date):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


def json_value(var: entities.Variable) -> object:
    """A variable value as it is stored in JSONB (dates as ISO text); 'object' values cannot be stored."""
    value = var.value
    if value is None:
        return None
    if var.type_name == "date" and isinstance(value, datetime | date):
        return value.isoformat()
    if var.type_name == "object":
        raise IllegalArgument(f"Variable '{var.name}' holds a {type(value).__name__}, which cannot be stored")
    return value


def decode_value(type_name: str, value: Any) -> object:
    """The Python value of a stored variable."""
    if value is None:
        return None
    if type_name == "date" and isinstance(value, str):
        return datetime.fromisoformat(value)
    if type_name in ("integer", "long") and isinstance(value, float):
        return int(value)
    return value
