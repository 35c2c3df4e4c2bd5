"""The local access loader: a token's access, answered from sys's own tables (its login session,
its user and the permissions their roles grant)."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy.ext.asyncio import async_sessionmaker
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.auth import Access, AccessLoader
from loom_platform.wire import now
from loom_sys.access import permissions_of
from loom_sys.auth.models import LoginSession
from loom_sys.user.models import ENABLED, User


async def access_of(session: AsyncSession, user_id: str, session_id: str) -> Access:
    """Active when the user may log in and the login session is neither revoked nor expired."""
    user = await session.get(User, user_id)
    login = await session.get(LoginSession, session_id)
    active = (
        user is not None
        and user.login_flag == ENABLED
        and login is not None
        and login.user_id == user_id
        and login.revoked_at is None
        and login.expires_at > now()
    )
    if not active:
        return Access(active=False)
    return Access(active=True, permissions=await permissions_of(session, user_id))


def local_access_loader(factory: Callable[[], async_sessionmaker[AsyncSession]]) -> AccessLoader:
    """The access loader of sys's own app: each token's access read in a session of its own."""

    async def load(user_id: str, session_id: str) -> Access:
        async with factory()() as session:
            return await access_of(session, user_id, session_id)

    return load
