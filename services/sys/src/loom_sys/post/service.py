"""Posts (job positions): saving and deleting them (``resources.py`` serves them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import column, table
from sqlalchemy import delete as sql_delete
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform import crud
from loom_platform.errors import integrity_as
from loom_platform.wire import camel_fields, now
from loom_sys import events
from loom_sys.post.errors import PostCodeTaken
from loom_sys.post.models import Post
from loom_sys.post.schemas import PostSave

# Users stand above the posts they hold, so a deleted post drops their links of the link table by name
# rather than importing the user's model: domains import only downward.
_USER_POSTS = table("sys_user_post", column("post_id"))


def render(post: Post) -> dict[str, Any]:
    """A post as the client reads it."""
    return camel_fields(post, "id", "name", "code", "type", "status", "sort", "remarks")


async def get(session: AsyncSession, post_id: str) -> Post:
    """Gets a post by its id."""
    return await crud.get(session, Post, post_id)


async def save(session: AsyncSession, data: PostSave, *, actor: str) -> Post:
    """Creates or updates a post; codes are unique."""
    post = await get(session, data.id) if data.id else Post(name=data.name, code=data.code, create_by=actor)
    for field in ("name", "code", "type", "status", "sort", "remarks"):
        setattr(post, field, getattr(data, field))
    post.update_by, post.update_date = actor, now()
    session.add(post)
    with integrity_as(PostCodeTaken(name=data.name)):
        await session.flush()
    events.post_changed(session, post.id, events.UPDATED if data.id else events.CREATED)
    return post


async def delete(session: AsyncSession, ids: Sequence[str]) -> None:
    """Deletes posts and their users' links to them (unknown ids are skipped)."""
    for post_id in ids:
        await session.execute(sql_delete(_USER_POSTS).where(_USER_POSTS.c.post_id == post_id))
        post = await session.get(Post, post_id)
        if post is not None:
            await session.delete(post)
            events.post_changed(session, post_id, events.DELETED)
    await session.flush()
