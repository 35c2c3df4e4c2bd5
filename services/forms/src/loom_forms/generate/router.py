"""HTTP routes of online form data: /form/generate/* (permissions `form:<code>:<action>`)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Request, UploadFile
from fastapi.responses import StreamingResponse

from loom_forms.generate import importer, labels, service, xlsx
from loom_forms.generate.schemas import ExportRequest, FormBody, Imported, OnlineRecord, RecordSave
from loom_forms.make import service as make_service
from loom_forms.make.schemas import MakePublic
from loom_forms.runtime import Runtime, RuntimeDep
from loom_platform import i18n, logtitles
from loom_platform.auth import CurrentPrincipal, Principal
from loom_platform.datarules import DataAccess
from loom_platform.db import SessionDep
from loom_platform.errors import PermissionDenied
from loom_platform.fields import request_fields
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.openapi import download, query, schema_body
from loom_platform.paging import Page, PageDep
from loom_platform.wire import split_ids

router = APIRouter(prefix="/form/generate")
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _allow(request: Request, online: service.Online, *actions: str) -> None:
    """The user needs `form:<code>:<action>` of the form (one of the actions)."""
    wanted = [f"form:{online.form.code}:{a}" for a in actions]
    # the operation log names the request by the form's menu
    logtitles.note_permission(request, *wanted)
    if not any(request.state.access.allows(p) for p in wanted):
        raise PermissionDenied(permission=" | ".join(wanted))


async def _online(
    session: SessionDep, runtime: Runtime, request: Request, form_id: str, *actions: str
) -> service.Online:
    online = await runtime.online.get(session, form_id)
    _allow(request, online, *actions)
    return online


async def _access(runtime: Runtime, user: Principal, online: service.Online) -> DataAccess:
    """What the caller may see of the form's rows: their roles' data scopes and the rules granted
    on the form's menu (found by its view button, ``form:<code>:view``), from sys."""
    return await runtime.directory.data_access(user.user_id, permission=f"form:{online.form.code}:view")


@router.get("/getForm", response_model=MakePublic)
async def get_form(
    session: SessionDep, runtime: RuntimeDep, request: Request, _user: CurrentPrincipal, formId: str = ""
) -> dict[str, Any]:  # noqa: N803
    """The form the online list page renders (its JSON, key and table) for a user who may view its data."""
    online = await _online(session, runtime, request, formId, "view")
    return make_service.render(online.form)


@router.get(
    "/list",
    openapi_extra=query(params="the search values of the isSearch fields (a JSON object)"),
    response_model=Page[OnlineRecord],
)
async def page(
    session: SessionDep,
    runtime: RuntimeDep,
    request: Request,
    _user: CurrentPrincipal,
    params: PageDep,
    formId: str = "",  # noqa: N803
) -> dict[str, Any]:
    """Records of the form's table: `params` (JSON of isSearch values), paging, sorting on isSort fields;
    only the rows the caller's data permissions allow."""
    online = await _online(session, runtime, request, formId, "view")
    access = await _access(runtime, _user, online)
    return await service.page(online, runtime.data, params, request.query_params.get("params"), access)


@router.get("/queryById", response_model=OnlineRecord)
async def query_by_id(
    session: SessionDep,
    runtime: RuntimeDep,
    request: Request,
    _user: CurrentPrincipal,
    formId: str,
    id: str,  # noqa: A002,N803
) -> dict[str, Any]:
    """One record with its sub-table rows (404 outside the caller's data permissions)."""
    online = await _online(session, runtime, request, formId, "view", "edit")
    return await service.read(online, runtime.data, id, await _access(runtime, _user, online))


@router.post(
    "/save",
    openapi_extra=schema_body(RecordSave, id="the record (none: a new one)"),
)
async def save(
    session: SessionDep, runtime: RuntimeDep, request: Request, _user: CurrentPrincipal
) -> Message:
    """Adds (no id) or edits a record after validating it; 400 with `{field: message}` in details."""
    body = RecordSave.model_validate(await request_fields(request, text=False))
    values = body.values()
    online = await runtime.online.get(session, body.form())
    _allow(request, online, "edit" if values.get("id") else "add")
    access = await _access(runtime, _user, online) if values.get("id") else None
    await service.save(online, runtime.data, values, i18n.current_language.get(), access)
    return message(translate("forms.saved", what=""))


@router.delete("/delete")
async def delete(
    session: SessionDep,
    runtime: RuntimeDep,
    request: Request,
    _user: CurrentPrincipal,
    formId: str = "",
    ids: str = "",  # noqa: N803
) -> Message:
    """Deletes records ``?formId&ids=a,b`` with their sub-table rows."""
    online = await _online(session, runtime, request, formId, "del")
    await service.delete(online, runtime.data, split_ids(ids), await _access(runtime, _user, online))
    return message(translate("forms.deleted", what=""))


