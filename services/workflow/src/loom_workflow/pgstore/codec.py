"""Rows <-> engine dataclasses: one SQL text per table and statement kind, built once."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from psycopg.types.json import Jsonb
from sqlalchemy import Table
from sqlalchemy.dialects import postgresql

from loom_workflow.engine.errors import IllegalArgument
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
from loom_workflow.pgstore import tables as t

_DIALECT = postgresql.dialect()  # type: ignore[no-untyped-call]

TABLE_OF: dict[type, Table] = {
    Deployment: t.deployment,
    ProcessDefinition: t.procdef,
    Execution: t.execution,
    Task: t.task,
    IdentityLink: t.identitylink,
    Variable: t.variable,
    Job: t.job,
    HistoricProcessInstance: t.hi_procinst,
    HistoricTaskInstance: t.hi_taskinst,
    HistoricActivityInstance: t.hi_actinst,
    Comment: t.hi_comment,
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
    insert: str
    update: str
    delete: str
    insert_many: str  # one prepared statement for any number of rows: INSERT ... SELECT FROM unnest(arrays)
    delete_many: str  # the same for revision-checked deletes

    def to_row(self, values: Sequence[Any]) -> Row:
        """A dataclass from a result row in ``fields`` order."""
        data = dict(zip(self.fields, values, strict=True))
        if self.kind is Variable:
            data["value"] = decode_value(str(data["type_name"]), data["value"])
        return self.kind(**data)  # type: ignore[no-any-return]

    def columns_of(self, rows: Sequence[Row]) -> list[list[Any]]:
        """The rows as one array per column, for :attr:`insert_many`."""
        table = [self.params(r) for r in rows]
        return [list(column) for column in zip(*table, strict=True)]

    def params(self, row: Row) -> list[Any]:
        """Column values of ``row`` in ``fields`` order."""
        values = [getattr(row, f) for f in self.fields]
        if self.kind is Variable:
            assert isinstance(row, Variable)
            values[self.fields.index("value")] = encode_value(row)
        return values


def _mapping(kind: type, table: Table) -> Mapping:
    fields = tuple(f.name for f in dataclasses.fields(kind))
    columns = [_column(f) for f in fields]
    names = ", ".join(columns)
    marks = ", ".join(["%s"] * len(columns))
    settable = [c for c in columns if c not in ("id", "rev")]
    sets = ", ".join(f"{c} = %s" for c in settable)
    arrays = ", ".join(f"%s::{table.c[c].type.compile(dialect=_DIALECT)}[]" for c in columns)
    id_type = table.c["id"].type.compile(dialect=_DIALECT)
    return Mapping(
        kind=kind,
        table=table.name,
        fields=fields,
        select=f"SELECT {names} FROM {table.name}",
        insert=f"INSERT INTO {table.name} ({names}) VALUES ({marks})",
        update=f"UPDATE {table.name} SET {sets}, rev = %s WHERE id = %s AND rev = %s",
        delete=f"DELETE FROM {table.name} WHERE id = %s AND rev = %s",
        insert_many=f"INSERT INTO {table.name} ({names}) SELECT * FROM unnest({arrays})",
        delete_many=(
            f"DELETE FROM {table.name} t USING unnest(%s::{id_type}[], %s::integer[]) AS d(id, rev) "
            "WHERE t.id = d.id AND t.rev = d.rev"
        ),
    )


MAPPINGS: dict[type, Mapping] = {kind: _mapping(kind, table) for kind, table in TABLE_OF.items()}


def update_sql(mapping: Mapping, fields: tuple[str, ...]) -> str:
    """The revision-checked UPDATE of ``fields`` (every column when empty); texts are cached."""
    key = (mapping.table, fields)
    found = _UPDATES.get(key)
    if found is None:
        if fields:
            sets = ", ".join(f"{_column(f)} = %s" for f in fields)
            found = f"UPDATE {mapping.table} SET {sets}, rev = %s WHERE id = %s AND rev = %s"
        else:
            found = mapping.update
        _UPDATES[key] = found
    return found


def update_params(mapping: Mapping, row: Row, fields: tuple[str, ...] = ()) -> list[Any]:
    """Parameters of :func:`update_sql`: new values, new revision, id, old revision."""
    values = dict(zip(mapping.fields, mapping.params(row), strict=True))
    names = fields or tuple(f for f in mapping.fields if f not in ("id", "revision"))
    return [*(values[f] for f in names), row.revision, row.id, row.revision - 1]


def batch_insert(mapping: Mapping, rows: Sequence[Row]) -> tuple[str, list[Any]]:
    """One INSERT of every row (a single row keeps the plain statement)."""
    if len(rows) == 1:
        return mapping.insert, mapping.params(rows[0])
    return mapping.insert_many, mapping.columns_of(rows)


def batch_delete(mapping: Mapping, rows: Sequence[Row]) -> tuple[str, list[Any]]:
    """One revision-checked DELETE of every row (the caller compares the row count)."""
    if len(rows) == 1:
        return mapping.delete, [rows[0].id, rows[0].revision]
    return mapping.delete_many, [[r.id for r in rows], [r.revision for r in rows]]


_UPDATES: dict[tuple[str, tuple[str, ...]], str] = {}


def encode_value(var: Variable) -> Jsonb | None:
    """A variable value as JSONB (dates as ISO text); 'object' values cannot be stored."""
    value = var.value
    if value is None:
        return None
    if var.type_name == "date" and isinstance(value, datetime | date):
        return Jsonb(value.isoformat())
    if var.type_name == "object":
        raise IllegalArgument(f"Variable '{var.name}' holds a {type(value).__name__}, which cannot be stored")
    return Jsonb(value)


def decode_value(type_name: str, value: Any) -> object:
    """The Python value of a stored variable."""
    if value is None:
        return None
    if type_name == "date" and isinstance(value, str):
        return datetime.fromisoformat(value)
    if type_name in ("integer", "long") and isinstance(value, float):
        return int(value)
    return value
