"""Areas: a tree of regions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform import crud, tree
from loom_platform.tree import build_tree
from loom_platform.wire import now
from loom_sys.area.errors import AreaHasChildren, AreaParentMissing
from loom_sys.area.models import Area
from loom_sys.area.schemas import AreaSave


def render(area: Area) -> dict[str, Any]:
    return {
        "id": area.id,
        "parentId": area.parent_id,
        "parentIds": area.parent_ids,
        "name": area.name,
        "label": area.name,
        "code": area.code,
        "type": area.type,
        "sort": area.sort,
        "remarks": area.remarks,
    }


async def tree_data(session: AsyncSession) -> list[dict[str, Any]]:
    return build_tree((await session.execute(select(Area))).scalars().all(), render)


async def get(session: AsyncSession, area_id: str) -> Area:
    """Gets an area by its id."""
    return await crud.get(session, Area, area_id)


async def save(session: AsyncSession, data: AreaSave, *, actor: str) -> Area:
    """Creates or updates an area."""
    area = await get(session, data.id) if data.id else Area(name=data.name, create_by=actor)
    await tree.place(session, Area, area, data.parent_id, AreaParentMissing())
    area.name, area.code, area.type, area.sort, area.remarks = (
        data.name,
        data.code,
        data.type,
        data.sort,
        data.remarks,
    )
    area.update_by, area.update_date = actor, now()
    session.add(area)
    await session.flush()
    return area


async def delete(session: AsyncSession, ids: Sequence[str]) -> None:
    """Deletes areas whose children are deleted with them."""
    for area in await tree.deletable(session, Area, ids, AreaHasChildren):
        await session.delete(area)
        await session.flush()
