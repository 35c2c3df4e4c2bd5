"""Process categories: a tree (``loom_platform.tree``); save (name unique, no cycles), delete (a
category with its sub-categories)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from loom_platform import crud
from loom_platform import tree as trees
from loom_platform.tree import ROOT_PARENT
from loom_platform.wire import now
from loom_workflow.category.errors import CategoryNotFound, HasChildren, NameRequired, NameTaken, OwnParent
from loom_workflow.category.models import ActCategory
from loom_workflow.category.schemas import CategorySave


def render(category: ActCategory) -> dict[str, Any]:
    """A category as the client reads it."""
    return trees.render_node(category)


async def tree(session: AsyncSession) -> list[dict[str, Any]]:
    """Every category as a tree, by sort then name."""
    return await trees.whole_tree(session, ActCategory, render)


async def get(session: AsyncSession, category_id: str) -> ActCategory:
    """Gets a category by its id."""
    return await crud.get(session, ActCategory, category_id, CategoryNotFound(id=category_id))


async def _name_taken(session: AsyncSession, name: str, own_id: str | None) -> bool:
    query = select(func.count()).select_from(ActCategory).where(col(ActCategory.name) == name)
    if own_id:
        query = query.where(col(ActCategory.id) != own_id)
    return bool((await session.execute(query)).scalar_one())


async def save(session: AsyncSession, data: CategorySave, *, actor: str) -> ActCategory:
    """Creates or updates a category under its parent ('0' for a root)."""
    name = data.name.strip()
    if not name:
        raise NameRequired()
    if await _name_taken(session, name, data.id):
        raise NameTaken(name=name)
    category = await get(session, data.id) if data.id else ActCategory(create_by=actor, name=name)
    parent_id = data.parent_id or ROOT_PARENT
    await trees.place(session, ActCategory, category, parent_id, CategoryNotFound(id=parent_id), OwnParent())
    category.name = name
    category.sort = data.sort if data.sort is not None else category.sort
    category.remarks = data.remarks
    category.update_by, category.update_date = actor, now()
    session.add(category)
    await session.flush()
    return category


async def delete_many(session: AsyncSession, ids: Sequence[str]) -> None:
    """Deletes categories (one whose sub-categories are not deleted with it is refused)."""
    for category_id in ids:
        await get(session, category_id)
    for category in await trees.deletable(session, ActCategory, ids, HasChildren):
        await session.delete(category)
    await session.flush()
