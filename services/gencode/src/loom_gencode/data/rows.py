"""Rows of a data-source table with SQLAlchemy Core: names checked against the reflected table,
every value a bound parameter (pure functions on a sync engine, run in a thread)."""

from __future__ import annotations

import datetime as dt
import decimal
import threading
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson
import sqlalchemy as sa
from sqlalchemy import Engine

from loom_gencode.data.errors import (
    ChangeInvalid,
    ColumnUnknown,
    FilterInvalid,
    RowsInvalid,
    TableMissing,
    ValueInvalid,
)
from loom_platform.datarules import DataAccess, predicate
from loom_platform.paging import contains
from loom_platform.tablerows import RowChange, RowFilter

LIKE, EQ, IN, GT, AFTER = "like", "eq", "in", "gt", "after"
ANALYZE_AFTER_ROWS = 1000
# Inserts of at least this many rows go through COPY on PostgreSQL (several times faster).
COPY_FROM_ROWS = 200
# The label of the filtered total riding on a page's rows (read by position, never as a column).
TOTAL = "__loom_total"


@dataclass(frozen=True)
class RowQuery:
    """What a page of rows is asked by: its filters, its sort, where it starts and how long it is,
    whether the total is wanted, and the caller's data access (none: every row)."""

    filters: Sequence[RowFilter] = ()
    sorts: Sequence[tuple[str, bool]] = ()
    offset: int = 0
    limit: int = 0
    skip_total: bool = False
    access: DataAccess | None = None


@dataclass
class TableCache:
    """Reflected tables per engine, forgotten when gencode alters a table."""

    _tables: dict[tuple[str, str], sa.Table] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def get(self, engine: Engine, name: str) -> sa.Table:
        """The reflected table, or NotFound when the data source has no such table."""
        key = (str(engine.url), name)
        with self._lock:
            found = self._tables.get(key)
        if found is not None:
            return found
        if not sa.inspect(engine).has_table(name):
            raise TableMissing(table=name)
        table = sa.Table(name, sa.MetaData(), autoload_with=engine)
        with self._lock:
            self._tables[key] = table
        return table

    def forget(self, engine: Engine, name: str) -> None:
        with self._lock:
            self._tables.pop((str(engine.url), name), None)


def _column(table: sa.Table, name: str) -> sa.Column[Any]:
    column = table.c.get(name)
    if column is None:
        raise ColumnUnknown(table=table.name, column=name)
    return column


def _is_text(column: sa.Column[Any]) -> bool:
    return isinstance(column.type, sa.String | sa.Text | sa.Enum)


