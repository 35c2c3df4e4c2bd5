"""Data rules of menus, the roles' data scopes, and what one viewer may see through one menu."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import delete as sql_delete
from sqlalchemy import select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform import datarules
from loom_platform.datarules import DataAccess, Rule, Viewer
from loom_platform.errors import NotFound
from loom_platform.links import known_ids
from loom_platform.paging import PageParams, Sortable, contains, paginate
from loom_platform.wire import now
from loom_sys import events
from loom_sys.datarule.errors import (
    CustomSqlRefused,
    DataScopeInvalid,
    OfficeMissing,
    RuleMenuMissing,
    RuleMissing,
)
from loom_sys.datarule.models import DataRule, RoleDataRule, RoleOffice
from loom_sys.datarule.schemas import DataRuleSave
from loom_sys.menu.models import Menu
from loom_sys.office.models import Office
from loom_sys.role.models import Role
from loom_sys.user.models import User, UserRole

ADMIN_ID = "1"
# The data-rule tree marks a rule's node so it never clashes with a menu id (as JeePlus does).
RULE_NODE = "dataRule-"

_t = DataRule.__table__.c  # type: ignore[attr-defined]
SORTABLE: Sortable = {"name": _t.name, "field": _t.field, "create_date": _t.create_date}


def render(row: Any) -> dict[str, Any]:
    rule: DataRule = row[0] if hasattr(row, "_mapping") else row
    return {
        "id": rule.id,
        "menuId": rule.menu_id,
        "name": rule.name,
        "className": rule.class_name,
        "field": rule.field,
        "express": rule.express,
        "value": rule.value,
        "sqlSegment": "",
        "remarks": rule.remarks,
    }


async def page(session: AsyncSession, params: PageParams, *, menu_id: str | None, name: str | None) -> Any:
    """A menu's rules, paged."""
    stmt = select(DataRule)
    if menu_id:
        stmt = stmt.where(DataRule.menu_id == menu_id)  # type: ignore[arg-type]
    if name:
        stmt = stmt.where(contains(DataRule.name, name))
    return await paginate(
        session, stmt, params, sortable=SORTABLE, default_order=[_t.create_date], render=render
    )


async def get(session: AsyncSession, rule_id: str) -> DataRule:
    """Gets a data rule by its id."""
    found = await session.get(DataRule, rule_id)
    if found is None:
        raise NotFound()
    return found


async def save(session: AsyncSession, data: DataRuleSave, *, actor: str) -> DataRule:
    """Creates or updates a rule; one that cannot compile is refused here, not when applied."""
    if (data.sql_segment or "").strip():
        raise CustomSqlRefused()
    datarules.check_rule(Rule(field=data.field, operator=data.express, value=data.value or ""))
    if await session.get(Menu, data.menu_id) is None:
        raise RuleMenuMissing()
    rule = await get(session, data.id) if data.id else DataRule(create_by=actor, **_fields(data))
    for name, value in _fields(data).items():
        setattr(rule, name, value)
    rule.update_by, rule.update_date = actor, now()
    session.add(rule)
    await session.flush()
    events.role_changed(session, rule.id, events.UPDATED)  # services drop their cached rules
    return rule


def _fields(data: DataRuleSave) -> dict[str, Any]:
    return {
        "menu_id": data.menu_id,
        "name": data.name,
        "class_name": data.class_name,
        "field": data.field,
        "express": data.express,
        "value": data.value,
        "remarks": data.remarks,
    }


async def delete(session: AsyncSession, ids: Sequence[str]) -> None:
    """Deletes rules (and their grants)."""
    for rule_id in ids:
        rule = await session.get(DataRule, rule_id)
        if rule is not None:
            await session.delete(rule)
            events.role_changed(session, rule_id, events.DELETED)
    await session.flush()


async def tree_data(session: AsyncSession) -> list[dict[str, Any]]:
    """The menus that carry rules (with their ancestors) and the rules as leaves ``dataRule-<id>``."""
    rules = list((await session.execute(select(DataRule).order_by(_t.create_date))).scalars().all())
    menus = {m.id: m for m in (await session.execute(select(Menu))).scalars().all()}
    keep: set[str] = set()
    for rule in rules:
        menu = menus.get(rule.menu_id)
        if menu is not None:
            keep.add(menu.id)
            keep.update(p for p in menu.parent_ids.split(",") if p in menus)
    nodes: dict[str, dict[str, Any]] = {
        m: {"id": m, "name": menus[m].name, "parentId": menus[m].parent_id, "children": []}
        for m in sorted(keep, key=lambda m: (menus[m].sort, menus[m].id))
    }
    roots: list[dict[str, Any]] = []
    for node in nodes.values():
        parent = nodes.get(node["parentId"])
        (parent["children"] if parent else roots).append(node)
    for rule in rules:
        if rule.menu_id in nodes:
            leaf = {"id": RULE_NODE + rule.id, "name": rule.name, "parentId": rule.menu_id, "children": []}
            nodes[rule.menu_id]["children"].append(leaf)
    return roots


# --- a role's scope and rules ---


async def role_grants(session: AsyncSession, role_id: str) -> dict[str, Any]:
    """What a role's form shows: its data scope, custom offices and granted rules."""
    role = await session.get(Role, role_id)
    offices = await session.execute(select(RoleOffice.office_id).where(RoleOffice.role_id == role_id))  # type: ignore[arg-type]
    rules = await session.execute(select(RoleDataRule.datarule_id).where(RoleDataRule.role_id == role_id))  # type: ignore[arg-type]
    rule_ids = list(rules.scalars().all())
    return {
        "dataScope": role.data_scope if role else datarules.SCOPE_ALL,
        "officeIdList": list(offices.scalars().all()),
        "dataRuleIdList": rule_ids,
        "dataRuleIds": ",".join(RULE_NODE + r for r in rule_ids),
    }


async def set_role_grants(
    session: AsyncSession,
    role: Role,
    *,
    data_scope: str | None,
    office_ids: Sequence[str] | None,
    rule_ids: Sequence[str] | None,
) -> None:
    """Sets what given is (scope, custom offices, rules); ``None`` leaves it as it was."""
    if data_scope is not None:
        if data_scope not in datarules.SCOPES:
            raise DataScopeInvalid(scope=data_scope)
        role.data_scope = data_scope
        session.add(role)
    if office_ids is not None:
        await session.execute(sql_delete(RoleOffice).where(RoleOffice.role_id == role.id))  # type: ignore[arg-type]
        found = await known_ids(session, Office, office_ids, OfficeMissing)
        session.add_all([RoleOffice(role_id=role.id, office_id=o) for o in found])
    if rule_ids is not None:
        await session.execute(sql_delete(RoleDataRule).where(RoleDataRule.role_id == role.id))  # type: ignore[arg-type]
        wanted = [r.removeprefix(RULE_NODE) for r in rule_ids if r]
        found = await known_ids(session, DataRule, wanted, RuleMissing)
        session.add_all([RoleDataRule(role_id=role.id, datarule_id=r) for r in found])
    await session.flush()


# --- what one viewer may see ---


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
    if user.id == ADMIN_ID:
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
