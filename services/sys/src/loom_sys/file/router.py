"""``/sys/file/...``: upload, URL and download."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Request, UploadFile
from fastapi.responses import FileResponse

from loom_platform.auth import CurrentPrincipal
from loom_platform.db import SessionDep, transaction
from loom_platform.errors import NotFound
from loom_platform.i18n import translate
from loom_sys.file import service
from loom_sys.settings import SysSettings

router = APIRouter(prefix="/sys/file", tags=["file"])

# A user's file opened on its own is a sandboxed document: no scripts, no portal origin.
USER_FILE_CSP = (
    "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; media-src 'self'"
)


def _settings(request: Request) -> SysSettings:
    settings: SysSettings = request.app.state.settings
    return settings


@router.post("/webupload/upload")
async def upload(
    request: Request,
    session: SessionDep,
    principal: CurrentPrincipal,
    file: UploadFile,
    uploadPath: str = "",  # noqa: N803
) -> Any:
    """Stores one file (multipart field ``file``); answers its URL."""
    settings = _settings(request)
    content = await file.read(settings.upload_max_bytes + 1)
    async with transaction(session):
        record = await service.store(
            session,
            root=settings.files_dir,
            folder=uploadPath,
            filename=file.filename or "",
            content=content,
            content_type=file.content_type,
            max_bytes=settings.upload_max_bytes,
            extensions=settings.allowed_extensions,
            actor=principal.user_id,
        )
    url = service.url_of(record.path)
    return {
        "success": True,
        "msg": translate("sys.file.uploaded"),
        "id": record.id,
        "name": record.name,
        "size": record.size,
        "path": record.path,
        "url": url,
        "data": {"url": url},
    }


def _check_reader(record: Any, source: str, user_id: str) -> None:
    """The rights rule for files (docs/rights.md): by its database id only its uploader finds a
    file; everyone else reaches it through its stored path, the unguessable address that the
    record it belongs to hands to those who may see that record."""
    if source == record.id and record.create_by != user_id:
        raise NotFound()


@router.get("/getUrl")
async def get_url(
    request: Request, session: SessionDep, principal: CurrentPrincipal, source: str = "", path: str = ""
) -> Any:
    """The download URL of a stored file."""
    record, _target = await service.find(session, root=_settings(request).files_dir, source=source or path)
    _check_reader(record, source or path, principal.user_id)
    return service.url_of(record.path)


@router.get("/download2")
async def download(
    request: Request, session: SessionDep, principal: CurrentPrincipal, source: str, action: str = "view"
) -> Any:
    """The file's bytes; ``action=download`` asks the browser to save it."""
    record, target = await service.find(session, root=_settings(request).files_dir, source=source)
    _check_reader(record, source, principal.user_id)
    media_type = record.content_type or "application/octet-stream"
    # The JeePlus client reads the URL-encoded name from the raw Content-Disposition value.
    # Only passive types (pictures, PDF, plain text) are shown inline; HTML, SVG, XML and the
    # like are always saved, so a script in a user's file never runs as the portal.
    inline = action != "download" and service.shown_inline(media_type)
    disposition = f"inline; filename*=UTF-8''{quote(record.name)}" if inline else quote(record.name)
    if not inline and action != "download":
        disposition = f"attachment; filename*=UTF-8''{quote(record.name)}"
    return FileResponse(
        target,
        media_type=media_type,
        headers={
            "Content-Disposition": disposition,
            "Access-Control-Expose-Headers": "Content-Disposition",
            "X-Content-Type-Options": "nosniff",
            "Content-Security-Policy": USER_FILE_CSP,
        },
    )
