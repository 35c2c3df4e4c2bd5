"""Data rules of menus, the roles' data scopes, and what one viewer may see through one menu."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform import datarules
from loom_platform.datarules import Rule
from loom_platform.errors import NotFound
from loom_platform.paging import PageParams, Sortable, contains, paginate
from loom_platform.wire import now
from loom_sys import events
from loom_sys.datarule.errors import (
    CustomSqlRefused,
    RuleMenuMissing,
)
from loom_sys.datarule.models import DataRule
from loom_sys.datarule.schemas import DataRuleSave
from loom_sys.menu.models import Menu

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
