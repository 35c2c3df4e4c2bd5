"""``/sys/user/export``, ``import``, ``import/template`` (XLSX), ``imageUpload`` and ``saveInfo``."""

from __future__ import annotations

import html
from datetime import datetime
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Request, UploadFile
from fastapi.responses import Response
from pydantic import Field

from loom_platform import logtitles, xlsx
from loom_platform.auth import CurrentPrincipal, Principal, require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.openapi import FILE
from loom_platform.wire import WireModel, now
from loom_sys import events
from loom_sys.caller import CallerDep
from loom_sys.file import service as file_service
from loom_sys.file.errors import ExtensionRefused
from loom_sys.settings import SysSettings
from loom_sys.user import service, transfer
from loom_sys.user.errors import ImportEmpty, ImportFileInvalid
from loom_sys.user.schemas import ImportResult, PhotoSaved

router = APIRouter(prefix="/sys/user", tags=["user"])

CanExport = Annotated[Principal, require_permission("sys:user:export")]
CanImport = Annotated[Principal, require_permission("sys:user:import")]
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
IMAGES = frozenset({"jpg", "jpeg", "png", "gif", "bmp", "webp"})


def _xlsx(content: bytes, name: str) -> Response:
    # The JeePlus client reads the URL-encoded name from the raw Content-Disposition value.
    return Response(
        content,
        media_type=XLSX,
        headers={"Content-Disposition": quote(name), "Access-Control-Expose-Headers": "Content-Disposition"},
    )


@router.get("/export", responses=FILE)
async def export(request: Request, session: SessionDep, _: CanExport, caller: CallerDep) -> Response:
    """The list as XLSX: its search fields (``loginName``, ``name``, ``companyDTO.id``, ``officeDTO.id``)
    and the caller's data scope, as the list; the selected ``ids[i]``; the chosen columns
    ``fields[i].field``/``fields[i].title``."""
    q = request.query_params
    content = await transfer.export(
        session,
        filters=service.list_filters(q),
        access=await caller.data_access("sys:user:view"),
        ids=transfer.export_ids(q),
        columns=transfer.export_columns(q),
    )
    return _xlsx(content, f"用户数据{datetime.now():%Y%m%d%H%M%S}.xlsx")


@router.get("/import/template", responses=FILE)
async def import_template(_: CanImport) -> Response:
    """The import template (titles and an example row)."""
    return _xlsx(transfer.template(), "用户数据导入模板.xlsx")


@router.post("/import", response_model=ImportResult)
async def import_users(request: Request, session: SessionDep, principal: CanImport, file: UploadFile) -> Any:
    """Creates users from an XLSX made from the template. The file is read off the event loop within
    the import limits (bytes, rows, cells, seconds). Every row is checked first; a file with one bad
    row imports nothing and says which row and column (``success``/``msg``, as el-upload reads)."""
    settings: SysSettings = request.app.state.settings
    content = await file.read(settings.import_max_bytes + 1)
    try:
        async with transaction(session):
            count = await transfer.import_users(
                session, content, actor=principal.user_id, limits=settings.import_limits
            )
    except xlsx.SheetRefused as refused:  # too large, too many rows or cells, too slow to read
        return {"success": False, "msg": refused.message(), "errors": []}
    except transfer.ImportRefused as refused:
        # msg is HTML for the client (one line per row); a reason may quote a cell of the uploaded file
        reasons = "<br/>".join(html.escape(e.text()) for e in refused.errors[:20])
        return {
            "success": False,
            "msg": translate("sys.user.import_failed", reason=reasons),
            "errors": [{"row": e.row, "field": e.field, "message": e.reason} for e in refused.errors[:200]],
        }
    except (ImportFileInvalid, ImportEmpty) as bad:
        return {"success": False, "msg": bad.message(), "errors": []}
    return {"success": True, "msg": translate("sys.user.imported", count=count), "errors": []}


class ProfileSave(WireModel):
    """What one may change of one's own profile (never roles, offices or the login name)."""

    name: str = Field(min_length=1, max_length=100)
    email: str | None = Field(default=None, max_length=200)
    phone: str | None = Field(default=None, max_length=200)
    mobile: str | None = Field(default=None, max_length=200)
    photo: str | None = Field(default=None, max_length=1000)
    sign: str | None = Field(default=None, max_length=255)
    remarks: str | None = Field(default=None, max_length=255)


@router.post("/saveInfo", dependencies=[logtitles.under("profile")])
async def save_info(session: SessionDep, body: ProfileSave, principal: CurrentPrincipal) -> Message:
    """Saves the caller's own profile (whatever id the body names)."""
    async with transaction(session):
        user = await service.get(session, principal.user_id)
        for field in ("name", "email", "phone", "mobile", "photo"):
            setattr(user, field, getattr(body, field))
        user.remarks = body.remarks if body.remarks is not None else user.remarks
        user.update_by, user.update_date = principal.user_id, now()
        session.add(user)
        events.user_changed(session, user.id, events.UPDATED, user.login_flag)
    return message(translate("sys.user.info_saved"))


@router.post("/imageUpload", response_model=PhotoSaved, dependencies=[logtitles.under("profile")])
async def image_upload(
    request: Request, session: SessionDep, principal: CurrentPrincipal, file: UploadFile
) -> Any:
    """Stores a picture as the caller's photo; answers its URL."""
    settings: SysSettings = request.app.state.settings
    name = file.filename or ""
    extension = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    if extension not in IMAGES:
        raise ExtensionRefused(ext=extension or "-")
    async with transaction(session):
        record = await file_service.upload(
            session, settings, file, folder="avatars", extensions=IMAGES, actor=principal.user_id
        )
        url = file_service.url_of(record.path)
        user = await service.get(session, principal.user_id)
        user.photo, user.update_date = url, now()
        session.add(user)
    # UserInfo's on-success reads ``path`` (and shows ``msg``)
    return {"success": True, "msg": translate("sys.user.photo_saved"), "url": url, "path": url}
