"""``/sys/area/...``: the area tree, and the CRUD of ``resources.py``."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from loom_platform.auth import CurrentPrincipal
from loom_platform.crud import add_routes
from loom_platform.db import SessionDep
from loom_sys.area import service
from loom_sys.area.resources import AREA
from loom_sys.area.schemas import AreaNode

router = APIRouter(prefix="/sys/area", tags=["area"])


@router.get("/treeData", response_model=list[AreaNode])
async def tree_data(session: SessionDep, _: CurrentPrincipal) -> Any:
    """The area tree (area selects in forms)."""
    return await service.tree_data(session)


add_routes(router, AREA)
