"""No import circle between loom_apps's files and no router importing another: the house's import
rules written as a test (``loom_platform.testing.imports``; every import counts, lazy ones included)."""

from __future__ import annotations

import loom_apps
from loom_platform.testing.imports import circles, import_graph


def test_no_import_circle_between_files() -> None:
    # given
    graph = import_graph(loom_apps)
    # when / then
    assert [sorted(c) for c in circles(graph)] == []


def test_no_router_imports_another_router() -> None:
    # given
    graph = import_graph(loom_apps)
    # when
    routers = {m for m in graph if m.endswith(".router")}
    crossing = {m: sorted(graph[m] & routers) for m in routers if graph[m] & routers}
    # then
    assert crossing == {}
