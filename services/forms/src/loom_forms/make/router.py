"""HTTP routes of the form maker: /form/make/*."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from loom_forms.make import service
from loom_forms.make.models import MASTER
from loom_forms.make.schemas import ColumnRows, MakeBasicSaved, MakePublic, MakeSave, TableRows
from loom_forms.runtime import RuntimeDep
from loom_platform.auth import require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.fields import request_fields
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.openapi import fields_body, query
from loom_platform.paging import Page, PageDep
from loom_platform.wire import split_ids

router = APIRouter(prefix="/form/make")
PERM = "form:make"
VIEW = require_permission(f"{PERM}:view")
# The query parameters naming a data source (``_data_source``); the first one given wins.
DATA_SOURCE_PARAMS = dict.fromkeys(
    ("dataSourceName", "dataSource.enName", "dataSource.id", "dataSource", "enName"),
    "the data source (default master)",
)
DATA_SOURCE = query(**DATA_SOURCE_PARAMS)
WRITE = require_permission(f"{PERM}:add", f"{PERM}:edit", f"{PERM}:design")


@router.get("/list", dependencies=[VIEW], response_model=Page[MakePublic], response_model_exclude_unset=True)
async def page(session: SessionDep, params: PageDep, request: Request) -> Any:
    """Forms: `records[{id, name, tableName, code, dataSource{id,name}, version, source}]`."""
    return await service.page(session, params, request.query_params)


@router.get("/queryById", dependencies=[VIEW], response_model=MakePublic)
async def query_by_id(session: SessionDep, id: str) -> dict[str, Any]:  # noqa: A002 - the wire name
    """One form with its designer JSON."""
    return service.render(await service.get(session, id))


# the fields of a form's basic information, read by both saves
BASIC_INFO = {
    "id": "the form (none: a new one)",
    "name": "its name",
    "code": "its key",
    "dataSource": "the data source: its id or enName (default master)",
    "remarks": "remarks",
    "tableName": "its table (a new form)",
}


@router.post(
    "/save",
    openapi_extra=fields_body(**BASIC_INFO, source="the designer JSON"),
    dependencies=[WRITE],
    response_model=MakePublic,
    response_model_exclude_unset=True,
)
async def save(session: SessionDep, runtime: RuntimeDep, request: Request) -> dict[str, Any]:
    """Saves the basics and the designer JSON (`source`); answers the form."""
    body = MakeSave.model_validate(await request_fields(request, text=False))
    async with transaction(session):
        record = await service.save(session, runtime.data, body)
    runtime.online.forget(record.id)
    return service.render(record, with_source=False)


@router.post(
    "/saveBasicInfo",
    openapi_extra=fields_body(**BASIC_INFO),
    dependencies=[WRITE],
    response_model=MakeBasicSaved,
    response_model_exclude_unset=True,
)
async def save_basic_info(session: SessionDep, runtime: RuntimeDep, request: Request) -> dict[str, Any]:
    """Name, key, data source and remarks; answers the form (with its new id) and ``message``, the
    success text: the JeePlus client hands the answer to Element's message as its options."""
    body = MakeSave.model_validate(await request_fields(request, text=False))
    async with transaction(session):
        record = await service.save_basic_info(session, body, runtime.data)
    runtime.online.forget(record.id)
    saved = translate("forms.make.saved", name=record.name)
    return {**service.render(record, with_source=False), "message": saved}


@router.post(
    "/saveFormSource",
    openapi_extra=fields_body(
        id="the form",
        source="the designer JSON",
        dataSource="the data source: its id or enName (default master)",
        tableName="the table",
        autoCreate="'1': a new table from the fields, '0': an existing table",
    ),
    dependencies=[WRITE],
)
async def save_form_source(session: SessionDep, runtime: RuntimeDep, request: Request) -> Message:
    """Binds the form to a new table from its fields (`autoCreate=1`) or to an existing table (`0`)."""
    body = MakeSave.model_validate(await request_fields(request, text=False))
    async with transaction(session):
        await service.save_form_source(session, runtime.data, body)
    runtime.online.forget(str(body.id or ""))
    return message(translate("forms.make.bound"))


