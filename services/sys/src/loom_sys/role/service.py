"""Roles: grants of menus and buttons (their members are kept by ``user/membership.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import delete as sql_delete
from sqlalchemy import select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform import crud
from loom_platform.links import known_ids
from loom_platform.wire import camel_fields, now
from loom_sys import events
from loom_sys.menu.models import Menu
from loom_sys.role import grants
from loom_sys.role.errors import (
    AdminRoleUndeletable,
    MenuMissing,
    RoleEnNameTaken,
    RoleNameTaken,
)
from loom_sys.role.models import Role, RoleMenu
from loom_sys.role.schemas import RoleSave

ADMIN_ROLE_ID = "1"


def render(row: Any) -> dict[str, Any]:
    role: Role = row[0] if hasattr(row, "_mapping") else row
    return camel_fields(role, "id", "name", "en_name", "useable", "sys_data", "data_scope", "remarks")


async def get(session: AsyncSession, role_id: str) -> Role:
    """Gets a role by its id."""
    return await crud.get(session, Role, role_id)


async def menu_ids(session: AsyncSession, role_id: str) -> list[str]:
    stmt = select(RoleMenu.menu_id).where(RoleMenu.role_id == role_id)  # type: ignore[arg-type]
    return list((await session.execute(stmt)).scalars().all())


async def save(session: AsyncSession, data: RoleSave, *, actor: str) -> Role:
    """Creates or updates a role; with ``menuIdList`` (or the comma-joined ``menuIds``) its grants
    are replaced."""
    role = (
        await get(session, data.id)
        if data.id
        else Role(name=data.name, en_name=data.en_name, create_by=actor)
    )
    for column, value, error in (
        ("en_name", data.en_name, RoleEnNameTaken),
        ("name", data.name, RoleNameTaken),
    ):
        clash = await session.execute(
            select(Role.id).where(getattr(Role, column) == value, Role.id != role.id).limit(1)  # type: ignore[arg-type]
        )
        if clash.first() is not None:
            raise error(name=data.name)
    role.name, role.en_name, role.useable, role.remarks = data.name, data.en_name, data.useable, data.remarks
    role.update_by, role.update_date = actor, now()
    session.add(role)
    await session.flush()
    granted = data.menu_id_list
    if granted is None and data.menu_ids is not None:
        granted = [m for m in data.menu_ids.split(",") if m]
    if granted is not None:
        await grant(session, role.id, granted)
    rule_ids = data.data_rule_id_list
    if rule_ids is None and data.data_rule_ids is not None:
        # the JeePlus tree's checked nodes: its menus, and its rules prefixed ``dataRule-``
        rule_ids = [r for r in data.data_rule_ids.split(",") if r.startswith(grants.RULE_NODE)]
    await grants.set_role_grants(
        session, role, data_scope=data.data_scope, office_ids=data.office_id_list, rule_ids=rule_ids
    )
    events.role_changed(session, role.id, events.UPDATED if data.id else events.CREATED)
    return role


async def name_free(session: AsyncSession, *, name: str | None, en_name: str | None) -> bool:
    """True when no role has this name (and this English name, when both are given)."""
    stmt = select(Role.id)
    if name:
        stmt = stmt.where(Role.name == name)  # type: ignore[arg-type]
    if en_name:
        stmt = stmt.where(Role.en_name == en_name)  # type: ignore[arg-type]
    if not name and not en_name:
        return True
    return (await session.execute(stmt.limit(1))).first() is None


async def grant(session: AsyncSession, role_id: str, menu_ids_: Sequence[str]) -> None:
    """Replaces the role's grants with the menus ``menu_ids_`` (an unknown one: :class:`MenuMissing`)."""
    existing = await known_ids(session, Menu, menu_ids_, MenuMissing)
    await session.execute(sql_delete(RoleMenu).where(RoleMenu.role_id == role_id))  # type: ignore[arg-type]
    session.add_all([RoleMenu(role_id=role_id, menu_id=m) for m in existing])
    await session.flush()


async def delete(session: AsyncSession, ids: Sequence[str]) -> None:
    """Deletes roles (never the system administrator role)."""
    for role_id in ids:
        role = await session.get(Role, role_id)
        if role is None:
            continue
        if role.id == ADMIN_ROLE_ID or role.sys_data == "1":
            raise AdminRoleUndeletable()
        await session.delete(role)
        events.role_changed(session, role_id, events.DELETED)
    await session.flush()


async def summaries(session: AsyncSession, role_ids: Sequence[str]) -> list[dict[str, Any]]:
    """The roles with these ids as the portal shows them (id, name, enName), in that order."""
    found = [await session.get(Role, role_id) for role_id in role_ids]
    return [{"id": r.id, "name": r.name, "enName": r.en_name} for r in found if r]
