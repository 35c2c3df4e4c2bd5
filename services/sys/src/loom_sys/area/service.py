"""Areas: a tree of regions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform import crud, tree
from loom_sys import tree_nodes
from loom_sys.area.errors import AreaHasChildren, AreaParentMissing
from loom_sys.area.models import Area
from loom_sys.area.schemas import AreaSave


def render(area: Area) -> dict[str, Any]:
    """An area as the client reads it."""
    return tree.render_node(area, label=area.name, code=area.code, type=area.type)


async def tree_data(session: AsyncSession) -> list[dict[str, Any]]:
    """Every area as a tree."""
    return await tree.whole_tree(session, Area, render)


# What a save copies from the body.
SAVED_FIELDS = ("name", "code", "type", "sort", "remarks")


async def get(session: AsyncSession, area_id: str) -> Area:
    """Gets an area by its id."""
    return await crud.get(session, Area, area_id)


async def save(session: AsyncSession, data: AreaSave, *, actor: str) -> Area:
    """Creates or updates an area."""
    area = await get(session, data.id) if data.id else Area(name=data.name, create_by=actor)
    await tree_nodes.fill(session, area, data, SAVED_FIELDS, AreaParentMissing(), actor=actor)
    session.add(area)
    await session.flush()
    return area


async def delete(session: AsyncSession, ids: Sequence[str]) -> None:
    """Deletes areas whose children are deleted with them."""
    for area in await tree.deletable(session, Area, ids, AreaHasChildren):
        await session.delete(area)
        await session.flush()
