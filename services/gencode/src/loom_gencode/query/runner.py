"""One statement on a data source's own connection (its user's rights, refused when they reach
beyond the database: rights.py), in a transaction that a statement timeout bounds, with at most
``max_rows`` rows and about ``max_bytes`` of JSON answered. Runs in a worker thread (sync engine);
what the database refuses is answered in its words."""

from __future__ import annotations

import datetime as dt
import decimal
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import orjson
import sqlalchemy as sa
from sqlalchemy import Engine

from loom_gencode.query.errors import SqlFailed
from loom_gencode.query.rights import require_plain_account


@dataclass
class Result:
    """Column names and types, rows as dicts, whether a cap (rows or bytes) cut them, rows a write
    touched."""

    columns: list[dict[str, str]] = field(default_factory=list)
    rows: list[dict[str, Any]] = field(default_factory=list)
    truncated: bool = False
    affected: int | None = None


def plain(value: Any) -> Any:
    """A database value as JSON can carry it."""
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat(sep=" ") if isinstance(value, dt.datetime) else value.isoformat()
    if isinstance(value, decimal.Decimal):
        return int(value) if value == value.to_integral_value() and abs(value) < 2**53 else float(value)
    if isinstance(value, bytes | bytearray | memoryview):
        return f"<{len(bytes(value))} bytes>"
    if isinstance(value, uuid.UUID):
        return str(value)
    return value


def _limits(conn: sa.Connection, *, read_only: bool, timeout_ms: int) -> None:
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql(f"SET LOCAL statement_timeout = {int(timeout_ms)}")
        if read_only:
            conn.exec_driver_sql("SET TRANSACTION READ ONLY")
    elif conn.dialect.name in ("mysql", "mariadb"):
        # session settings outlive the run on a pooled connection: _reset gives them back
        if getattr(conn.dialect, "is_mariadb", False):
            conn.exec_driver_sql(f"SET SESSION max_statement_time = {timeout_ms / 1000:.3f}")
        else:
            conn.exec_driver_sql(f"SET SESSION max_execution_time = {int(timeout_ms)}")
        if read_only:
            conn.exec_driver_sql("SET TRANSACTION READ ONLY")  # the next transaction only


def _reset(conn: sa.Connection) -> None:
    """Gives a pooled MySQL/MariaDB connection back without this run's time limit."""
    if conn.dialect.name not in ("mysql", "mariadb"):
        return
    variable = "max_statement_time" if getattr(conn.dialect, "is_mariadb", False) else "max_execution_time"
    try:
        conn.exec_driver_sql(f"SET SESSION {variable} = 0")
    except sa.exc.DBAPIError:
        conn.invalidate()  # a connection that cannot even reset is not pooled again


def _fill(result: Result, conn: sa.Connection, cursor: Any, max_rows: int, max_bytes: int) -> None:
    if not cursor.returns_rows:
        result.affected = cursor.rowcount
        return
    keys = list(cursor.keys())
    result.columns = [{"name": k, "type": _type_name(conn, cursor, i)} for i, k in enumerate(keys)]
    size = 0
    # a few rows at a time, so a wide answer stops at the byte cap without fetching the rest
    while len(result.rows) <= max_rows:
        fetched = cursor.fetchmany(min(100, max_rows + 1 - len(result.rows)))
        if not fetched:
            return
        for row in fetched:
            record = {k: plain(v) for k, v in zip(keys, row, strict=False)}
            size += len(orjson.dumps(record, default=str))
            if len(result.rows) == max_rows or size > max_bytes:
                result.truncated = True
                return
            result.rows.append(record)


def _type_name(conn: sa.Connection, cursor: Any, index: int) -> str:
    description = cursor.cursor.description if cursor.cursor is not None else None
    if not description:
        return ""
    code = description[index][1]
    if conn.dialect.name == "postgresql":
        names = {16: "bool", 20: "int8", 21: "int2", 23: "int4", 25: "text", 700: "float4", 701: "float8"}
        names |= {1043: "varchar", 1082: "date", 1114: "timestamp", 1184: "timestamptz", 1700: "numeric"}
        return names.get(code, str(code))
    return str(code)


def run(
    engine: Engine,
    sql: str,
    params: Mapping[str, Any] | None = None,
    *,
    read_only: bool,
    timeout_ms: int,
    max_rows: int,
    max_bytes: int,
) -> Result:
    """Runs ``sql`` (already one statement, placeholders bound) and commits unless read-only; refused
    before it runs when the connection's account has more rights than its tables need."""
    result = Result()
    try:
        with engine.connect() as conn:
            try:
                with conn.begin() as tx:
                    _limits(conn, read_only=read_only, timeout_ms=timeout_ms)
                    require_plain_account(conn)
                    cursor = conn.execute(sa.text(sql), dict(params or {}))
                    _fill(result, conn, cursor, max_rows, max_bytes)
                    if read_only:
                        tx.rollback()
            finally:
                _reset(conn)
    except sa.exc.DBAPIError as exc:
        raise SqlFailed(detail=_reason(exc)) from exc
    except sa.exc.ArgumentError as exc:
        raise SqlFailed(detail=str(exc)[:300]) from exc
    return result


def _reason(exc: sa.exc.DBAPIError) -> str:
    text = str(exc.orig or exc).strip().splitlines()
    return (text[0] if text else type(exc).__name__)[:300]
