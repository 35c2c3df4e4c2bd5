"""``/extension/flowCopy/...``: copy an instance to users, the receiver's list, read marks."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

import loom_workflow.flowcopy.messages  # noqa: F401  (registers the texts)
from loom_platform import logtitles
from loom_platform.auth import CurrentPrincipal
from loom_platform.db import SessionDep, transaction
from loom_platform.fields import id_list, request_fields
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.openapi import fields_body
from loom_platform.paging import Page, PageDep, empty_filter
from loom_platform.wire import split_ids
from loom_workflow.engine_host import runtime_of
from loom_workflow.flowcopy import service
from loom_workflow.flowcopy.access import is_monitor
from loom_workflow.flowcopy.errors import InstanceRequired, ReceiverRequired, UnknownReceiver
from loom_workflow.flowcopy.schemas import CopyPublic
from loom_workflow.users import user_infos, user_roles

router = APIRouter(
    prefix="/extension/flowCopy", tags=["flowCopy"], dependencies=[logtitles.under("extension:flowCopy")]
)


@router.post(
    "/save",
    openapi_extra=fields_body(
        procInsId="the instance", taskId="the task it is copied from", userIds="users, comma-joined"
    ),
)
async def save(request: Request, session: SessionDep, principal: CurrentPrincipal) -> Message:
    """Copies an instance to users (``procInsId``, ``taskId`` optional, ``userIds`` comma-joined).
    Only someone involved in the instance, or a monitor, may copy it."""
    f = await request_fields(request)
    proc_ins_id = f.get("procInsId") or f.get("processInstanceId") or ""
    users = id_list(f.get("userIds"))
    if not proc_ins_id:
        raise InstanceRequired()
    if not users:
        raise ReceiverRequired()
    known = await user_infos(request.app.state.directory, users)
    for user in users:
        if user not in known:
            raise UnknownReceiver(id=user)
    groups = await user_roles(request.app.state.directory, principal.user_id)
    await runtime_of(request.app).settle_history(actor=principal.user_id, instances=[proc_ins_id])
    async with transaction(session):
        await service.check_visible(
            session, proc_ins_id, principal.user_id, groups, monitor=is_monitor(request)
        )
        await service.create(
            session,
            proc_ins_id=proc_ins_id,
            task_id=f.get("taskId") or "",
            user_ids=users,
            actor=principal.user_id,
        )
    return message(translate("workflow.copy.sent"))


@router.get("/list", response_model=Page[CopyPublic])
async def list_copies(
    request: Request,
    session: SessionDep,
    page: PageDep,
    principal: CurrentPrincipal,
    procInsName: str | None = None,
) -> Any:  # noqa: N803
    """The copies sent to the caller, newest first (``status`` '0' unread, '1' read)."""
    return await service.page(
        session, request.app.state.directory, page, user_id=principal.user_id, title=empty_filter(procInsName)
    )


@router.put("/read")
async def read(session: SessionDep, principal: CurrentPrincipal, ids: str = "") -> Message:
    """Marks the caller's copies read."""
    async with transaction(session):
        await service.mark_read(session, split_ids(ids), user_id=principal.user_id)
    return message(translate("workflow.copy.read"))


@router.delete("/delete")
async def delete(session: SessionDep, principal: CurrentPrincipal, ids: str = "") -> Message:
    """Deletes the caller's copies (a copy is the receiver's own)."""
    async with transaction(session):
        await service.delete(session, split_ids(ids), user_id=principal.user_id)
    return message(translate("workflow.copy.deleted"))
