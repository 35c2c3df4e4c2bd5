"""Who may do what, answered from sys's own tables (the source of every service's cache): the menus
and permissions a user's roles grant. A token's whole access (its login session too) is
``auth/loader.py``'s."""

from __future__ import annotations

from sqlalchemy import select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_sys.menu.models import Menu
from loom_sys.role.models import Role, RoleMenu
from loom_sys.user.models import UserRole


def split_permissions(value: str | None) -> list[str]:
    """A menu's permission field may list several strings separated by commas."""
    return [p.strip() for p in (value or "").split(",") if p.strip()]


# The seeded administrator holds every menu and permission, including those added later
# (createMenu of a form or a generated module), as in JeePlus; no other user does.
SUPER_USER_ID = "1"


async def granted_menu_ids(session: AsyncSession, user_id: str) -> set[str]:
    """Menus granted to the user through enabled roles (every menu for the administrator)."""
    if user_id == SUPER_USER_ID:
        return set((await session.execute(select(Menu.id))).scalars().all())
    stmt = (
        select(RoleMenu.menu_id)
        .join(UserRole, UserRole.role_id == RoleMenu.role_id)  # type: ignore[arg-type]
        .join(Role, Role.id == RoleMenu.role_id)  # type: ignore[arg-type]
        .where(UserRole.user_id == user_id, Role.useable == "1")  # type: ignore[arg-type]
    )
    return set((await session.execute(stmt)).scalars().all())


async def permissions_of(session: AsyncSession, user_id: str) -> frozenset[str]:
    """Every permission string the user holds (every one for the administrator)."""
    if user_id == SUPER_USER_ID:
        every = select(Menu.permission).where(Menu.permission.is_not(None))  # type: ignore[union-attr]
        values = (await session.execute(every)).scalars().all()
        return frozenset(p for value in values for p in split_permissions(value))
    stmt = (
        select(Menu.permission)
        .join(RoleMenu, RoleMenu.menu_id == Menu.id)  # type: ignore[arg-type]
        .join(UserRole, UserRole.role_id == RoleMenu.role_id)  # type: ignore[arg-type]
        .join(Role, Role.id == RoleMenu.role_id)  # type: ignore[arg-type]
        .where(UserRole.user_id == user_id, Role.useable == "1", Menu.permission.is_not(None))  # type: ignore[union-attr,arg-type]
    )
    found: set[str] = set()
    for value in (await session.execute(stmt)).scalars().all():
        found.update(split_permissions(value))
    return frozenset(found)
