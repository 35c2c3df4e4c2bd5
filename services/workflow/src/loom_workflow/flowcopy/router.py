"""``/extension/flowCopy/...``: copy an instance to users, the receiver's list, read marks."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

import loom_workflow.flowcopy.messages  # noqa: F401  (registers the texts)
from loom_platform import logtitles
from loom_platform.auth import CurrentPrincipal
from loom_platform.db import SessionDep, transaction
from loom_platform.fields import RequestFields, id_list
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.openapi import fields_body
from loom_platform.paging import Page, PageDep, empty_filter
from loom_platform.wire import split_ids
from loom_workflow.engine_host import RuntimeDep
from loom_workflow.flowcopy import service
from loom_workflow.flowcopy.access import Rights
from loom_workflow.flowcopy.errors import InstanceRequired, ReceiverRequired, UnknownReceiver
from loom_workflow.flowcopy.schemas import CopyPublic
from loom_workflow.users import user_infos

router = APIRouter(
    prefix="/extension/flowCopy", tags=["flowCopy"], dependencies=[logtitles.under("extension:flowCopy")]
)


@router.post(
    "/save",
    openapi_extra=fields_body(
        procInsId="the instance", taskId="the task it is copied from", userIds="users, comma-joined"
    ),
)
async def save(runtime: RuntimeDep, session: SessionDep, rights: Rights, f: RequestFields) -> Message:
    """Copies an instance to users (``procInsId``, ``taskId`` optional, ``userIds`` comma-joined).
    Only someone involved in the instance, or a monitor, may copy it."""
    proc_ins_id = f.get("procInsId") or f.get("processInstanceId") or ""
    users = id_list(f.get("userIds"))
    if not proc_ins_id:
        raise InstanceRequired()
    if not users:
        raise ReceiverRequired()
    known = await user_infos(runtime.directory, users)
    for user in users:
        if user not in known:
            raise UnknownReceiver(id=user)
    async with transaction(session):
        await rights.require(session, proc_ins_id)
        await service.create(
            session,
            proc_ins_id=proc_ins_id,
            task_id=f.get("taskId") or "",
            user_ids=users,
            actor=rights.user_id,
        )
    return message(translate("workflow.copy.sent"))


@router.get("/list", response_model=Page[CopyPublic])
async def list_copies(
    runtime: RuntimeDep,
    session: SessionDep,
    page: PageDep,
    principal: CurrentPrincipal,
    procInsName: str | None = None,
) -> Any:  # noqa: N803
    """The copies sent to the caller, newest first (``status`` '0' unread, '1' read)."""
    return await service.page(
        session, runtime.directory, page, user_id=principal.user_id, title=empty_filter(procInsName)
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
