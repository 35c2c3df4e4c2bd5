"""Menus: directories, pages and buttons with their permission strings."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import column, select, table
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform import crud, tree
from loom_platform.i18n import EN, current_language
from loom_platform.tree import build_tree
from loom_platform.wire import camel_fields
from loom_sys import events, tree_nodes
from loom_sys.menu.errors import MenuHasChildren, MenuNameRequired, MenuParentMissing
from loom_sys.menu.models import BUTTON, DIRECTORY, PAGE, Menu
from loom_sys.menu.schemas import MenuSave

# Roles stand above the menus they grant, so a deleted menu drops its grants of the link table by name
# rather than importing the role's model: domains import only downward.
_ROLE_MENUS = table("sys_role_menu", column("menu_id"))


def render(menu: Menu) -> dict[str, Any]:
    """A menu as the client reads it."""
    return camel_fields(
        menu,
        *("id", "parent_id", "parent_ids", "name", "name_en", "href", "target", "icon", "sort"),
        *("is_show", "type", "permission", "affix", "remarks"),
    )


async def all_menus(session: AsyncSession) -> list[Menu]:
    return list((await session.execute(select(Menu))).scalars().all())


async def tree_data(session: AsyncSession, *, types: Sequence[str] = ()) -> list[dict[str, Any]]:
    """The menu tree in the reader's language, optionally only some types ('0,1' leaves buttons
    out); a menu is edited from ``get``, which keeps both names as saved."""
    menus = [m for m in await all_menus(session) if not types or m.type in types]
    return build_tree(menus, render_in_language)


async def auth_tree_data(session: AsyncSession) -> list[dict[str, Any]]:
    """Every menu and button as a tree with ``label`` (in the reader's language) for the grant screen."""
    return build_tree(
        await all_menus(session), lambda m: {**render(m), "label": render_in_language(m)["name"]}
    )


def with_ancestors(menus: Iterable[Menu], granted: set[str]) -> list[Menu]:
    """The granted menus plus their ancestors, so a granted page shows under its directory."""
    by_id = {m.id: m for m in menus}
    keep: set[str] = set()
    for menu_id in granted:
        menu = by_id.get(menu_id)
        if menu is None:
            continue
        keep.add(menu.id)
        keep.update(p for p in menu.parent_ids.split(",") if p and p in by_id)
    return [by_id[i] for i in keep]


def render_in_language(menu: Menu) -> dict[str, Any]:
    """A menu as the portal shows it: its English label when the request asks for en-US."""
    node = render(menu)
    if current_language.get() == EN and menu.name_en:
        node["name"] = menu.name_en
    return node


async def user_menus(
    session: AsyncSession, granted: set[str]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(routerList, menuList) for a user: the route tree and the visible side-menu tree."""
    visible = [m for m in with_ancestors(await all_menus(session), granted) if m.type in (DIRECTORY, PAGE)]
    router_list = build_tree(visible, render_in_language)
    menu_list = build_tree([m for m in visible if m.is_show == "1"], render_in_language)
    return router_list, menu_list


# What a save copies from the body (the permission is trimmed after).
SAVED_FIELDS = (
    "name",
    "name_en",
    "href",
    "target",
    "icon",
    "sort",
    "is_show",
    "type",
    "permission",
    "affix",
    "remarks",
)


async def get(session: AsyncSession, menu_id: str) -> Menu:
    """Gets a menu by its id."""
    return await crud.get(session, Menu, menu_id)


async def save(session: AsyncSession, data: MenuSave, *, actor: str) -> Menu:
    """Creates or updates a menu and places it in the tree."""
    menu = await get(session, data.id) if data.id else Menu(name=data.name, create_by=actor)
    await tree_nodes.fill(session, menu, data, SAVED_FIELDS, MenuParentMissing(), actor=actor)
    menu.permission = (data.permission or "").strip() or None
    session.add(menu)
    await session.flush()
    events.menu_changed(session, menu.id, events.UPDATED if data.id else events.CREATED)
    return menu


async def delete(session: AsyncSession, ids: Sequence[str]) -> None:
    """Deletes menus whose children are deleted with them (and their grants)."""
    for menu in await tree.deletable(session, Menu, ids, MenuHasChildren):
        await session.execute(_ROLE_MENUS.delete().where(_ROLE_MENUS.c.menu_id == menu.id))
        await session.delete(menu)
        events.menu_changed(session, menu.id, events.DELETED)
    await session.flush()


async def create_page(
    session: AsyncSession,
    *,
    parent_id: str,
    name: str,
    href: str,
    icon: str,
    buttons: Sequence[tuple[str, str]],
    sort: int,
    actor: str,
) -> Menu:
    """A page menu with its buttons (code generator and form designer ask for these)."""
    if not name.strip():
        raise MenuNameRequired()
    name = name[:200]
    if sort <= 0:
        siblings = (
            (await session.execute(select(Menu.sort).where(Menu.parent_id == parent_id))).scalars().all()
        )  # type: ignore[arg-type]
        sort = (max(siblings) if siblings else 0) + 30
    page = await save(
        session,
        MenuSave(parent_id=parent_id, name=name, href=href, icon=icon or None, sort=sort, type=PAGE),
        actor=actor,
    )
    for index, (label, permission) in enumerate(buttons):
        await save(
            session,
            MenuSave(
                parent_id=page.id,
                name=label,
                permission=permission,
                type=BUTTON,
                sort=(index + 1) * 30,
                is_show="0",
            ),
            actor=actor,
        )
    return page
