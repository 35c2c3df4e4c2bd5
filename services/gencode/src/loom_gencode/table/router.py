"""HTTP routes of the table screens: /gencode/table/..."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Body, Request

from loom_gencode.datasource import service as ds_service
from loom_gencode.licence import check as check_licence
from loom_gencode.runtime import RuntimeDep
from loom_gencode.table import config, service
from loom_gencode.table.introspect import list_tables
from loom_gencode.table.schemas import LicensedTables, PhysicalTables, TableDetail, TableSave, WizardConfig
from loom_platform.auth import require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.fields import request_fields
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.openapi import fields_body
from loom_platform.paging import PageDep
from loom_platform.wire import split_ids

router = APIRouter(prefix="/gencode/table")
PERM = "gencode:genTable"


@router.get(
    "/list",
    dependencies=[require_permission(f"{PERM}:view")],
    response_model=LicensedTables,
    response_model_exclude_unset=True,
)
async def page(session: SessionDep, runtime: RuntimeDep, params: PageDep, request: Request) -> Any:
    """``{code:200, result:{records,total}}``; ``{code:700|710, msg, serial}`` without a valid licence."""
    problem = check_licence(runtime.settings)
    if problem is not None:
        return {"code": problem.code, "msg": problem.msg, "serial": problem.serial}
    result = await service.page(session, runtime, params, dict(request.query_params))
    return {"code": 200, "result": result}


@router.get(
    "/queryById",
    dependencies=[require_permission(f"{PERM}:view", f"{PERM}:edit")],
    response_model=TableDetail,
)
async def query_by_id(session: SessionDep, runtime: RuntimeDep, id: str) -> dict[str, Any]:  # noqa: A002
    """A design with its columns."""
    return await service.read(session, runtime, id)


@router.post("/save", dependencies=[require_permission(f"{PERM}:add", f"{PERM}:edit")])
async def save(session: SessionDep, body: TableSave) -> Message:
    """Creates or updates a design (every rule of the wizard checked here)."""
    async with transaction(session):
        record = await service.save(session, body)
    return message(translate("gencode.saved", what=record.name))


@router.delete("/delete", dependencies=[require_permission(f"{PERM}:del")])
async def delete(session: SessionDep, ids: str = "") -> Message:
    """Removes designs (the physical tables stay)."""
    async with transaction(session):
        await service.remove(session, split_ids(ids))
    return message(translate("gencode.table.removed"))


@router.get(
    "/queryConfig",
    dependencies=[require_permission(f"{PERM}:view", f"{PERM}:add", f"{PERM}:edit")],
    response_model=WizardConfig,
)
async def query_config(session: SessionDep) -> dict[str, Any]:
    """Java, control, validator and query types, column types per database, and the table list."""
    return await config.query_config(session)


@router.get(
    "/importTableData", dependencies=[require_permission(f"{PERM}:add")], response_model=PhysicalTables
)
async def import_table_data(
    session: SessionDep, runtime: RuntimeDep, request: Request, name: str = ""
) -> dict[str, Any]:
    """``{rows:[{name, comments}]}``: a data source's tables, filtered by name."""
    en_name = request.query_params.get("dataSource.enName") or request.query_params.get("dataSource.id")
    target = await ds_service.target_by_en_name(session, runtime, en_name)
    rows = await list_tables(runtime.engines.get(target), name)
    return {"rows": rows, "total": len(rows)}


@router.post(
    "/saveTableFromDB",
    dependencies=[require_permission(f"{PERM}:add")],
    openapi_extra=fields_body(
        name="the tables to import, comma-joined", **{"dataSource.id": "the data source"}
    ),
)
async def save_table_from_db(session: SessionDep, runtime: RuntimeDep, request: Request) -> Message:
    """Imports the chosen tables (``name`` comma-joined) of ``dataSource.id``."""
    data = await _flat_body(request)
    names = split_ids(data.get("name"))
    ds_id = data.get("dataSource.id") or "master"
    async with transaction(session):
        await service.import_tables(session, runtime, names=names, ds_id=ds_id)
    return message(translate("gencode.table.imported"))


async def _flat_body(request: Request) -> dict[str, str]:
    """The form fields, or a JSON object's with ``dataSource: {id}`` read as ``dataSource.id``
    (a JSON body that is not an object is refused by ``request_fields``)."""
    fields = await request_fields(request, text=False)
    source = fields.get("dataSource")
    flat = {k: str(v) for k, v in fields.items() if not isinstance(v, dict)}
    if isinstance(source, dict):
        flat["dataSource.id"] = str(source.get("id") or "")
    return flat


_ = Body
