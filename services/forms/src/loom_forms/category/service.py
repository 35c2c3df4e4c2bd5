"""The category tree of process form definitions."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_forms.category.models import FormCategory
from loom_forms.common import publish, text_of, touch
from loom_forms.definition.models import FormDefinition
from loom_platform.errors import FailedPrecondition, InvalidArgument, NotFound
from loom_platform.wire import ROOT_PARENT, build_tree, new_id


def render(node: FormCategory) -> dict[str, Any]:
    """A category as the client reads it."""
    return {
        "id": node.id,
        "parentId": node.parent_id,
        "parentIds": node.parent_ids,
        "name": node.name,
        "label": node.name,
        "sort": node.sort,
        "remarks": node.remarks,
    }


async def tree(session: AsyncSession) -> list[dict[str, Any]]:
    """Every category as a tree (roots have parent '0')."""
    nodes = (await session.execute(select(FormCategory))).scalars().all()
    return build_tree(nodes, render)


async def get(session: AsyncSession, category_id: str) -> FormCategory:
    """A category, or NotFound."""
    record = await session.get(FormCategory, category_id)
    if record is None:
        raise NotFound()
    return record


async def save(session: AsyncSession, body: dict[str, Any]) -> FormCategory:
    """Creates or updates a category; a category cannot move below itself."""
    name = text_of(body.get("name"))
    if not name:
        raise InvalidArgument("forms.name_required")
    if len(name) > 100:
        raise InvalidArgument("forms.too_long", field="name", max=100)
    parent = body.get("parent") if isinstance(body.get("parent"), dict) else {}
    parent_id = text_of(parent.get("id") or body.get("parentId")) or ROOT_PARENT
    record = await session.get(FormCategory, text_of(body.get("id"))) if body.get("id") else None
    created = record is None
    if record is None:
        record = FormCategory(id=text_of(body.get("id")) or new_id(), name=name)
    parent_ids = "0,"
    if parent_id != ROOT_PARENT:
        parent_node = await get(session, parent_id)
        if parent_node.id == record.id or f",{record.id}," in f",{parent_node.parent_ids}":
            raise InvalidArgument("forms.category.own_parent")
        parent_ids = f"{parent_node.parent_ids}{parent_node.id},"
    record.name, record.parent_id, record.parent_ids = name, parent_id, parent_ids
    sort = text_of(body.get("sort")) or "30"
    record.sort = int(sort) if sort.isdigit() and int(sort) <= 99999 else 30
    record.remarks = text_of(body.get("remarks")) or None
    touch(record, created=created)
    session.add(record)
    await session.flush()
    publish(session, "category", record.id, "created" if created else "saved", name)
    return record


async def delete(session: AsyncSession, ids: list[str]) -> None:
    """Deletes empty categories; one with children or forms is refused."""
    for category_id in ids:
        record = await session.get(FormCategory, category_id)
        if record is None:
            continue
        children = await session.scalar(
            select(func.count()).select_from(FormCategory).where(FormCategory.parent_id == category_id)  # type: ignore[arg-type]
        )
        forms = await session.scalar(
            select(func.count()).select_from(FormDefinition).where(FormDefinition.category_id == category_id)  # type: ignore[arg-type]
        )
        if children or forms:
            raise FailedPrecondition("forms.category.has_children")
        await session.delete(record)
        publish(session, "category", category_id, "deleted", record.name)
    await session.flush()
