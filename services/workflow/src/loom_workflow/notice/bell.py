"""The JeePlus client's header bell, which it fills at every login: ``GET /notify/list`` (通知: the
caller's notices, in the shape of JeePlus's announcements) and ``GET /mail/box/list`` (站内信:
Loom keeps no mailbox, so its page is empty)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from loom_platform.auth import CurrentPrincipal
from loom_platform.db import SessionDep
from loom_platform.paging import PageDep, page_body
from loom_workflow.notice import service
from loom_workflow.notice.schemas import AnnouncementPage, MailPage

router = APIRouter(tags=["notice"])


@router.get("/notify/list", response_model=AnnouncementPage)
async def announcements(
    session: SessionDep,
    principal: CurrentPrincipal,
    params: PageDep,
    readFlag: str = "",  # noqa: N803 - the client's name
) -> Any:
    """The caller's notices, newest first (``readFlag=0``: unread ones only); the client also sends
    ``isSelf=true``, and a user's notices are only ever their own."""
    unread = readFlag == "0"
    return await service.page(session, principal.user_id, params, unread, shape=service.as_announcement)


@router.get("/mail/box/list", response_model=MailPage)
async def mailbox(_: CurrentPrincipal, params: PageDep) -> Any:
    """The caller's received mail: none (Loom has no mailbox; its notices are on ``/notify/list``)."""
    return page_body([], 0, params)