@router.delete("/delete", dependencies=[require_permission(f"{PERM}:del")])
async def delete(session: SessionDep, runtime: RuntimeDep, ids: str = "") -> Message:
    """Deletes forms ``?ids=a,b`` (tables and rows stay)."""
    async with transaction(session):
        await service.delete(session, split_ids(ids))
    for form_id in split_ids(ids):
        runtime.online.forget(form_id)
    return message(translate("forms.deleted", what=""))


def _data_source(request: Request) -> str:
    query = request.query_params
    return (
        query.get("dataSourceName")
        or query.get("dataSource.enName")
        or query.get("dataSource.id")
        or query.get("dataSource")
        or query.get("enName")
        or MASTER
    )


@router.get("/getTableList", openapi_extra=DATA_SOURCE, dependencies=[VIEW], response_model=TableRows)
async def get_table_list(runtime: RuntimeDep, request: Request) -> dict[str, Any]:
    """Tables of a data source (default master): `rows[{name, comments, nameAndComments}]`."""
    tables = await runtime.data.tables(_data_source(request))
    return {"rows": [t | {"nameAndComments": f"{t['name']} : {t['comments']}"} for t in tables]}


@router.get(
    "/getTableColumnList",
    openapi_extra=query(tableName="the table (or name)", **DATA_SOURCE_PARAMS),
    dependencies=[VIEW],
    response_model=ColumnRows,
)
async def get_table_column_list(runtime: RuntimeDep, request: Request, name: str = "") -> dict[str, Any]:
    """Columns of a table: `rows[{name, jdbcType, comments, isPk, isNull}]` (none, `total` 0, for a
    table not created yet)."""
    table = name or request.query_params.get("tableName", "")
    columns = await service.table_columns(runtime.data, _data_source(request), table)
    return {
        "total": len(columns),
        "rows": [
            {
                "name": c.name,
                "jdbcType": c.jdbc_type,
                "comments": c.comments,
                "isPk": "1" if c.is_pk else "0",
                "isNull": "1" if c.nullable else "0",
            }
            for c in columns
        ],
    }


@router.get("/validateTableNoExist", openapi_extra=DATA_SOURCE, dependencies=[VIEW])
async def validate_table_no_exist(
    runtime: RuntimeDep,
    request: Request,
    tableName: str = "",  # noqa: N803
    name: str = "",
) -> bool:
    """True when the data source has no table of that name (``tableName``, or the JeePlus form
    designer's ``name``)."""
    return await service.table_free(runtime.data, tableName or name, _data_source(request))


@router.get(
    "/validateKeyNoExist",
    openapi_extra=query(code="the key", key="the same", oldCode="the form's own key", oldKey="the same"),
    dependencies=[VIEW],
)
async def validate_key_no_exist(session: SessionDep, request: Request) -> bool:
    """True when no other form uses the key (`code` or `key`, with `oldCode`/`oldKey` when editing)."""
    query = request.query_params
    code = query.get("code") or query.get("key") or ""
    return await service.code_free(session, code, query.get("oldCode") or query.get("oldKey") or "")


@router.post(
    "/createMenu",
    openapi_extra=fields_body(
        formId="the form",
        **{"parent.id": "the parent menu"},
        name="the menu's name",
        icon="its icon",
        sort="its order",
    ),
    # form:make:deploy: the JeePlus client's 发布, which creates the form's menu
    dependencies=[require_permission(f"{PERM}:createMenu", f"{PERM}:deploy")],
)
async def create_menu(session: SessionDep, runtime: RuntimeDep, request: Request) -> Message:
    """Form-encoded `formId, parent.id, name, icon`: a menu in sys with view/add/edit/del/import/export."""
    data = await request_fields(request, text=False)
    async with transaction(session):
        await service.create_menu(session, runtime.directory, data)
    return message(translate("forms.make.menu_created"))
