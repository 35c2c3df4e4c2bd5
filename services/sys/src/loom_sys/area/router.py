"""``/sys/area/...``: the area tree."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter

from loom_platform.auth import CurrentPrincipal, Principal, require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.openapi import RECORD, TREE
from loom_platform.wire import split_ids
from loom_sys.area import service
from loom_sys.area.schemas import AreaSave

router = APIRouter(prefix="/sys/area", tags=["area"])

CanSave = Annotated[Principal, require_permission("sys:area:add", "sys:area:edit")]
CanDelete = Annotated[Principal, require_permission("sys:area:del")]


@router.get("/treeData", openapi_extra=TREE)
async def tree_data(session: SessionDep, _: CurrentPrincipal) -> Any:
    """The area tree (area selects in forms)."""
    return await service.tree_data(session)


@router.get("/queryById", openapi_extra=RECORD)
async def query_by_id(session: SessionDep, _: CurrentPrincipal, id: str) -> Any:
    return service.render(await service.get(session, id))


@router.post("/save")
async def save(session: SessionDep, body: AreaSave, principal: CanSave) -> Message:
    """Creates or updates an area."""
    async with transaction(session):
        area = await service.save(session, body, actor=principal.user_id)
    return message(translate("sys.saved", what=translate("sys.what.area"), name=area.name))


@router.delete("/delete")
async def delete(session: SessionDep, _: CanDelete, ids: str = "") -> Message:
    async with transaction(session):
        await service.delete(session, split_ids(ids))
    return message(translate("sys.deleted", what=translate("sys.what.area")))
