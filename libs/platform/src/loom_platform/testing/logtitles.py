"""The sweep that holds a service to a human title for every write it logs (loom_platform.logtitles)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from fastapi import FastAPI, routing
from fastapi.routing import APIRoute

from loom_platform.logtitles import vocabulary
from loom_platform.oplog import QUIET, WRITES


def _calls(dependant: Any) -> Iterator[Any]:
    for dependency in dependant.dependencies:
        yield dependency.call
        yield from _calls(dependency)


def _segment(path: str) -> str:
    parts = [p for p in path.split("/") if p and not p.startswith("{")]
    return parts[-1] if parts else path


def untitled(app: FastAPI, *, menus_checked_inside: frozenset[str] = frozenset()) -> list[str]:
    """The write routes of ``app`` the log could not name in words: ``METHOD /path: what is
    missing``. A route needs an action the vocabulary knows (its last path segment; ``save``
    counts), and a menu: a permission it checks (``require_permission``), a menu its router or it
    declares (``logtitles.under``), or, for the paths in ``menus_checked_inside``, a permission
    it checks in its own code (``logtitles.note_permission``)."""
    actions, _ = vocabulary()
    found = []
    for context in routing.iter_route_contexts(app.routes):
        route = context.original_route
        methods = set(context.methods or ()) & WRITES
        path = str(context.path_format or getattr(route, "path", ""))
        if not isinstance(route, APIRoute) or not methods or path in QUIET:
            continue
        method = sorted(methods)[0]
        calls = list(_calls(route.dependant))
        has_menu = (
            any(getattr(c, "permissions", None) for c in calls)
            or any(getattr(c, "menu", None) for c in calls)
            or path in menus_checked_inside
        )
        segment = _segment(path)
        if segment not in actions and segment != "save":
            found.append(f"{method} {path}: no words for the action {segment!r}")
        if not has_menu:
            found.append(f"{method} {path}: no menu (no permission checked, none declared)")
    return found
