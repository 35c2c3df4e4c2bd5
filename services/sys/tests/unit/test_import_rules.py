"""Rules of the house about loom_sys's imports, written as tests (``loom_platform.testing.imports``;
every import counts, lazy ones included): no import circle between files, no router importing
another, and domains importing only downward (``LAYERS``)."""

from __future__ import annotations

import loom_sys
from loom_platform.testing.imports import circles, import_graph, upward_imports

# sys's parts from the top down, one layer a line; a part imports only the layers below it.
# Logging in stands on who may do what (menus granted, data seen), that on the people it reaches,
# people on their roles, roles on the data rules and menus they grant, menus on nothing of the
# organisation. What the caller may see comes to the routes below it as a dependency (caller).
LAYERS = [
    "cli",
    "main",
    "grpc_server seed models",
    "log",
    "auth",
    "access",
    "user",
    "role",
    "datarule",
    "menu",
    "office post",
    "area file",
    "caller config dict domain_resource tree_nodes",
    "announce common events messages seed_data settings",
]
# What still runs upward, each pair to be untangled (the list only shrinks: issue 39).
STILL_UPWARD = {
    "office -> user": "an office with users is not deleted (User)",
}


def test_no_import_circle_between_files() -> None:
    # given
    graph = import_graph(loom_sys)
    # when / then
    assert [sorted(c) for c in circles(graph)] == []


def test_domains_import_only_downward() -> None:
    # when
    upward = upward_imports(loom_sys, LAYERS, STILL_UPWARD)
    # then
    assert upward == []


def test_no_router_imports_another_router() -> None:
    # given
    graph = import_graph(loom_sys)
    # when
    routers = {m for m in graph if m.endswith(".router")}
    crossing = {m: sorted(graph[m] & routers) for m in routers if graph[m] & routers}
    # then
    assert crossing == {}
