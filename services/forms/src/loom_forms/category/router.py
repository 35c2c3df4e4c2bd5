"""HTTP routes of the category tree: /extension/formCategory/*: the tree, and the CRUD of
``resources.py``."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from loom_forms.category import service
from loom_forms.category.resources import CATEGORY, PERM
from loom_platform.auth import require_permission
from loom_platform.crud import add_routes
from loom_platform.db import SessionDep
from loom_platform.tree import LabelledTree

router = APIRouter(prefix="/extension/formCategory")


@router.get("/treeData", dependencies=[require_permission(f"{PERM}:view")], response_model=list[LabelledTree])
async def tree_data(session: SessionDep) -> list[dict[str, Any]]:
    """The category tree (a bare array of nodes with children)."""
    return await service.tree(session)


add_routes(router, CATEGORY)
