"""``/extension/actCategory/...``: the process-category tree of the model and definition lists."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter

from loom_platform.auth import CurrentPrincipal, Principal, require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.openapi import RECORD, TREE
from loom_platform.wire import split_ids
from loom_workflow.category import service
from loom_workflow.category.schemas import CategorySave

router = APIRouter(prefix="/extension/actCategory", tags=["category"])

CanView = Annotated[Principal, require_permission("extension:actCategory:view", "extension:actCategory:edit")]
CanSave = Annotated[Principal, require_permission("extension:actCategory:add", "extension:actCategory:edit")]
CanDelete = Annotated[Principal, require_permission("extension:actCategory:del")]


@router.get("/treeData", openapi_extra=TREE)
async def tree_data(session: SessionDep, _: CurrentPrincipal) -> Any:
    """The category tree (every designer reads it: the model and definition lists filter by it)."""
    return await service.tree(session)


@router.get("/queryById", openapi_extra=RECORD)
async def query_by_id(session: SessionDep, _: CanView, id: str) -> Any:
    """One category."""
    return service.render(await service.get(session, id))


@router.post("/save")
async def save(session: SessionDep, body: CategorySave, principal: CanSave) -> Message:
    """Creates or updates a category."""
    async with transaction(session):
        category = await service.save(session, body, actor=principal.user_id)
    return message(translate("workflow.category.saved", name=category.name))


@router.delete("/delete")
async def delete(session: SessionDep, _: CanDelete, ids: str = "") -> Message:
    """Deletes categories without sub-categories."""
    async with transaction(session):
        await service.delete_many(session, split_ids(ids))
    return message(translate("workflow.category.deleted"))
