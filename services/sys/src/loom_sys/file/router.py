"""``/sys/file/...``: upload, URL and download."""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Depends, Request, UploadFile
from fastapi.responses import FileResponse
from pydantic import Field

from loom_platform import logtitles
from loom_platform.auth import CurrentPrincipal, current_principal
from loom_platform.db import SessionDep, transaction
from loom_platform.errors import NotFound
from loom_platform.i18n import translate
from loom_platform.openapi import FILE
from loom_platform.wire import WireModel
from loom_sys.file import service, tickets
from loom_sys.file.schemas import Uploaded
from loom_sys.settings import SysSettings

router = APIRouter(prefix="/sys/file", tags=["file"])

# A user's file opened on its own is a sandboxed document: no scripts, no portal origin.
USER_FILE_CSP = (
    "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; media-src 'self'"
)


def _settings(request: Request) -> SysSettings:
    settings: SysSettings = request.app.state.settings
    return settings


@router.post("/webupload/upload", response_model=Uploaded, dependencies=[logtitles.under("files")])
async def upload(
    request: Request,
    session: SessionDep,
    principal: CurrentPrincipal,
    file: UploadFile,
    uploadPath: str = "",  # noqa: N803
) -> Any:
    """Stores one file (multipart field ``file``); answers its URL."""
    settings = _settings(request)
    async with transaction(session):
        record = await service.upload(
            session,
            settings,
            file,
            folder=uploadPath,
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
) -> str:
    """The download URL of a stored file."""
    record, _target = await service.find(session, root=_settings(request).files_dir, source=source or path)
    _check_reader(record, source or path, principal.user_id)
    return service.url_of(record.path)


class TicketRequest(WireModel):
    """The file a download ticket is asked for: its stored path or (for its uploader) its id."""

    source: str = Field(min_length=1, max_length=1000)


class TicketAnswer(WireModel):
    """A one-time download URL: valid once, for one file, for ``expiresIn`` seconds."""

    ticket: str
    url: str
    expires_in: int


@router.post("/downloadTicket", response_model=TicketAnswer, response_model_by_alias=True)
async def download_ticket(
    request: Request, session: SessionDep, principal: CurrentPrincipal, body: TicketRequest
) -> TicketAnswer:
    """A ticket for opening one file where no header can be sent (a new tab, another program)."""
    record, _target = await service.find(session, root=_settings(request).files_dir, source=body.source)
    _check_reader(record, body.source, principal.user_id)
    async with transaction(session):
        ticket = await tickets.issue(session, source=record.path, user_id=principal.user_id)
    url = f"{service.url_of(record.path)}&ticket={ticket}"
    return TicketAnswer(ticket=ticket, url=url, expires_in=tickets.TICKET_SECONDS)


async def _reader(request: Request, session: SessionDep, ticket: str = "") -> str:
    """Who reads: the holder of a download ticket (used up here), else the signed-in caller
    (checked before the parameters, so a call without either is a 401)."""
    if not ticket:
        return (await current_principal(request)).user_id
    async with transaction(session):
        taken = await tickets.take(session, ticket=ticket)
    return tickets.holder(taken, source=request.query_params.get("source", ""))


@router.get("/download2", responses=FILE)
async def download(
    request: Request,
    session: SessionDep,
    source: str,
    reader: Annotated[str, Depends(_reader)],
    action: str = "view",
) -> Any:
    """The file's bytes, for a signed-in caller or a ``ticket``; ``action=download`` asks to save it."""
    record, target = await service.find(session, root=_settings(request).files_dir, source=source)
    _check_reader(record, source, reader)
    declared = record.content_type or "application/octet-stream"
    # The JeePlus client reads the URL-encoded name from the raw Content-Disposition value.
    # Only passive types (pictures, PDF, plain text) are shown inline; HTML, SVG, XML, scripts and
    # the like are always saved, and served as bytes: with nosniff, a <script> or a stylesheet
    # link of the portal's own origin cannot run a user's file either (its declared type could).
    passive = service.shown_inline(declared)
    media_type = declared if passive else "application/octet-stream"
    inline = action != "download" and passive
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
