"""HTTP routes of the category tree: /extension/formCategory/*."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from loom_forms.category import service
from loom_platform.auth import require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.fields import request_fields
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.openapi import fields_body
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


@router.post(
    "/save",
    openapi_extra=fields_body(
        id="the category (none: a new one)", name="its name", parentId="the parent category"
    ),
    dependencies=[require_permission(f"{PERM}:add", f"{PERM}:edit")],
)
async def save(session: SessionDep, request: Request) -> Message:
    """Creates or updates a category."""
    body = await request_fields(request, text=False)
    async with transaction(session):
        record = await service.save(session, body)
    return message(translate("forms.saved", what=record.name))


@router.delete("/delete", dependencies=[require_permission(f"{PERM}:del")])
async def delete(session: SessionDep, ids: str = "") -> Message:
    """Deletes empty categories ``?ids=a,b``."""
    async with transaction(session):
        await service.delete(session, split_ids(ids))
    return message(translate("forms.deleted", what=""))
