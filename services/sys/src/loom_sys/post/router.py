"""``/sys/post/...``: posts."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter

from loom_platform.auth import CurrentPrincipal, Principal, require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.openapi import RECORD
from loom_platform.paging import PageDep, empty_filter
from loom_platform.wire import split_ids
from loom_sys.post import service
from loom_sys.post.schemas import PostSave

router = APIRouter(prefix="/sys/post", tags=["post"])

CanSave = Annotated[Principal, require_permission("sys:post:add", "sys:post:edit")]
CanDelete = Annotated[Principal, require_permission("sys:post:del")]


@router.get("/list")
async def list_posts(
    session: SessionDep, page: PageDep, _: CurrentPrincipal, name: str | None = None, code: str | None = None
) -> Any:
    """Posts, paged (the post picker uses it too)."""
    return await service.page(session, page, name=empty_filter(name), code=empty_filter(code))


@router.get("/queryById", openapi_extra=RECORD)
async def query_by_id(session: SessionDep, _: CurrentPrincipal, id: str) -> Any:
    return service.render(await service.get(session, id))


@router.post("/save")
async def save(session: SessionDep, body: PostSave, principal: CanSave) -> Message:
    """Creates or updates a post."""
    async with transaction(session):
        post = await service.save(session, body, actor=principal.user_id)
    return message(translate("sys.saved", what=translate("sys.what.post"), name=post.name))


@router.delete("/delete")
async def delete(session: SessionDep, _: CanDelete, ids: str = "") -> Message:
    async with transaction(session):
        await service.delete(session, split_ids(ids))
    return message(translate("sys.deleted", what=translate("sys.what.post")))
