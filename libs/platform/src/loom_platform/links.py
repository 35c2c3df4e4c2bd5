"""The key columns of a link table (``sys_user_role``, ``sys_role_menu``, …): each part of its
primary key refers to a row of another table and goes with that row."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import select
from sqlmodel import Field
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.errors import LoomError


def link_key(table: str, *, index: bool = False) -> Any:
    """A part of a link table's primary key: the id of a row of ``table``, deleted with it.
    ``index`` where rows are also looked up by this part alone (not the key's first column)."""
    return Field(primary_key=True, max_length=64, foreign_key=f"{table}.id", ondelete="CASCADE", index=index)


async def known_ids(
    session: AsyncSession, model: Any, ids: Iterable[str], missing: type[LoomError]
) -> list[str]:
    """The distinct non-empty ``ids`` (in order), each the id of a ``model`` row. The first one
    naming no row raises ``missing(id=...)``: a link to nothing is refused, never silently dropped."""
    wanted = list(dict.fromkeys(i for i in ids if i))
    if not wanted:
        return []
    found = set((await session.execute(select(model.id).where(model.id.in_(wanted)))).scalars().all())
    for record_id in wanted:
        if record_id not in found:
            raise missing(id=record_id[:64])
    return wanted
