"""``/sys/log/...``: the operation and login log (list, one's own, delete, empty)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request

from loom_platform.auth import CurrentPrincipal, Principal, require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.paging import Page, PageDep, empty_filter
from loom_platform.wire import split_ids
from loom_sys.log import service
from loom_sys.log.schemas import LogPublic

router = APIRouter(prefix="/sys/log", tags=["log"])

CanList = Annotated[Principal, require_permission("sys:log:list")]
CanDelete = Annotated[Principal, require_permission("sys:log:del")]


def _filters(request: Request) -> dict[str, str | None]:
    q = request.query_params
    return {
        "type_": empty_filter(q.get("type")),
        "title": empty_filter(q.get("title")),
        "user_name": empty_filter(q.get("createBy.name")),
        "request_uri": empty_filter(q.get("requestUri")),
        "begin": empty_filter(q.get("beginCreateDate")),
        "end": empty_filter(q.get("endCreateDate")),
    }


@router.get("/list", response_model=Page[LogPublic])
async def list_logs(request: Request, session: SessionDep, page: PageDep, _: CanList) -> Any:
    """Logs, newest first; filters ``type``, ``title``, ``createBy.name``, ``requestUri``,
    ``beginCreateDate`` and ``endCreateDate``."""
    return await service.page(session, page, **_filters(request))


@router.get("/data/mine", response_model=Page[LogPublic])
async def mine(request: Request, session: SessionDep, page: PageDep, principal: CurrentPrincipal) -> Any:
    """The caller's own logs, with the same filters."""
    return await service.page(session, page, user_id=principal.user_id, **_filters(request))


@router.delete("/delete")
async def delete(session: SessionDep, _: CanDelete, ids: str = "") -> Message:
    """Deletes log rows."""
    async with transaction(session):
        await service.delete(session, split_ids(ids))
    return message(translate("sys.log.deleted"))


@router.delete("/empty")
async def empty(session: SessionDep, _: CanDelete) -> Message:
    """Deletes every log row."""
    async with transaction(session):
        await service.empty(session)
    return message(translate("sys.log.emptied"))
