"""Posts as a resource of the platform's one CRUD (``loom_platform.crud``): ``/sys/post/{list,
queryById,save,delete}``. Every signed-in user lists and reads them (the post picker)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.crud import Access, Resource
from loom_platform.i18n import translate
from loom_sys.post import service
from loom_sys.post.models import Post
from loom_sys.post.schemas import PostSave


async def _save(session: AsyncSession, body: PostSave, actor: str) -> str:
    return (await service.save(session, body, actor=actor)).name


async def _remove(session: AsyncSession, ids: Sequence[str]) -> None:
    await service.delete(session, ids)


def _saved(name: str) -> str:
    return translate("sys.saved", what=translate("sys.what.post"), name=name)


def _deleted() -> str:
    return translate("sys.deleted", what=translate("sys.what.post"))


POST = Resource(
    name="post",
    model=Post,
    wire=PostSave,
    access=Access(save=("sys:post:add", "sys:post:edit"), delete=("sys:post:del",)),
    like={"name": "name", "code": "code"},
    sortable={"name": "name", "code": "code", "sort": "sort", "create_date": "create_date"},
    order=("sort", "name"),
    render=service.render,
    save=_save,
    remove=_remove,
    saved=_saved,
    deleted=_deleted,
)
