"""A log entry's title from sys's menus: the service names the menu and the action by keys
(``loom_platform.logtitles``); the menus say what the user calls them, in zh-CN and en-US.

The menus are read at most every :data:`TTL` seconds (a few hundred rows): a title is written once,
when its entry is stored, and names the menu as it was then.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from sqlalchemy import select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.logtitles import Described, MenuName, Words, title, vocabulary
from loom_sys.menu.models import BUTTON, Menu

TTL = 30.0
# How old the index may be when a menu is not in it.
RETRY = 1.0


@dataclass
class MenuIndex:
    """Pages and buttons by the permissions they carry, and pages by their permissions' prefixes."""

    exact: dict[str, MenuName] = field(default_factory=dict)
    prefixes: dict[str, MenuName] = field(default_factory=dict)

    def find(self, key: str) -> MenuName | None:
        """A permission's button and page, a prefix's page, or the page of a permission no button
        carries (``sys:user:resetPwd`` is a page of ``sys:user``)."""
        return self.exact.get(key) or self.prefixes.get(key) or self.prefixes.get(key.rsplit(":", 1)[0])


def _words(menu: Menu) -> Words:
    return Words(menu.name, menu.name_en or menu.name)


def build(menus: list[Menu]) -> MenuIndex:
    """The index of these menus."""
    by_id = {m.id: m for m in menus}
    index = MenuIndex()
    for menu in menus:
        page = by_id.get(menu.parent_id) if menu.type == BUTTON else menu
        if page is None:
            continue
        for permission in (p.strip() for p in (menu.permission or "").split(",")):
            if not permission:
                continue
            named = MenuName(_words(page), _words(menu) if menu.type == BUTTON else None)
            index.exact.setdefault(permission, named)
            index.prefixes.setdefault(permission.rsplit(":", 1)[0], MenuName(_words(page)))
    return index


_cached: tuple[float, MenuIndex] | None = None


async def menu_index(session: AsyncSession, *, younger_than: float = TTL) -> MenuIndex:
    """The menus' index, read again when older than ``younger_than`` seconds."""
    global _cached
    if _cached is None or time.monotonic() - _cached[0] > younger_than:
        menus = list((await session.execute(select(Menu))).scalars())
        _cached = (time.monotonic(), build(menus))
    return _cached[1]


def forget() -> None:
    """Drops the cached index (tests; a menu changed in this process)."""
    global _cached
    _cached = None


async def titles(session: AsyncSession, menu: str, action: str) -> Words:
    """The entry's title in both languages."""
    index = await menu_index(session)
    if not _known(index, menu):
        # a menu made a moment ago (a module's, a form's): read the menus again, once a second at most
        index = await menu_index(session, younger_than=RETRY)
    return title(Described(menu=menu, action=action), index.find)


def _known(index: MenuIndex, menu: str) -> bool:
    return menu in vocabulary()[1] or index.find(menu) is not None
