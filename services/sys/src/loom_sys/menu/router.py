"""``/sys/menu/...``: the menu tree and the grant tree."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter

from loom_platform.auth import CurrentPrincipal, Principal, require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.http import message
from loom_platform.i18n import translate
from loom_platform.wire import split_ids
from loom_sys.menu import service
from loom_sys.menu.schemas import MenuSave

router = APIRouter(prefix="/sys/menu", tags=["menu"])

CanView = Annotated[Principal, require_permission("sys:menu:view", "sys:role:auth", "sys:role:view")]
CanSave = Annotated[Principal, require_permission("sys:menu:add", "sys:menu:edit")]
CanDelete = Annotated[Principal, require_permission("sys:menu:del")]


@router.get("/treeData")
async def tree_data(session: SessionDep, _: CurrentPrincipal, type: str = "") -> Any:
    """Menus as a tree (parent-menu selects need it); ``type=0,1`` leaves buttons out."""
    return await service.tree_data(session, types=split_ids(type))


@router.get("/authTreeData")
async def auth_tree_data(session: SessionDep, _: CanView) -> Any:
    """Every menu and button, for granting to a role."""
    return await service.auth_tree_data(session)


@router.get("/queryById")
async def query_by_id(session: SessionDep, _: CanView, id: str) -> Any:
    return service.render(await service.get(session, id))


@router.post("/save")
async def save(session: SessionDep, body: MenuSave, principal: CanSave) -> Any:
    """Creates or updates a menu."""
    async with transaction(session):
        menu = await service.save(session, body, actor=principal.user_id)
    return message(translate("sys.saved", what=translate("sys.what.menu"), name=menu.name))


@router.delete("/delete")
async def delete(session: SessionDep, _: CanDelete, ids: str = "") -> Any:
    """Deletes menus (children must go with them)."""
    async with transaction(session):
        await service.delete(session, split_ids(ids))
    return message(translate("sys.deleted", what=translate("sys.what.menu")))
