"""What the operation log calls a request: the menu it was made from and what it did, in the
reader's words ("请假单 · 修改", "Leave requests · Edit"), instead of the route's docstring.

A service knows the route and the permission it checked, but not the menus' names: those are
sys's. So the service's log entry names the *menu* by a key — the permission the route checked
(``sys:user:edit``: sys finds the button and its page), a permission prefix its router declares with
:func:`under` (``flowable:task``: the page whose buttons start with it), or a word of the
vocabulary (``profile``) — and the *action* by a key of the vocabulary (``edit``, ``delegate``:
the route's last path segment, a save with an id being an edit). sys turns both into text when it
stores the entry (:func:`title`), in both languages, so that its search by title finds them.

The vocabulary is data, ``logtitles.toml`` beside this module.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from fastapi import Depends, Request

# What require_permission and :func:`under` leave in the request's state for the log.
PERMISSIONS_STATE = "loom_log_permissions"
MENU_STATE = "loom_log_menu"
SEPARATOR = " · "
# The words of a save: an edit when it names its record, an add when not.
SAVES = frozenset({"save"})


@dataclass(frozen=True)
class Words:
    """A text in zh-CN and en-US."""

    zh: str
    en: str

    def of(self, lang: str) -> str:
        """The text in ``lang`` (zh-CN unless English)."""
        return self.en if lang.startswith("en") else self.zh


@cache
def vocabulary() -> tuple[dict[str, Words], dict[str, Words]]:
    """The actions and menus of ``logtitles.toml``."""
    data = tomllib.loads(resources.files(__package__).joinpath("logtitles.toml").read_text(encoding="utf-8"))
    return (
        {k: Words(*v) for k, v in data["actions"].items()},
        {k: Words(*v) for k, v in data["menus"].items()},
    )


def under(menu: str) -> Any:
    """A router's (or a route's) dependency naming the menu its routes are made from when they
    check no permission of it: a permission prefix (``flowable:task``) or a vocabulary menu
    (``profile``)."""

    async def _name(request: Request) -> None:  # async: a plain def would run in a worker thread
        setattr(request.state, MENU_STATE, menu)

    _name.menu = menu  # type: ignore[attr-defined]  # read by the routes' sweep (testing.logtitles)
    return Depends(_name)


def note_permission(request: Request, *permissions: str) -> None:
    """Records the permission a route checked by itself (a form's ``form:<code>:<action>``)."""
    setattr(request.state, PERMISSIONS_STATE, permissions)


@dataclass(frozen=True)
class Described:
    """A logged request as the log names it: ``menu`` and ``action`` keys (see the module)."""

    menu: str
    action: str

    def fallback(self) -> str:
        """The title when nobody can say more: the action's words, else the keys."""
        actions, menus = vocabulary()
        menu = menus.get(self.menu)
        action = actions.get(self.action)
        return SEPARATOR.join([menu.zh if menu else self.menu, action.zh if action else self.action])[:255]


def _segment(path: str) -> str:
    parts = [p for p in path.split("/") if p and not p.startswith("{")]
    return parts[-1] if parts else path


def _names_a_record(query: Mapping[str, str], body: Any) -> bool:
    if query.get("id"):
        return True
    return isinstance(body, dict) and bool(body.get("id"))


def describe(scope: Mapping[str, Any], service: str, query: Mapping[str, str], body: Any) -> Described:
    """The menu and action keys of a request the log records (``scope`` after its route ran)."""
    route = scope.get("route")
    segment = _segment(str(getattr(route, "path", "") or scope.get("path", "")))
    named = _names_a_record(query, body)
    action = ("edit" if named else "add") if segment in SAVES else segment
    state = scope.get("state") or {}
    permissions = [p for p in state.get(PERMISSIONS_STATE) or () if p]
    # the permission the route checked names its page; a router's declared menu names the rest
    menu = _chosen(permissions, action) or state.get(MENU_STATE) or f"service:{service}"
    return Described(menu=str(menu)[:200], action=action[:100])


def _chosen(permissions: list[str], action: str) -> str | None:
    """Of the permissions a route accepts (``x:add`` or ``x:edit``), the one of its action."""
    for permission in permissions:
        if permission.rsplit(":", 1)[-1] == action:
            return permission
    return permissions[0] if permissions else None


@dataclass(frozen=True)
class MenuName:
    """A page's name and the name of the button a permission is (when it is one)."""

    page: Words
    button: Words | None = None


def title(described: Described, find: Callable[[str], MenuName | None]) -> Words:
    """The title in both languages: the menu (a vocabulary menu, or what ``find`` — sys's menus —
    says of a permission or a permission prefix) and the action (the vocabulary's word, else the
    permission's button, else the key)."""
    actions, menus = vocabulary()
    found = None if described.menu in menus else find(described.menu)
    menu = menus.get(described.menu) or (found.page if found else Words(described.menu, described.menu))
    action = actions.get(described.action) or (found.button if found and found.button else None)
    action = action or Words(described.action, described.action)
    return Words((menu.zh + SEPARATOR + action.zh)[:255], (menu.en + SEPARATOR + action.en)[:255])
