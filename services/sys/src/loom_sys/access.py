"""Who may do what, answered from sys's own tables (the source of every service's cache): the menus
and permissions a user's roles grant, and what a user may see through a menu (their roles' data
scopes and the menu's data rules). A token's whole access (its login session too) is
``auth/loader.py``'s."""

from __future__ import annotations

from sqlalchemy import select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform import datarules
from loom_platform.datarules import DataAccess, Rule, Viewer
from loom_sys.datarule.models import DataRule, RoleDataRule, RoleOffice
from loom_sys.menu.models import Menu
from loom_sys.office.models import Office
from loom_sys.role.models import Role, RoleMenu
from loom_sys.user.models import User, UserRole


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


# --- what one viewer may see through a menu (the data rules) ---


async def _subtree(session: AsyncSession, office_id: str | None) -> tuple[str, ...]:
    """The office and every office below it (a child never reaches its parent)."""
    if not office_id:
        return ()
    below = await session.execute(select(Office.id).where(Office.parent_ids.contains(f",{office_id},")))  # type: ignore[attr-defined]
    return (office_id, *sorted(below.scalars().all()))


async def viewer_of(session: AsyncSession, user: User) -> Viewer:
    return Viewer(
        user_id=user.id,
        login_name=user.login_name,
        office_id=user.office_id or "",
        company_id=user.company_id or "",
        office_tree=await _subtree(session, user.office_id),
        company_tree=await _subtree(session, user.company_id),
    )


async def access_for(
    session: AsyncSession, user_id: str, *, menu_id: str = "", permission: str = ""
) -> DataAccess:
    """The union of the viewer's role scopes, and the rules of the menu (named by id, or by one of
    its buttons' permission) granted to those roles. The administrator sees everything."""
    user = await session.get(User, user_id)
    if user is None:
        return DataAccess(viewer=Viewer(user_id=user_id), everything=False)
    viewer = await viewer_of(session, user)
    if user.id == SUPER_USER_ID:
        return DataAccess(viewer=viewer)
    roles = list(
        (
            await session.execute(
                select(Role)
                .join(UserRole, UserRole.role_id == Role.id)
                .where(UserRole.user_id == user_id, Role.useable == "1")  # type: ignore[arg-type]
            )
        )
        .scalars()
        .all()
    )
    scopes = {r.data_scope for r in roles}
    rules = await _rules(session, [r.id for r in roles], menu_id=menu_id, permission=permission)
    if datarules.SCOPE_ALL in scopes:
        return DataAccess(viewer=viewer, rules=rules)
    offices: set[str] = set()
    for scope in scopes:
        offices.update(_scope_offices(scope, viewer))
    companies = set(_scope_companies(scopes, viewer))
    custom = [r.id for r in roles if r.data_scope == datarules.SCOPE_CUSTOM]
    chosen: set[str] = set()
    if custom:
        picked = await session.execute(select(RoleOffice.office_id).where(RoleOffice.role_id.in_(custom)))  # type: ignore[attr-defined]
        chosen = set(picked.scalars().all())
        offices.update(chosen)
    users = {user.id}
    if offices or companies:
        placed = await session.execute(
            select(User.id).where(
                User.office_id.in_(offices)  # type: ignore[union-attr]
                | User.company_id.in_(companies)  # type: ignore[union-attr]
                | (User.office_id.is_(None) & User.company_id.in_(chosen))  # type: ignore[union-attr]
            )
        )
        users.update(placed.scalars().all())
    return DataAccess(
        viewer=viewer, everything=False, user_ids=frozenset(users), office_ids=frozenset(offices), rules=rules
    )


def _scope_offices(scope: str, viewer: Viewer) -> tuple[str, ...]:
    return {
        datarules.SCOPE_COMPANY_AND_CHILDREN: viewer.company_tree,
        datarules.SCOPE_COMPANY: (viewer.company_id,) if viewer.company_id else (),
        datarules.SCOPE_OFFICE_AND_CHILDREN: viewer.office_tree,
        datarules.SCOPE_OFFICE: (viewer.office_id,) if viewer.office_id else (),
    }.get(scope, ())


def _scope_companies(scopes: set[str], viewer: Viewer) -> tuple[str, ...]:
    """Users belong to a company scope by their company (whatever their department)."""
    found: tuple[str, ...] = ()
    if datarules.SCOPE_COMPANY_AND_CHILDREN in scopes:
        found += viewer.company_tree
    if datarules.SCOPE_COMPANY in scopes and viewer.company_id:
        found += (viewer.company_id,)
    return found


async def _rules(
    session: AsyncSession, role_ids: list[str], *, menu_id: str, permission: str
) -> tuple[Rule, ...]:
    if not role_ids or not (menu_id or permission):
        return ()
    menus = await _menu_ids(session, menu_id=menu_id, permission=permission)
    if not menus:
        return ()
    stmt = (
        select(DataRule)
        .join(RoleDataRule, RoleDataRule.datarule_id == DataRule.id)  # type: ignore[arg-type]
        .where(RoleDataRule.role_id.in_(role_ids), DataRule.menu_id.in_(menus))  # type: ignore[attr-defined]
        .distinct()
    )
    found = (await session.execute(stmt)).scalars().all()
    return tuple(Rule(field=r.field, operator=r.express, value=r.value or "") for r in found)


async def _menu_ids(session: AsyncSession, *, menu_id: str, permission: str) -> list[str]:
    """The menu named, or the page whose button holds ``permission`` (and that button)."""
    if menu_id:
        return [menu_id]
    buttons = (await session.execute(select(Menu).where(Menu.permission == permission))).scalars().all()  # type: ignore[arg-type]
    return sorted({b.id for b in buttons} | {b.parent_id for b in buttons})
