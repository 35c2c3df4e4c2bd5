"""Saving a node of one of sys's trees (offices, areas, menus): the same steps for each kind."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform import tree
from loom_platform.errors import LoomError
from loom_platform.wire import now
from loom_sys.common import TreeRecord


async def fill(
    session: AsyncSession,
    node: TreeRecord,
    data: Any,
    fields: Sequence[str],
    parent_missing: LoomError,
    *,
    actor: str,
) -> None:
    """Places ``node`` below the body's ``parent_id`` (``parent_missing`` when there is no such
    node), copies ``fields`` from the body and stamps who changed it; the caller flushes."""
    await tree.place(session, type(node), node, data.parent_id, parent_missing)
    for field in fields:
        setattr(node, field, getattr(data, field))
    node.update_by, node.update_date = actor, now()
