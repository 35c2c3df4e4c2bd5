"""A role's members: a membership is the user's row (``UserRole``), so the users' domain keeps it."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import delete as sql_delete
from sqlalchemy import select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.links import known_ids
from loom_sys import events
from loom_sys.role import service as role_service
from loom_sys.role.errors import MemberMissing
from loom_sys.user.models import User, UserRole


async def add_members(session: AsyncSession, role_id: str, user_ids: Sequence[str]) -> int:
    """Adds users to the role (an unknown one: :class:`MemberMissing`); returns how many were new."""
    await role_service.get(session, role_id)
    present = set(
        (await session.execute(select(UserRole.user_id).where(UserRole.role_id == role_id))).scalars().all()  # type: ignore[arg-type]
    )
    known = await known_ids(session, User, user_ids, MemberMissing)
    new = [u for u in known if u not in present]
    session.add_all([UserRole(user_id=u, role_id=role_id) for u in new])
    await session.flush()
    events.role_changed(session, role_id, events.UPDATED)
    return len(new)


async def remove_member(session: AsyncSession, role_id: str, user_id: str) -> None:
    """Takes the role from the user."""
    await session.execute(
        sql_delete(UserRole).where(UserRole.role_id == role_id, UserRole.user_id == user_id)  # type: ignore[arg-type]
    )
    events.role_changed(session, role_id, events.UPDATED)
    await session.flush()
