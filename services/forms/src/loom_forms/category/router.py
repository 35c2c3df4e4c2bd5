"""HTTP routes of the category tree: /extension/formCategory/*."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from loom_forms.category import service
from loom_forms.common import form_body
from loom_platform.auth import require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.http import JSON, message
from loom_platform.i18n import translate
from loom_platform.wire import split_ids

router = APIRouter(prefix="/extension/formCategory")
PERM = "extension:formDefinition"


@router.get("/treeData", dependencies=[require_permission(f"{PERM}:view")])
async def tree_data(session: SessionDep) -> list[dict[str, Any]]:
    """The category tree (a bare array of nodes with children)."""
    return await service.tree(session)


@router.get("/queryById", dependencies=[require_permission(f"{PERM}:view")])
async def query_by_id(session: SessionDep, id: str) -> dict[str, Any]:  # noqa: A002 - the wire name
    """One category."""
    return service.render(await service.get(session, id))


@router.post("/save", dependencies=[require_permission(f"{PERM}:add", f"{PERM}:edit")])
async def save(session: SessionDep, request: Request) -> JSON:
    """Creates or updates a category."""
    body = await form_body(request)
    async with transaction(session):
        record = await service.save(session, body)
    return message(translate("forms.saved", what=record.name))


@router.delete("/delete", dependencies=[require_permission(f"{PERM}:del")])
async def delete(session: SessionDep, ids: str = "") -> JSON:
    """Deletes empty categories ``?ids=a,b``."""
    async with transaction(session):
        await service.delete(session, split_ids(ids))
    return message(translate("forms.deleted", what=""))
