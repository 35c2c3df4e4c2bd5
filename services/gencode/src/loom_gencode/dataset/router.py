"""``/database/datamodel/...``: the 数据模型 screens' calls (JeePlus ``DataSetService``) and the
data URL of a set. Permissions ``database:datamodel:dataSet:view|add|edit|del``; the data URL
also opens with the set's own ``token`` (for a report or another system, without a login)."""

from __future__ import annotations

import hmac
from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from loom_gencode.dataset import service
from loom_gencode.dataset.errors import ExportFormatUnknown
from loom_gencode.dataset.schemas import (
    DataSetColumnPublic,
    DataSetMeta,
    DataSetPublic,
    DataSetRow,
    DataSetRun,
    DataSetSave,
    DataSetSaved,
    values_of,
)
from loom_gencode.runtime import RuntimeDep
from loom_platform.auth import TOKEN_HEADER, Principal, current_principal, require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.errors import InvalidArgument, PermissionDenied, Unauthenticated
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.openapi import download, query
from loom_platform.paging import Page, PageDep, empty_filter
from loom_platform.wire import split_ids

router = APIRouter(prefix="/database/datamodel", tags=["data set"])
PERM = "database:datamodel:dataSet"
CanView = Annotated[Principal, require_permission(f"{PERM}:view", f"{PERM}:edit")]
CanEdit = Annotated[Principal, require_permission(f"{PERM}:add", f"{PERM}:edit")]
CanDelete = Annotated[Principal, require_permission(f"{PERM}:del")]
RUN_FIELDS = query(
    db="the data source", sql="the SQL", **{"field[]": "parameter names", "defaultValue[]": "their values"}
)


@router.get("/dataSet/list", response_model=Page[DataSetRow])
async def page(
    session: SessionDep, runtime: RuntimeDep, params: PageDep, _: CanView, name: str | None = None
) -> Any:
    """Data sets, a page of them."""
    return await service.page(session, runtime, params, empty_filter(name))


@router.get("/dataSet/queryById", response_model=DataSetPublic, response_model_exclude_unset=True)
async def query_by_id(request: Request, session: SessionDep, runtime: RuntimeDep, _: CanView, id: str) -> Any:  # noqa: A002
    """One set with its parameters and columns (and its token, to those who may change it)."""
    may_edit = any(request.state.access.allows(f"{PERM}:{a}") for a in ("add", "edit"))
    return await service.read(session, runtime, id, with_token=may_edit)


@router.post("/dataSet/save", response_model=DataSetSaved)
async def save(session: SessionDep, runtime: RuntimeDep, principal: CanEdit, body: DataSetSave) -> Any:
    """Creates or replaces a set (one reading statement; parameters and columns as listed)."""
    async with transaction(session):
        found = await service.save(session, runtime, body, actor=principal.user_id)
    return {"success": True, "id": found.id, "msg": translate("gencode.saved", what=found.name)}


@router.delete("/dataSet/delete")
@router.get("/dataSet/delete", operation_id="delete_data_sets_by_get")
async def delete(session: SessionDep, _: CanDelete, ids: str = "") -> Message:
    """Deletes sets ``?ids=a,b`` (the older client calls it with GET)."""
    async with transaction(session):
        await service.delete_many(session, split_ids(ids))
    return message(translate("gencode.deleted", what=""))


async def _run_fields(request: Request) -> tuple[str, str, dict[str, str | None]]:
    items: list[tuple[str, Any]] = list(request.query_params.multi_items())
    kind = request.headers.get("content-type", "")
    if "application/json" in kind and (raw := await request.body()).strip():
        try:
            body = orjson.loads(raw)
        except orjson.JSONDecodeError as exc:
            raise InvalidArgument("validation_failed", field="body", detail="JSON") from exc
        if isinstance(body, dict):
            items += list(body.items())
    elif kind.startswith(("application/x-www-form-urlencoded", "multipart/form-data")):
        items += [(k, v) for k, v in (await request.form()).multi_items() if isinstance(v, str)]
    flat = {k: v for k, v in items if not isinstance(v, list)}
    db = flat.get("db") or flat.get("db.id") or "master"
    return str(db), str(flat.get("sql") or ""), values_of(items)


@router.get("/dataSet/getMeta", openapi_extra=RUN_FIELDS, response_model=DataSetMeta)
@router.post(
    "/dataSet/getMeta", openapi_extra=RUN_FIELDS, operation_id="get_meta_by_post", response_model=DataSetMeta
)
async def get_meta(request: Request, session: SessionDep, runtime: RuntimeDep, _: CanEdit) -> Any:
    """``{columnList}``: the columns the SQL answers (run read-only with the given values)."""
    db, sql, values = await _run_fields(request)
    result = await service.run_sql(session, runtime, ds_id=db, sql=sql, values=values)
    return {
        "columnList": [{"name": c["name"], "type": c["type"], "label": c["name"]} for c in result.columns]
    }


@router.get("/dataSet/exec", openapi_extra=RUN_FIELDS, response_model=DataSetRun)
@router.post(
    "/dataSet/exec", openapi_extra=RUN_FIELDS, operation_id="exec_by_post", response_model=DataSetRun
)
async def execute(request: Request, session: SessionDep, runtime: RuntimeDep, _: CanEdit) -> Any:
    """``{json, xml}``: the SQL's rows (read-only, bound values, timeout, row cap)."""
    db, sql, values = await _run_fields(request)
    result = await service.run_sql(session, runtime, ds_id=db, sql=sql, values=values)
    return {"json": result.rows, "xml": service.as_xml(result.rows), "truncated": result.truncated}


@router.get("/dataMeta/queryNeedByDataSetId", response_model=list[DataSetColumnPublic])
async def needed_columns(session: SessionDep, _: CanView, dataSetId: str) -> Any:  # noqa: N803
    """The set's columns that take part in analysis."""
    await service.get(session, dataSetId)
    return await service.columns(session, dataSetId, needed_only=True)


async def _caller_may_read(request: Request) -> None:
    """A caller with the token header and the view permission (401 without a token, 403 without it)."""
    if not request.headers.get("authorization") and not request.headers.get(TOKEN_HEADER):
        raise Unauthenticated()
    await current_principal(request)
    if not any(request.state.access.allows(f"{PERM}:{a}") for a in ("view", "edit")):
        raise PermissionDenied(permission=f"{PERM}:view")


@router.get(
    "/dataSet/getData/{id}/{format}",
    responses=download("application/json", "the rows as JSON, XML or an HTML table"),
    openapi_extra=query(token="the set's own token (instead of a login)"),
)
async def get_data(
    request: Request,
    session: SessionDep,
    runtime: RuntimeDep,
    id: str,
    format: str,
    token: str | None = None,  # noqa: A002
) -> Response:
    """The set's rows at a stable URL: ``json``, ``xml`` or ``html``; query parameters named like the
    set's parameters give their values (else the defaults)."""
    if not token:
        await _caller_may_read(request)
    if format not in service.FORMATS:
        raise ExportFormatUnknown(format=format[:20])
    found = await service.get(session, id)
    if token and not hmac.compare_digest(token.encode(), found.token.encode()):
        raise PermissionDenied(permission=f"{PERM}:view")
    given = {k: v for k, v in request.query_params.items() if k != "token"}
    result = await service.data(session, runtime, found, given)
    if format == "xml":
        return Response(service.as_xml(result.rows), media_type="application/xml; charset=utf-8")
    if format == "html":
        return HTMLResponse(
            service.as_html(result, found.name), headers={"Content-Security-Policy": "default-src 'none'"}
        )
    return Response(orjson.dumps(result.rows), media_type="application/json")
