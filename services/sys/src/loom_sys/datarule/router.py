"""``/sys/dataRule/...``: the data rules of menus (数据权限)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter

from loom_platform.auth import Principal, require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.paging import Page, PageDep, empty_filter
from loom_platform.wire import split_ids
from loom_sys.datarule import service
from loom_sys.datarule.schemas import DataRuleNode, DataRulePublic, DataRuleSave

router = APIRouter(prefix="/sys/dataRule", tags=["dataRule"])

CanView = Annotated[Principal, require_permission("sys:menu:view", "sys:menu:edit")]
CanEdit = Annotated[Principal, require_permission("sys:menu:edit")]
CanGrant = Annotated[Principal, require_permission("sys:role:auth", "sys:role:edit", "sys:menu:view")]


@router.get("/list", response_model=Page[DataRulePublic])
async def list_rules(
    session: SessionDep,
    page: PageDep,
    _: CanView,
    menuId: str | None = None,  # noqa: N803
    name: str | None = None,
) -> Any:
    """A menu's data rules, paged (``menuId``)."""
    return await service.page(session, page, menu_id=empty_filter(menuId), name=empty_filter(name))


@router.get("/queryById", response_model=DataRulePublic)
async def query_by_id(session: SessionDep, _: CanView, id: str) -> Any:
    """One data rule."""
    return service.render(await service.get(session, id))


@router.post("/save")
async def save(session: SessionDep, body: DataRuleSave, principal: CanEdit) -> Message:
    """Creates or updates a rule; a rule that cannot compile is refused with the reason."""
    async with transaction(session):
        await service.save(session, body, actor=principal.user_id)
    return message(translate("sys.datarule.saved"))


@router.delete("/delete")
async def delete(session: SessionDep, _: CanEdit, id: str = "", ids: str = "") -> Message:
    """Deletes a rule (``id``; ``ids`` for several)."""
    async with transaction(session):
        await service.delete(session, split_ids(ids or id))
    return message(translate("sys.datarule.deleted"))


@router.get("/treeData", response_model=list[DataRuleNode])
async def tree_data(session: SessionDep, _: CanGrant) -> Any:
    """Menus with rules, the rules as leaves ``dataRule-<id>`` (the role's grant screen)."""
    return await service.tree_data(session)
