"""``/sys/office/...``: the organisation tree."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter

from loom_platform.auth import CurrentPrincipal, Principal, require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.openapi import RECORD, TREE
from loom_platform.paging import empty_filter
from loom_platform.wire import split_ids
from loom_sys.office import service
from loom_sys.office.schemas import OfficeSave

router = APIRouter(prefix="/sys/office", tags=["office"])

CanView = Annotated[Principal, require_permission("sys:office:view")]
CanSave = Annotated[Principal, require_permission("sys:office:add", "sys:office:edit")]
CanDelete = Annotated[Principal, require_permission("sys:office:del")]


@router.get("/treeData", openapi_extra=TREE)
async def tree_data(
    session: SessionDep, _: CurrentPrincipal, type: str | None = None, showAll: str = ""
) -> Any:  # noqa: N803
    """The office tree (every logged-in user picks offices in forms)."""
    return await service.tree_data(session, office_type=empty_filter(type), show_all=showAll == "1")


@router.get("/queryById", openapi_extra=RECORD)
async def query_by_id(session: SessionDep, _: CurrentPrincipal, id: str) -> Any:
    """One office (pickers read names by id)."""
    return await service.rendered(session, await service.get(session, id))


@router.post("/save")
async def save(session: SessionDep, body: OfficeSave, principal: CanSave) -> Message:
    """Creates or updates an office."""
    async with transaction(session):
        office = await service.save(session, body, actor=principal.user_id)
    return message(translate("sys.saved", what=translate("sys.what.office"), name=office.name))


@router.delete("/delete")
async def delete(session: SessionDep, _: CanDelete, ids: str = "") -> Message:
    """Deletes offices without children or users."""
    async with transaction(session):
        await service.delete(session, split_ids(ids))
    return message(translate("sys.deleted", what=translate("sys.what.office")))
