"""Process categories: the tree, save (name unique, no cycles), delete (leaves only)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from loom_platform.wire import ROOT_PARENT, build_tree, now
from loom_workflow.category.errors import CategoryNotFound, HasChildren, NameRequired, NameTaken, OwnParent
from loom_workflow.category.models import ActCategory
from loom_workflow.category.schemas import CategorySave


def render(category: ActCategory) -> dict[str, Any]:
    """A category as the client reads it."""
    return {
        "id": category.id,
        "parentId": category.parent_id,
        "parentIds": category.parent_ids,
        "name": category.name,
        "sort": category.sort,
        "remarks": category.remarks,
    }


async def tree(session: AsyncSession) -> list[dict[str, Any]]:
    """Every category as a tree, by sort then name."""
    rows = (await session.execute(select(ActCategory))).scalars().all()
    return build_tree(rows, render)


async def get(session: AsyncSession, category_id: str) -> ActCategory:
    """Gets a category by its id."""
    found = await session.get(ActCategory, category_id)
    if found is None:
        raise CategoryNotFound(id=category_id)
    return found


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
    parent_id = data.parent_id or ROOT_PARENT
    parent_ids = f"{ROOT_PARENT},"
    if parent_id != ROOT_PARENT:
        parent = await get(session, parent_id)
        if data.id and (parent.id == data.id or f",{data.id}," in f",{parent.parent_ids}"):
            raise OwnParent()
        parent_ids = f"{parent.parent_ids}{parent.id},"
    category = await get(session, data.id) if data.id else ActCategory(create_by=actor, name=name)
    category.parent_id, category.parent_ids, category.name = parent_id, parent_ids, name
    category.sort = data.sort if data.sort is not None else category.sort
    category.remarks = data.remarks
    category.update_by, category.update_date = actor, now()
    session.add(category)
    await session.flush()
    return category


async def delete_many(session: AsyncSession, ids: Sequence[str]) -> None:
    """Deletes leaf categories (a category with children is refused)."""
    for category_id in ids:
        category = await get(session, category_id)
        children = (
            select(func.count()).select_from(ActCategory).where(col(ActCategory.parent_id) == category.id)
        )
        if (await session.execute(children)).scalar_one() and not set(ids) >= await _children_ids(
            session, category.id
        ):
            raise HasChildren()
    for category_id in ids:
        await session.delete(await get(session, category_id))
    await session.flush()


async def _children_ids(session: AsyncSession, category_id: str) -> set[str]:
    rows = await session.execute(
        select(col(ActCategory.id)).where(col(ActCategory.parent_ids).contains(f",{category_id},"))
    )
    return {r[0] for r in rows}
