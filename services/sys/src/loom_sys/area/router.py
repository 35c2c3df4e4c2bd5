"""``/sys/area/...``: the area tree, and the CRUD of ``resources.py``."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from loom_platform.auth import CurrentPrincipal
from loom_platform.crud import add_routes
from loom_platform.db import SessionDep
from loom_platform.openapi import TREE
from loom_sys.area import service
from loom_sys.area.resources import AREA

router = APIRouter(prefix="/sys/area", tags=["area"])


@router.get("/treeData", openapi_extra=TREE)
async def tree_data(session: SessionDep, _: CurrentPrincipal) -> Any:
    """The area tree (area selects in forms)."""
    return await service.tree_data(session)


add_routes(router, AREA)
