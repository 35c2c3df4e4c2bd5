"""``/sys/office/...``: the organisation tree."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request

from loom_platform.auth import Principal, holds_any, require_permission
from loom_platform.datarules import DataAccess
from loom_platform.db import SessionDep, transaction
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.paging import empty_filter
from loom_platform.wire import split_ids
from loom_sys.caller import Caller, CallerDep
from loom_sys.office import service
from loom_sys.office.schemas import OfficeNode, OfficePublic, OfficeSave

router = APIRouter(prefix="/sys/office", tags=["office"])

CanView = Annotated[Principal, require_permission("sys:office:view")]
CanSave = Annotated[Principal, require_permission("sys:office:add", "sys:office:edit")]
CanDelete = Annotated[Principal, require_permission("sys:office:del")]


async def _scope(request: Request, caller: Caller) -> DataAccess | None:
    """The caller's data access through the office menu (``sys:office:view``); ``None`` for a
    picker (every signed-in user picks offices in forms and reads their names)."""
    if not holds_any(request, "sys:office:view"):
        return None
    return await caller.data_access("sys:office:view")


@router.get("/treeData", response_model=list[OfficeNode])
async def tree_data(
    request: Request, session: SessionDep, caller: CallerDep, type: str | None = None, showAll: str = ""
) -> Any:  # noqa: N803
    """The office tree (every logged-in user picks offices in forms); the office administration
    (holders of ``sys:office:view``) sees the offices its data scope reaches."""
    return await service.tree_data(
        session,
        office_type=empty_filter(type),
        show_all=showAll == "1",
        access=await _scope(request, caller),
    )


@router.get("/queryById", response_model=OfficePublic)
async def query_by_id(request: Request, session: SessionDep, caller: CallerDep, id: str) -> Any:
    """One office (pickers read names by id; 404 outside an administrator's data scope)."""
    return await service.rendered(session, await service.get(session, id, await _scope(request, caller)))


@router.post("/save")
async def save(session: SessionDep, body: OfficeSave, principal: CanSave, caller: CallerDep) -> Message:
    """Creates or updates an office (editing one outside the caller's data scope is 404)."""
    access = await caller.data_access("sys:office:view")
    async with transaction(session):
        office = await service.save(session, body, actor=principal.user_id, access=access)
    return message(translate("sys.saved", what=translate("sys.what.office"), name=office.name))


@router.delete("/delete")
async def delete(session: SessionDep, _: CanDelete, caller: CallerDep, ids: str = "") -> Message:
    """Deletes offices without children or users (404 when one lies outside the caller's data scope)."""
    access = await caller.data_access("sys:office:view")
    async with transaction(session):
        await service.check_within(session, split_ids(ids), access)
        await service.delete(session, split_ids(ids))
    return message(translate("sys.deleted", what=translate("sys.what.office")))
