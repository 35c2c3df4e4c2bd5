"""``/sys/menu/...``: the menu tree and the grant tree, and the CRUD of ``resources.py``."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request

from loom_platform.auth import Principal, holds_any, require_permission
from loom_platform.crud import add_routes
from loom_platform.db import SessionDep
from loom_platform.wire import split_ids
from loom_sys.caller import CallerDep
from loom_sys.menu import service
from loom_sys.menu.resources import MENU
from loom_sys.menu.schemas import MenuGrantNode, MenuNode

router = APIRouter(prefix="/sys/menu", tags=["menu"])

CanView = Annotated[Principal, require_permission("sys:menu:view", "sys:role:auth", "sys:role:view")]


# Who may see the whole tree with its permission strings: menu and role administrators, and
# those who create menus from gencode tables and forms (their dialogs pick a parent menu).
MENU_READERS = (
    "sys:menu:view", "sys:menu:add", "sys:menu:edit", "sys:role:view", "sys:role:auth",
    "gencode:genTable:createMenu", "form:make:createMenu",
)  # fmt: skip


@router.get("/treeData", response_model=list[MenuNode])
async def tree_data(request: Request, session: SessionDep, caller: CallerDep, type: str = "") -> Any:
    """Menus as a tree (parent-menu selects need it); ``type=0,1`` leaves buttons out.

    Anyone else sees only the menus granted to them, without permission strings.
    """
    tree = await service.tree_data(session, types=split_ids(type))
    if holds_any(request, *MENU_READERS):
        return tree
    return _only_granted(tree, await caller.granted_menu_ids())


def _only_granted(nodes: list[dict[str, Any]], granted: set[str]) -> list[dict[str, Any]]:
    kept = []
    for node in nodes:
        children = _only_granted(node.get("children") or [], granted)
        if node["id"] in granted or children:
            kept.append({**node, "permission": "", "children": children})
    return kept


@router.get("/authTreeData", response_model=list[MenuGrantNode])
async def auth_tree_data(session: SessionDep, _: CanView) -> Any:
    """Every menu and button, for granting to a role."""
    return await service.auth_tree_data(session)


add_routes(router, MENU)
