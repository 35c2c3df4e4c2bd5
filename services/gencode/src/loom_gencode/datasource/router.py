"""HTTP routes of data sources: /database/datalink/dataSource/..."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from loom_gencode.datasource import service
from loom_gencode.datasource.schemas import DataSourceNode, DataSourcePublic, DataSourceSave
from loom_gencode.runtime import RuntimeDep
from loom_platform.auth import require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.paging import Page, PageDep, empty_filter, page_body, sort_rows
from loom_platform.wire import split_ids

router = APIRouter(prefix="/database/datalink/dataSource")
PERM = "database:datalink:dataSource"
SORTABLE = {"name": "name", "en_name": "enName", "db_type": "dbType", "host": "host", "db_name": "dbName"}


@router.post("/save", dependencies=[require_permission(f"{PERM}:add", f"{PERM}:edit")])
async def save(session: SessionDep, runtime: RuntimeDep, body: DataSourceSave) -> Message:
    """Creates or updates a data source (password encrypted at rest)."""
    async with transaction(session):
        record = await service.save(session, runtime, body)
    return message(translate("gencode.saved", what=record.name))


@router.post("/test", dependencies=[require_permission(f"{PERM}:add", f"{PERM}:edit", f"{PERM}:view")])
async def test(session: SessionDep, runtime: RuntimeDep, body: DataSourceSave) -> Message:
    """Tries to connect with the given fields."""
    await service.test(session, runtime, body)
    return message(translate("gencode.ds.connect_ok"))


@router.get("/checkEnName", dependencies=[require_permission(f"{PERM}:add", f"{PERM}:edit")])
async def check_en_name(session: SessionDep, enName: str = "", oldEnName: str = "") -> bool:  # noqa: N803
    """True when the key is free (or unchanged)."""
    return await service.en_name_free(session, en_name=enName, old_en_name=oldEnName)


@router.delete("/delete", dependencies=[require_permission(f"{PERM}:del")])
async def delete(session: SessionDep, runtime: RuntimeDep, ids: str = "") -> Message:
    """Deletes data sources that no table design uses."""
    async with transaction(session):
        await service.delete(session, runtime, split_ids(ids))
    return message(translate("gencode.deleted", what=""))


@router.get(
    "/queryById",
    dependencies=[require_permission(f"{PERM}:view", f"{PERM}:edit")],
    response_model=DataSourcePublic,
)
async def query_by_id(session: SessionDep, runtime: RuntimeDep, id: str) -> dict[str, Any]:  # noqa: A002
    """One data source without its password."""
    return await service.read(session, runtime, id)


@router.get(
    "/list",
    dependencies=[require_permission(f"{PERM}:view", "gencode:genTable:view")],
    response_model=Page[DataSourcePublic],
)
async def page(
    session: SessionDep,
    runtime: RuntimeDep,
    params: PageDep,
    name: str | None = None,
    enName: str | None = None,  # noqa: N803
    dbType: str | None = None,  # noqa: N803
    host: str | None = None,
    dbName: str | None = None,  # noqa: N803
) -> dict[str, Any]:
    """Data sources, master first unless sorted; name, key, host and database contain the
    filter text (any case), the database type is equal."""
    rows = await service.all_sources(session, runtime)
    wanted = {"name": name, "enName": enName, "host": host, "dbName": dbName}
    for key, text in ((k, empty_filter(v)) for k, v in wanted.items()):
        if text is not None:
            rows = [r for r in rows if text.lower() in str(r.get(key) or "").lower()]
    if (db_type := empty_filter(dbType)) is not None:
        rows = [r for r in rows if r.get("dbType") == db_type]
    rows = sort_rows(rows, params, SORTABLE)
    chunk = rows if params.all_rows else rows[params.offset : params.offset + params.size]
    return page_body(chunk, len(rows), params)  # type: ignore[no-any-return]


@router.get(
    "/treeData",
    dependencies=[require_permission(f"{PERM}:view", "gencode:genTable:view")],
    response_model=list[DataSourceNode],
    response_model_exclude_unset=True,
)
async def tree_data(session: SessionDep, runtime: RuntimeDep) -> list[dict[str, Any]]:
    """The data-source tree of the table screens."""
    return await service.tree(session, runtime)
