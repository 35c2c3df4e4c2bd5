"""``/extension/actCategory/...``: the process-category tree of the model and definition lists, and
the CRUD of ``resources.py``."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from loom_platform.auth import CurrentPrincipal
from loom_platform.crud import add_routes
from loom_platform.db import SessionDep
from loom_platform.tree import NodeTree
from loom_workflow.category import service
from loom_workflow.category.resources import CATEGORY

router = APIRouter(prefix="/extension/actCategory", tags=["category"])


@router.get("/treeData", response_model=list[NodeTree])
async def tree_data(session: SessionDep, _: CurrentPrincipal) -> Any:
    """The category tree (every designer reads it: the model and definition lists filter by it)."""
    return await service.tree(session)


add_routes(router, CATEGORY)
