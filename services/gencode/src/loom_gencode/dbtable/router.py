"""``/database/table/...``: the 数据库管理 screens' calls (JeePlus ``DataTableService``).

Permissions ``database:table:view|add|edit|del`` and ``database:table:executeSql`` for running SQL.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request

from loom_gencode.dbtable import service
from loom_gencode.dbtable.schemas import (
    SqlResult,
    SqlRunPublic,
    TableChanged,
    TableForm,
    TableIn,
    TablesPage,
    checked_name,
)
from loom_gencode.query import service as query_service
from loom_gencode.runtime import RuntimeDep
from loom_platform.auth import Principal, require_permission
from loom_platform.db import SessionDep
from loom_platform.fields import request_fields
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.openapi import fields_body
from loom_platform.paging import Page, PageDep

router = APIRouter(prefix="/database/table", tags=["database table"])
PERM = "database:table"
CanView = Annotated[Principal, require_permission(f"{PERM}:view")]
CanRun = Annotated[Principal, require_permission(f"{PERM}:executeSql")]


@router.get("/list", response_model=TablesPage)
async def table_list(
    session: SessionDep,
    runtime: RuntimeDep,
    page: PageDep,
    _: CanView,
    dataSourceId: str = "master",
    name: str = "",  # noqa: N803
) -> Any:
    """``{rows, total}``: the data source's tables (``name`` filters), a page of them."""
    rows = await service.tables(session, runtime, dataSourceId or "master", name)
    size = page.size if page.size > 0 else len(rows) or 1
    return {
        "rows": rows[page.offset : page.offset + size],
        "total": len(rows),
        "current": page.current,
        "size": size,
    }


@router.get("/create", response_model=TableForm, response_model_exclude_unset=True)
async def create_form(
    session: SessionDep, runtime: RuntimeDep, _: CanView, dataSourceId: str = "master"
) -> Any:  # noqa: N803
    """``{table, columnTypes}`` for a new table of the data source."""
    return await service.describe(session, runtime, dataSourceId or "master", None)


@router.get("/alter", response_model=TableForm, response_model_exclude_unset=True)
async def alter_form(
    session: SessionDep, runtime: RuntimeDep, _: CanView, name: str, dataSourceId: str = "master"
) -> Any:  # noqa: N803
    """``{table, columnTypes}``: the table with its columns as the database describes them."""
    return await service.describe(session, runtime, dataSourceId or "master", name)


@router.post(
    "/create/do",
    response_model=TableChanged,
    response_model_exclude_unset=True,
    dependencies=[require_permission(f"{PERM}:add")],
)
async def create_do(session: SessionDep, runtime: RuntimeDep, body: TableIn) -> Any:
    """Creates the table; with ``preview`` '1' answers the statements only."""
    done = await service.change(session, runtime, body, create=True)
    return done | (
        {} if body.preview == "1" else {"msg": translate("gencode.dbtable.created", name=done["name"])}
    )


@router.post(
    "/alter/do",
    response_model=TableChanged,
    response_model_exclude_unset=True,
    dependencies=[require_permission(f"{PERM}:edit")],
)
async def alter_do(session: SessionDep, runtime: RuntimeDep, body: TableIn) -> Any:
    """Alters the table keeping its data (``isForce`` '2' re-creates it); a change that would alter
    stored values is refused, naming the column and the rows. ``preview`` '1': the statements only,
    each marked ``lossy`` when it can lose data."""
    done = await service.change(session, runtime, body, create=False)
    return done | (
        {} if body.preview == "1" else {"msg": translate("gencode.dbtable.altered", name=done["name"])}
    )


@router.delete("/drop", dependencies=[require_permission(f"{PERM}:del")])
async def drop(
    session: SessionDep, runtime: RuntimeDep, tableName: str, dataSourceId: str = "master"
) -> Message:  # noqa: N803
    """Drops the table with its rows."""
    await service.drop(session, runtime, dataSourceId or "master", tableName)
    return message(translate("gencode.dbtable.dropped", name=tableName))


def _answer(result: Any) -> dict[str, Any]:
    return {
        "success": True,
        "columns": [c["name"] for c in result.columns],
        "columnList": result.columns,
        "list": result.rows,
        "truncated": result.truncated,
        "affected": result.affected,
    }


@router.get("/executeSql/{name}", response_model=SqlResult)
async def view_rows(
    session: SessionDep,
    runtime: RuntimeDep,
    principal: CanView,
    name: str,
    dataSourceId: str = "master",  # noqa: N803
) -> Any:
    """``{columns, list}``: the table's rows (at most the row cap), read as the data source's user."""
    table = checked_name(name)
    target = await service.ds_service.target(session, runtime, dataSourceId or "master")
    quoted = runtime.engines.get(target).dialect.identifier_preparer.quote(table)
    result = await query_service.execute(
        session,
        runtime,
        ds_id=dataSourceId or "master",
        sql=f"SELECT * FROM {quoted}",
        user_id=principal.user_id,
        login_name=principal.login_name,
    )
    return _answer(result)


@router.post(
    "/executeSql/{name}",
    openapi_extra=fields_body(sql="one SQL statement"),
    response_model=SqlResult,
)
async def execute_sql(
    request: Request, session: SessionDep, runtime: RuntimeDep, principal: CanRun, name: str
) -> Any:
    """Runs one statement on the data source ``name`` (its id) as the data source's user, within
    the statement timeout, answering at most the row cap; every run is logged with its text and
    who ran it."""
    fields = await request_fields(request)
    result = await query_service.execute(
        session,
        runtime,
        ds_id=name,
        sql=str(fields.get("sql") or ""),
        user_id=principal.user_id,
        login_name=principal.login_name,
    )
    return _answer(result)


@router.get("/sqlLog", response_model=Page[SqlRunPublic])
async def sql_log(session: SessionDep, page: PageDep, _: CanRun, dataSourceId: str = "") -> Any:  # noqa: N803
    """Who ran which statement on the data source, when, and what came of it (newest first)."""
    return await query_service.runs(session, dataSourceId or None, page)
