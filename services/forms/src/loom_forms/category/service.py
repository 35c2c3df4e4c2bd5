"""The category tree of process form definitions (placed and deleted by ``loom_platform.tree``;
``resources.py`` serves them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import column, func, select, table
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_forms.category.errors import CategoryNotFound, HasChildren, OwnParent
from loom_forms.category.models import FormCategory
from loom_forms.category.schemas import CategorySave
from loom_forms.common import publish, required_name, text_of, touch
from loom_platform import crud
from loom_platform import tree as trees
from loom_platform.tree import ROOT_PARENT
from loom_platform.wire import new_id

# Definitions stand above their categories (they name theirs), so a category asks whether it still
# holds one of their table by name rather than importing their model: domains import only downward.
_DEFINITIONS = table("form_definition", column("category_id"))


def render(node: FormCategory) -> dict[str, Any]:
    """A category as the client reads it."""
    return trees.render_node(node, label=node.name)


async def tree(session: AsyncSession) -> list[dict[str, Any]]:
    """Every category as a tree (roots have parent '0')."""
    return await trees.whole_tree(session, FormCategory, render)


async def get(session: AsyncSession, category_id: str) -> FormCategory:
    """A category, or NotFound."""
    return await crud.get(session, FormCategory, category_id, CategoryNotFound())


async def save(session: AsyncSession, body: CategorySave) -> FormCategory:
    """Creates or updates a category; a category cannot move below itself."""
    name = required_name(body.name)
    parent = body.parent if isinstance(body.parent, dict) else {}
    parent_id = text_of(parent.get("id") or body.parent_id) or ROOT_PARENT
    record = await session.get(FormCategory, text_of(body.id)) if body.id else None
    created = record is None
    if record is None:
        record = FormCategory(id=text_of(body.id) or new_id(), name=name)
    await trees.place(session, FormCategory, record, parent_id, CategoryNotFound(), OwnParent())
    record.name = name
    sort = text_of(body.sort) or "30"
    record.sort = int(sort) if sort.isdigit() and int(sort) <= 99999 else 30
    record.remarks = text_of(body.remarks) or None
    touch(record, created=created)
    session.add(record)
    await session.flush()
    publish(session, "category", record.id, "created" if created else "saved", name)
    return record


async def delete(session: AsyncSession, ids: Sequence[str]) -> None:
    """Deletes categories that hold no forms; one whose sub-categories are not deleted with it is refused."""
    for record in await trees.deletable(session, FormCategory, ids, HasChildren):
        forms = await session.scalar(
            select(func.count()).select_from(_DEFINITIONS).where(_DEFINITIONS.c.category_id == record.id)
        )
        if forms:
            raise HasChildren()
        await session.delete(record)
        publish(session, "category", record.id, "deleted", record.name)
    await session.flush()
