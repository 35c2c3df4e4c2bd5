"""Placing nodes in the office, area and menu trees (``parent_id`` / ``parent_ids``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from sqlalchemy import func, select, update
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.errors import InvalidArgument, LoomError
from loom_platform.paging import starts_with
from loom_platform.wire import ROOT_PARENT
from loom_sys.common import TreeRecord

T = TypeVar("T", bound=TreeRecord)


class OwnDescendant(InvalidArgument):
    message_key = "sys.tree.own_descendant"


async def place(
    session: AsyncSession, model: type[T], node: T, parent_id: str | None, missing: LoomError
) -> None:
    """Puts ``node`` under ``parent_id`` ('0' or empty: a root) and re-paths its descendants."""
    parent_id = parent_id or ROOT_PARENT
    if parent_id == ROOT_PARENT:
        new_path = f"{ROOT_PARENT},"
    else:
        parent = await session.get(model, parent_id)
        if parent is None:
            raise missing
        if parent.id == node.id or f",{node.id}," in f",{parent.parent_ids}":
            raise OwnDescendant()
        new_path = f"{parent.parent_ids}{parent.id},"
    old_prefix = f"{node.parent_ids}{node.id},"
    moved = node.parent_ids != new_path
    node.parent_id, node.parent_ids = parent_id, new_path
    if moved:
        table = model.__table__  # type: ignore[attr-defined]
        await session.execute(
            update(table)
            .where(starts_with(table.c.parent_ids, old_prefix))
            .values(
                parent_ids=func.concat(
                    f"{new_path}{node.id},", func.substr(table.c.parent_ids, len(old_prefix) + 1)
                )
            )
        )


async def deletable(
    session: AsyncSession, model: type[T], ids: Sequence[str], refusal: type[LoomError]
) -> list[T]:
    """The existing nodes among ``ids``, deepest first; refuses one whose children are not deleted with it."""
    doomed = [node for node in [await session.get(model, node_id) for node_id in ids] if node is not None]
    for node in doomed:
        children = (await session.execute(select(model.id).where(model.parent_id == node.id))).scalars().all()  # type: ignore[arg-type]
        if not set(children) <= set(ids):
            raise refusal(name=node.name)
    return sorted(doomed, key=lambda node: len(node.parent_ids), reverse=True)
