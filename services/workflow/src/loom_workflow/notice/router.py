"""``/flowable/notice/*``: the caller's notice centre — list, unread count, mark read, and a live
stream of new notices (server-sent events through the gateway)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import orjson
from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse

from loom_platform import logtitles
from loom_platform.auth import CurrentPrincipal
from loom_platform.db import SessionDep, transaction
from loom_platform.http import Message, message
from loom_platform.i18n import EN, ZH, register, translate
from loom_platform.paging import PageDep
from loom_platform.wire import split_ids
from loom_workflow.notice import service
from loom_workflow.notice.schemas import NoticePage, UnreadCount

router = APIRouter(prefix="/flowable/notice", tags=["notice"], dependencies=[logtitles.under("notices")])
register({"workflow.notice.read": {ZH: "已标记为已读", EN: "Marked as read"}})
# A comment line this often keeps the stream open through proxies and tells a dead client apart.
HEARTBEAT_SECONDS = 15.0

STREAM = {
    "responses": {
        "200": {
            "description": "Server-sent events: `unread` ({count}) first, then `notice` (a notice) as they come",
            "content": {"text/event-stream": {"schema": {"type": "string"}}},
        }
    }
}


@router.get("/list", response_model=NoticePage)
async def page(session: SessionDep, principal: CurrentPrincipal, params: PageDep, unread: str = "") -> Any:
    """The caller's notices, newest first (``unread=1``: unread ones only), with ``unread``, the count."""
    return await service.page(session, principal.user_id, params, only_unread=unread in ("1", "true"))


@router.get("/unread", response_model=UnreadCount)
async def unread(session: SessionDep, principal: CurrentPrincipal) -> dict[str, int]:
    """``{count}``: how many of the caller's notices are unread."""
    return {"count": await service.unread(session, principal.user_id)}


@router.put("/read")
async def read(session: SessionDep, principal: CurrentPrincipal, ids: str = "") -> Message:
    """Marks the caller's notices ``ids`` read (none given: all of them)."""
    async with transaction(session):
        await service.mark_read(session, principal.user_id, split_ids(ids) if ids else None)
    return message(translate("workflow.notice.read"))


@router.get("/stream", openapi_extra=STREAM)
async def stream(request: Request, session: SessionDep, principal: CurrentPrincipal) -> StreamingResponse:
    """The caller's new notices as they come, as server-sent events."""
    hub = request.app.state.notice_hub
    count = await service.unread(session, principal.user_id)
    await session.close()  # the stream holds no database connection while it waits

    async def events() -> AsyncIterator[bytes]:
        async with hub.stream(principal.user_id) as queue:
            yield _event("unread", {"count": count})
            while not await request.is_disconnected():
                try:
                    notice = await asyncio.wait_for(queue.get(), HEARTBEAT_SECONDS)
                except TimeoutError:
                    yield b": keep-alive\n\n"
                    continue
                yield _event("notice", notice)

    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    return StreamingResponse(events(), media_type="text/event-stream", headers=headers)


def _event(name: str, data: Any) -> bytes:
    return b"event: " + name.encode() + b"\ndata: " + orjson.dumps(data) + b"\n\n"
