"""Rules of the house about loom_sys's imports, written as tests (``loom_platform.testing.imports``;
every import counts, lazy ones included): no import circle between files, no router importing
another, and domains importing only downward (``LAYERS``)."""

from __future__ import annotations

import loom_sys
from loom_platform.testing.imports import circles, import_graph, upward_imports

# sys's parts from the top down, one layer a line; a part imports only the layers below it.
# Logging in stands on who may do what, that on the data rules, those on the people they reach,
# people on their roles, roles on the menus they grant, menus on nothing of the organisation.
LAYERS = [
    "cli",
    "main",
    "grpc_server seed models",
    "log",
    "auth",
    "access",
    "datarule",
    "user",
    "role",
    "menu",
    "office post",
    "area file",
    "config dict domain_resource tree_nodes",
    "announce common events messages seed_data settings",
]
# What still runs upward, each pair to be untangled (the list only shrinks: issue 39).
STILL_UPWARD = {
    "menu -> access": "the menu tree of the caller reads the menus granted (granted_menu_ids)",
    "office -> datarule": "the office routes scope by the caller's data rules (access_for)",
    "office -> user": "an office with users is not deleted (User)",
    "role -> datarule": "a role's form shows and saves its data scope (role_grants)",
    "role -> user": "a role's members (UserRole, the user list)",
    "user -> datarule": "the user routes scope by the caller's data rules (access_for)",
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