# Characters no case mapping reaches: digits, punctuation, spaces, letters without case (CJK, …).
CASELESS_CATEGORIES = frozenset({"Nd", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Zs", "Lo"})


def _caseless(text: str) -> bool:
    """Whether a search text has no character with case, so `like` finds exactly what `ilike` finds."""
    return all(
        unicodedata.category(ch) in CASELESS_CATEGORIES and ch.lower() == ch == ch.upper() for ch in text
    )


def _condition(table: sa.Table, flt: RowFilter, sorts: Sequence[tuple[str, bool]]) -> sa.ColumnElement[bool]:
    if flt.op == AFTER:
        return _after(table, sorts, flt.value)
    column = _column(table, flt.column)
    as_text = column if _is_text(column) else sa.cast(column, sa.String)
    if flt.op == LIKE:
        # a caseless text: the same matches, without lower-casing every row (4x cheaper)
        return contains(as_text, flt.value, any_case=not _caseless(flt.value))
    if flt.op == EQ:
        return as_text == flt.value
    if flt.op == IN:
        return as_text.in_(list(flt.values))
    if flt.op == GT:  # keyset paging: rows after the last one read (in the column's own order)
        after: sa.ColumnElement[bool] = column > _coerce(column, flt.value)
        return after
    raise FilterInvalid(op=flt.op)


def _after(table: sa.Table, sorts: Sequence[tuple[str, bool]], value: str) -> sa.ColumnElement[bool]:
    """Keyset paging in the query's own order, whichever it is: the rows after the one whose sort
    columns hold ``value`` (a JSON array, one value a sort, as the rows answer them; null for NULL),
    PostgreSQL's order of NULLs (last ascending, first descending). Each sort is a branch: the sorts
    before it equal, itself beyond."""
    try:
        last = orjson.loads(value)
    except orjson.JSONDecodeError:
        last = None
    if not sorts or not isinstance(last, list) or len(last) != len(sorts):
        raise FilterInvalid(op=AFTER)
    branches: list[sa.ColumnElement[bool]] = []
    same: list[sa.ColumnElement[bool]] = []
    for (name, asc), raw in zip(sorts, last, strict=True):
        column = _column(table, name)
        seen = _coerce(column, raw)
        if seen is None:
            beyond = sa.false() if asc else column.is_not(None)
            same_here = column.is_(None)
        else:
            beyond = sa.or_(column > seen, column.is_(None)) if asc else column < seen
            same_here = column == seen
        branches.append(sa.and_(*same, beyond))
        same.append(same_here)
    return sa.or_(*branches)


def _json_value(value: Any) -> Any:
    if isinstance(value, dt.datetime):
        return value.strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, decimal.Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, bytes | memoryview):
        return None
    return value


def query(engine: Engine, table: sa.Table, asked: RowQuery) -> tuple[int, bytes]:
    """A page of rows as JSON (`[{column: value}]`) and the total of the filtered rows; with
    ``asked.access``, only the rows the caller's data permissions allow (one predicate, see datarules).

    The total rides on the page's statement, so a page costs one round trip; only a page past the
    end counts on its own. Usually it is an uncorrelated sub-select (evaluated once) while the page
    walks the sort index; with a `like` search (no index serves it, and few rows match) it is a
    window count over the matches, so the table is scanned once instead of by the count and again
    by a page walking every row to find its few matches."""
    filters, sorts, offset, limit = asked.filters, asked.sorts, asked.offset, asked.limit
    skip_total, access = asked.skip_total, asked.access
    where = [_condition(table, f, sorts) for f in filters]
    if access is not None:
        where.append(predicate(access, table.c))
    order = [(_column(table, c).asc() if asc else _column(table, c).desc()) for c, asc in sorts]
    counted = sa.select(sa.func.count()).select_from(table).where(*where)
    searched = any(f.op == LIKE for f in filters)
    if searched and not skip_total and engine.dialect.name == "postgresql":
        return _searched(engine, table, where, sorts, offset, limit)
    key = _deferred_key(table, sorts, offset, limit)
    # A deep page pages the keys alone (read from the (column, id) index without touching the rows),
    # then fetches its few rows by key: PostgreSQL otherwise reads and sorts every row before the page.
    stmt = sa.select(table if key is None else key).where(*where).order_by(*order)
    if not skip_total and searched:
        stmt = stmt.add_columns(sa.func.count().over().label(TOTAL))
    elif not skip_total:
        stmt = stmt.add_columns(counted.scalar_subquery().correlate(None).label(TOTAL))
    if offset:
        stmt = stmt.offset(offset)
    if limit:
        stmt = stmt.limit(limit)
    if key is not None:
        keys = stmt.subquery("page_keys")
        stmt = sa.select(table).join(keys, key == keys.c[key.name]).order_by(*order)
        if not skip_total:
            stmt = stmt.add_columns(keys.c[TOTAL])
    return _read(engine, table, stmt, None if skip_total else counted)


def _read(
    engine: Engine, table: sa.Table, stmt: sa.Select[Any], counted: sa.Select[Any] | None
) -> tuple[int, bytes]:
    """Runs a page's statement: its rows as JSON and the total riding on them (-1 when not counted)."""
    names = [str(c.name) for c in table.columns]
    # A read in autocommit: no BEGIN, and no ROLLBACK round trip when the connection goes back to the pool.
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        found = conn.execute(stmt).all()
        total = -1
        if counted is not None:
            total = int(found[0][-1]) if found else int(conn.execute(counted).scalar_one())
    rows = [dict(zip(names, map(_json_value, row[: len(names)]), strict=True)) for row in found]
    return total, orjson.dumps(rows)


def _searched(
    engine: Engine,
    table: sa.Table,
    where: Sequence[sa.ColumnElement[bool]],
    sorts: Sequence[tuple[str, bool]],
    offset: int,
    limit: int,
) -> tuple[int, bytes]:
    """A page of a `like` search on PostgreSQL with the count of its matches: the matches are read
    once by a scan (a materialised CTE) and then sorted. The count needs every match anyway, and the
    generic plan of the prepared statement otherwise walks the sort index fetching every row."""
    matches = sa.select(table).where(*where).cte("matches").prefix_with("MATERIALIZED")
    order = [(matches.c[c].asc() if asc else matches.c[c].desc()) for c, asc in sorts]
    stmt = sa.select(matches, sa.func.count().over().label(TOTAL)).order_by(*order)
    if offset:
        stmt = stmt.offset(offset)
    if limit:
        stmt = stmt.limit(limit)
    return _read(engine, table, stmt, sa.select(sa.func.count()).select_from(table).where(*where))


def _deferred_key(
    table: sa.Table, sorts: Sequence[tuple[str, bool]], offset: int, limit: int
) -> sa.Column[Any] | None:
    """The single-column primary key to page by, for a bounded page past the first whose order
    includes that key (a total order, so paging the keys alone gives the same rows in the same order)."""
    keys = list(table.primary_key.columns)
    if not offset or not limit or len(keys) != 1 or all(column != keys[0].name for column, _ in sorts):
        return None
    return keys[0]


def _coerce(column: sa.Column[Any], value: Any) -> Any:
    """A JSON value as the column's Python type; text that cannot be read is refused."""
    if value is None or (value == "" and not _is_text(column)):
        return None
    kind = column.type
    try:
        if isinstance(kind, sa.DateTime) and isinstance(value, str):
            return dt.datetime.fromisoformat(value.replace("T", " ").replace("Z", "+00:00"))
        if isinstance(kind, sa.Date) and isinstance(value, str):
            return dt.date.fromisoformat(value[:10])
        if isinstance(kind, sa.Integer) and not isinstance(value, bool):
            return int(str(value))
        if isinstance(kind, sa.Numeric) and not isinstance(value, bool):
            return decimal.Decimal(str(value))
        if isinstance(kind, sa.Boolean):
            return value if isinstance(value, bool) else str(value).lower() in ("1", "true", "yes")
    except (ValueError, ArithmeticError) as exc:
        raise ValueInvalid(column=column.name, value=str(value)[:50]) from exc
    if _is_text(column) and not isinstance(value, str):
        return orjson.dumps(value).decode() if isinstance(value, list | dict) else str(value)
    return value


def _values(table: sa.Table, row: Mapping[str, Any]) -> dict[str, Any]:
    if not isinstance(row, Mapping):
        raise RowsInvalid()
    return {name: _coerce(_column(table, name), value) for name, value in row.items()}


def ensure_sort_indexes(engine: Engine, name: str, columns: Sequence[str]) -> list[str]:
    """An index (column, id) for each sort column the table has; returns the DDL that ran."""
    table = sa.Table(name, sa.MetaData(), autoload_with=engine)
    ran: list[str] = []
    existing = {ix["name"] for ix in sa.inspect(engine).get_indexes(name)}
    for column in dict.fromkeys(columns):
        if column not in table.c or "id" not in table.c or column == "id":
            continue
        index = sa.Index(f"ix_{name[:40]}_{column[:18]}", table.c[column], table.c.id)
        if index.name in existing:
            continue
        with engine.begin() as conn:
            index.create(conn)
        ran.append(str(sa.schema.CreateIndex(index).compile(dialect=engine.dialect)))
    return ran


def _insert(conn: sa.Connection, table: sa.Table, rows: list[dict[str, Any]]) -> None:
    """Inserts rows that may name different columns (missing ones are null); PostgreSQL bulk loads by COPY."""
    if not rows:
        return
    names = list(dict.fromkeys(name for row in rows for name in row))
    if conn.dialect.name == "postgresql" and len(rows) >= COPY_FROM_ROWS:
        quote = conn.dialect.identifier_preparer.quote
        sql = f"COPY {quote(table.name)} ({', '.join(quote(n) for n in names)}) FROM STDIN"
        cursor = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        with cursor.copy(sql) as copy:
            for row in rows:
                copy.write_row([row.get(n) for n in names])
        return
    conn.execute(table.insert(), [{n: row.get(n) for n in names} for row in rows])


def apply(engine: Engine, tables: Mapping[str, sa.Table], changes: Sequence[RowChange]) -> list[int]:
    """Runs every change in one transaction; rows touched per change."""
    counts: list[int] = []
    with engine.begin() as conn:
        for change in changes:
            table = tables[change.table]
            if change.kind == "insert":
                rows = [_values(table, row) for row in (change.rows or [])]
                _insert(conn, table, rows)
                counts.append(len(rows))
                continue
            key = _column(table, change.key_column)
            match = key.in_(list(change.key_values))
            if change.kind == "update":
                result = conn.execute(table.update().where(match).values(**_values(table, change.rows or {})))
            elif change.kind == "delete":
                result = conn.execute(table.delete().where(match))
            else:
                raise ChangeInvalid(kind=change.kind)
            counts.append(int(result.rowcount or 0))
    if sum(counts) >= ANALYZE_AFTER_ROWS and engine.dialect.name == "postgresql":
        # Fresh statistics after a bulk load, or the planner sorts the table instead of using its index;
        # VACUUM marks the pages all-visible, so deep pages read their keys from the index alone.
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            for name in {c.table for c in changes}:
                conn.execute(
                    sa.text(f"VACUUM ANALYZE {engine.dialect.identifier_preparer.quote(tables[name].name)}")
                )
    return counts