def _download(body: Any, name: str) -> StreamingResponse:
    # The JeePlus client reads the raw header value as the URL-encoded file name.
    return StreamingResponse(
        xlsx.chunks(body),
        media_type=XLSX,
        headers={"Content-Disposition": quote(name), "Access-Control-Expose-Headers": "Content-Disposition"},
    )


@router.get(
    "/export",
    responses=download(XLSX),
    openapi_extra=query(
        params="the search values of the isSearch fields (a JSON object)",
        ids="the ticked records (comma-separated keys): only those are written",
    ),
)
async def export(
    session: SessionDep,
    runtime: RuntimeDep,
    request: Request,
    page: PageDep,
    _user: CurrentPrincipal,
    formId: str = "",  # noqa: N803
) -> StreamingResponse:
    """The ticked records (``ids=a,b``) or all the search finds as XLSX, in the list's order (its
    ``orders[i]``, else newest first): rows fetched page by page into a write-only sheet, then streamed."""
    online = await _online(session, runtime, request, formId, "export", "view")
    access = await _access(runtime, _user, online)
    records = service.pages(
        online,
        runtime.data,
        request.query_params.get("params"),
        access,
        params=page,
        ids=split_ids(request.query_params.get("ids")),
    )
    return await _export(online, runtime, records)


async def _export(
    online: service.Online, runtime: Runtime, pages: AsyncIterator[list[dict[str, Any]]]
) -> StreamingResponse:
    fields = xlsx.columns(online.fields)
    named = await labels.for_fields(fields, runtime.directory)
    writer = xlsx.SheetWriter(fields, online.form.name, named.show)
    async for records in pages:
        await named.name_users(records)
        await asyncio.to_thread(writer.append, records)
    body = await asyncio.to_thread(writer.close)
    return _download(body, f"{online.form.name}.xlsx")


@router.post(
    "/export",
    responses=download(XLSX),
    openapi_extra=schema_body(ExportRequest),
)
async def export_posted(
    session: SessionDep, runtime: RuntimeDep, request: Request, _user: CurrentPrincipal
) -> StreamingResponse:
    """The client's export button: ``{formId, params, orderBy}`` as JSON, answered as the XLSX blob."""
    body = ExportRequest.model_validate(await request_fields(request, text=False))
    online = await _online(session, runtime, request, body.form(), "export", "view")
    access = await _access(runtime, _user, online)
    return await _export(online, runtime, service.pages(online, runtime.data, body.params_text(), access))


@router.get("/importTemplate", responses=download(XLSX))
async def import_template(
    session: SessionDep, runtime: RuntimeDep, request: Request, _user: CurrentPrincipal, formId: str = ""
) -> StreamingResponse:  # noqa: N803
    """An empty XLSX with the form's column headers."""
    online = await _online(session, runtime, request, formId, "import", "add")
    return _template(online)


def _template(online: service.Online) -> StreamingResponse:
    body = xlsx.workbook(xlsx.columns(online.fields), [], online.form.name)
    return _download(body, f"{online.form.name}导入模板.xlsx")


@router.post("/import/template", responses=download(XLSX), openapi_extra=schema_body(FormBody))
async def import_template_posted(
    session: SessionDep, runtime: RuntimeDep, request: Request, _user: CurrentPrincipal
) -> StreamingResponse:
    """The client's template button: ``{formId}`` as JSON, answered as the empty XLSX with the headers."""
    body = FormBody.model_validate(await request_fields(request))
    online = await _online(session, runtime, request, body.form(), "import", "add")
    return _template(online)


@router.post("/import", response_model=Imported)
async def import_file(
    session: SessionDep,
    runtime: RuntimeDep,
    request: Request,
    _user: CurrentPrincipal,
    file: UploadFile,
    formId: str = "",  # noqa: N803
) -> dict[str, Any]:
    """Imports an XLSX validated row by row: any bad row, or one outside the caller's data
    permissions, imports nothing and answers which rows and fields."""
    online = await _online(session, runtime, request, formId, "import")
    fields = xlsx.columns(online.fields)
    limits = runtime.settings.import_limits
    rows = await xlsx.read(await file.read(limits.max_bytes + 1), fields, limits)
    # a sheet may carry labels (as the export writes them) or the stored values
    named = await labels.for_fields(fields, runtime.directory)
    rows = [(n, {f.model: named.read(f, r[f.model]) for f in fields if f.model in r}) for n, r in rows]
    count = await importer.import_rows(
        online,
        runtime.data,
        rows,
        lang=i18n.current_language.get(),
        batch=runtime.settings.import_batch_rows,
        session=session,
        access=await _access(runtime, _user, online),
    )
    return {"success": True, "msg": translate("forms.generate.imported", count=count), "count": count}
