"""The JeePlus file manager (``/sys/file/list, upload, download, copy, move, rename, remove,
createFolder``) and ``webupload/deleteByUrl``. The widget posts ``source`` and ``target`` in the
query or as a form; items are ids of :mod:`loom_sys.file.manager`."""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import parse_qs, quote, urlsplit

from fastapi import APIRouter, Depends, Request, UploadFile
from fastapi.responses import FileResponse

from loom_platform import logtitles
from loom_platform.auth import CurrentPrincipal, Principal, holds_any, require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.openapi import FILE
from loom_sys.config import service as config_service
from loom_sys.file import manager, service
from loom_sys.file.errors import FileNotFound
from loom_sys.file.router import USER_FILE_CSP
from loom_sys.file.schemas import FileItem, FileNode
from loom_sys.settings import SysSettings

router = APIRouter(prefix="/sys/file", tags=["file"])

CanView = Annotated[Principal, require_permission("sys:file:view")]
CanEdit = Annotated[Principal, require_permission("sys:file:edit", "sys:file:add")]
CanDelete = Annotated[Principal, require_permission("sys:file:del")]


def _settings(request: Request) -> SysSettings:
    settings: SysSettings = request.app.state.settings
    return settings


def _roots(request: Request, principal: Principal) -> manager.Roots:
    return manager.Roots(
        base=_settings(request).files_dir / "manager",
        user_id=principal.user_id,
        shared=holds_any(request, "sys:file:share"),
    )


async def _params(request: Request) -> dict[str, str]:
    """``source`` and ``target`` from the query or the posted form."""
    found = {k: v for k, v in request.query_params.items() if k in ("source", "target")}
    if request.method == "POST" and "form" in request.headers.get("content-type", ""):
        form = await request.form()
        found.update({k: str(v) for k, v in form.items() if k in ("source", "target") and isinstance(v, str)})
    return found


Params = Annotated[dict[str, str], Depends(_params)]


@router.get("/list", response_model=list[FileNode], response_model_exclude_unset=True)
async def list_files(request: Request, principal: CanView) -> Any:
    """The caller's roots (我的文档; 共享文档 with ``sys:file:share``) as the widget's tree."""
    return manager.tree(_roots(request, principal))


@router.post("/upload", response_model=FileItem)
async def upload(request: Request, session: SessionDep, principal: CanEdit, upload: UploadFile) -> Any:
    """Stores the posted file (field ``upload``) in the folder ``target``."""
    params = await _params(request)
    form_target = (await request.form()).get("target")
    target = params.get("target") or (form_target if isinstance(form_target, str) else "") or manager.MINE
    settings = _settings(request)
    limit = config_service.upload_limit(
        await config_service.current(session, settings), settings.upload_max_bytes
    )
    content = await upload.read(limit + 1)
    return manager.upload(
        _roots(request, principal),
        target=target,
        filename=upload.filename or "",
        content=content,
        max_bytes=limit,
        extensions=settings.allowed_extensions,
    )


@router.get("/download", responses=FILE)
async def download(request: Request, principal: CanView, source: str) -> Any:
    """The file's bytes, always as a download (never a page of the portal's origin)."""
    path = manager.download(_roots(request, principal), source=source)
    return FileResponse(
        path,
        media_type="application/octet-stream",
        headers={
            "Content-Disposition": f"attachment; filename*=UTF-8''{quote(path.name)}",
            "Access-Control-Expose-Headers": "Content-Disposition",
            "X-Content-Type-Options": "nosniff",
            "Content-Security-Policy": USER_FILE_CSP,
        },
    )


@router.post("/copy", response_model=list[FileItem], response_model_exclude_unset=True)
async def copy(request: Request, principal: CanEdit, params: Params) -> Any:
    """Copies ``source`` (comma-joined ids) into the folder ``target``."""
    return manager.copy(
        _roots(request, principal), source=params.get("source", ""), target=params.get("target", "")
    )


@router.post("/move", response_model=list[FileItem], response_model_exclude_unset=True)
async def move(request: Request, principal: CanEdit, params: Params) -> Any:
    """Moves ``source`` (comma-joined ids) into the folder ``target``."""
    return manager.move(
        _roots(request, principal), source=params.get("source", ""), target=params.get("target", "")
    )


@router.post("/rename", response_model=FileItem)
async def rename(request: Request, principal: CanEdit, params: Params) -> Any:
    """Renames ``source`` to the name ``target``."""
    return manager.rename(
        _roots(request, principal), source=params.get("source", ""), name=params.get("target", "")
    )


@router.post("/remove", response_model=list[FileItem], response_model_exclude_unset=True)
async def remove(request: Request, principal: CanDelete, params: Params) -> Any:
    """Deletes ``source`` (comma-joined ids; folders with their content)."""
    return manager.remove(_roots(request, principal), source=params.get("source", ""))


@router.post("/createFolder", response_model=FileItem)
async def create_folder(request: Request, principal: CanEdit, params: Params) -> Any:
    """Creates the folder named ``source`` inside the folder ``target``."""
    return manager.create_folder(
        _roots(request, principal), name=params.get("source", ""), target=params.get("target", "")
    )


@router.delete("/webupload/deleteByUrl", dependencies=[logtitles.under("files")])
async def delete_by_url(
    request: Request, session: SessionDep, principal: CurrentPrincipal, url: str = ""
) -> Message:
    """Deletes a file uploaded with ``webupload/upload``, named by its URL (its uploader only)."""
    source = parse_qs(urlsplit(url).query).get("source", [url])[0]
    async with transaction(session):
        record, target = await service.find(session, root=_settings(request).files_dir, source=source)
        if record.create_by != principal.user_id:
            raise FileNotFound()
        await session.delete(record)
    target.unlink(missing_ok=True)
    return message(translate("sys.file.deleted"))
