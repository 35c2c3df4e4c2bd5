"""User-written SQL on a data source: ``executeSql`` (any one statement, logged) and the read-only
runs of data sets; both bounded by the settings' statement timeout and row cap."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping
from typing import Any

from sqlmodel.ext.asyncio.session import AsyncSession

import loom_gencode.query.messages  # noqa: F401  (registers the catalogue)
from loom_gencode.datasource import service as ds_service
from loom_gencode.query import runner, statement
from loom_gencode.query.errors import ParamInvalid, ParamMissing, SqlNotReadOnly, SqlTimeout
from loom_gencode.query.models import SqlRun
from loom_gencode.runtime import Runtime
from loom_platform.db import transaction
from loom_platform.errors import InvalidArgument, LoomError

TIMEOUT_SIGNS = (
    "statement timeout",
    "max_execution_time",
    "max_statement_time",
    "maximum statement execution time",
)


async def _run(
    session: AsyncSession,
    runtime: Runtime,
    ds_id: str,
    sql: str,
    params: Mapping[str, Any],
    *,
    read_only: bool,
) -> runner.Result:
    target = await ds_service.target(session, runtime, ds_id)
    settings = runtime.settings
    try:
        return await asyncio.to_thread(
            runner.run,
            runtime.engines.get(target),
            sql,
            params,
            read_only=read_only,
            timeout_ms=settings.sql_timeout_ms,
            max_rows=settings.sql_max_rows,
            max_bytes=settings.sql_max_bytes,
        )
    except InvalidArgument as exc:
        detail = str(exc.params.get("detail", "")).lower()
        if any(sign in detail for sign in TIMEOUT_SIGNS):
            raise SqlTimeout(seconds=settings.sql_timeout_ms / 1000) from exc
        raise


async def execute(
    session: AsyncSession, runtime: Runtime, *, ds_id: str, sql: str, user_id: str, login_name: str
) -> runner.Result:
    """Runs one statement as the data source's user and commits it; every run is logged (its text,
    who, how long, rows or the error), a refused one too."""
    started = time.monotonic()
    log = SqlRun(data_source_id=ds_id, sql_text=sql or "", user_id=user_id, login_name=login_name)
    try:
        text = statement.one_statement(sql)
        bound = statement.bind_placeholders(text)
        if bound.names:
            raise ParamMissing(field=bound.names[0])
        result = await _run(session, runtime, ds_id, bound.sql, {}, read_only=False)
        log.row_count = len(result.rows) if result.columns else result.affected
        return result
    except LoomError as exc:
        log.error = exc.message()[:500]
        raise
    finally:
        log.duration_ms = int((time.monotonic() - started) * 1000)
        async with transaction(session):
            session.add(log)


def _typed(field: str, kind: str, value: str | None) -> Any:
    """A parameter's text as its type (``number``, ``date``; else text); never spliced into SQL."""
    import datetime as dt

    if value is None or kind in ("", "string"):
        return value
    try:
        if kind == "number":
            return float(value) if any(c in value for c in ".eE") else int(value)
        if kind == "date":
            return dt.date.fromisoformat(value[:10]) if len(value) <= 10 else dt.datetime.fromisoformat(value)
    except ValueError as exc:
        raise ParamInvalid(field=field, value=value[:50], type=kind) from exc
    return value


async def query(
    session: AsyncSession,
    runtime: Runtime,
    *,
    ds_id: str,
    sql: str,
    values: Mapping[str, str | None],
    types: Mapping[str, str] | None = None,
) -> runner.Result:
    """Runs a data set's SQL read-only with its ``{#field#}`` placeholders bound to ``values``."""
    text = statement.one_statement(sql)
    if statement.first_word(text) not in statement.READING:
        raise SqlNotReadOnly()
    bound = statement.bind_placeholders(text)
    params: dict[str, Any] = {}
    for index, name in enumerate(bound.names):
        if name not in values:
            raise ParamMissing(field=name)
        params[f"p{index}"] = _typed(name, (types or {}).get(name, "string"), values[name])
    return await _run(session, runtime, ds_id, bound.sql, params, read_only=True)


async def runs(session: AsyncSession, ds_id: str | None, params: Any) -> dict[str, Any]:
    """The executeSql log, newest first (of one data source when given)."""
    from sqlmodel import col, func, select

    from loom_platform.paging import page_body

    stmt = select(SqlRun)
    if ds_id:
        stmt = stmt.where(SqlRun.data_source_id == ds_id)
    total = (await session.exec(select(func.count()).select_from(stmt.subquery()))).one()
    rows = await session.exec(
        stmt.order_by(col(SqlRun.ran_at).desc()).offset(params.offset).limit(params.size)
    )
    records = [
        {
            "id": r.id,
            "dataSourceId": r.data_source_id,
            "sql": r.sql_text,
            "userId": r.user_id,
            "loginName": r.login_name,
            "ranAt": r.ran_at.isoformat(),
            "durationMs": r.duration_ms,
            "rowCount": r.row_count,
            "error": r.error,
        }
        for r in rows.all()
    ]
    return page_body(records, int(total), params)
