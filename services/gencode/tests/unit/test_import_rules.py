"""Rules of the house about loom_gencode's imports, written as tests (``loom_platform.testing.imports``;
every import counts, lazy ones included): no import circle between files, no router importing
another, and domains importing only downward (``LAYERS``)."""

from __future__ import annotations

import loom_gencode
from loom_platform.testing.imports import circles, import_graph, upward_imports

# gencode's parts from the top down, one layer a line; a part imports only the layers below it.
# The generator stands on the generation schemes, a scheme on the table design it belongs to, a table
# design on the reference types and the data sources it is read from, those on the runtime, which
# holds the connections to the databases.
LAYERS = [
    "main",
    "cli grpc_server models",
    "data dataset dbtable",
    "seed",
    "generate",
    "scheme",
    "query sync",
    "table",
    "reftypes",
    "datasource",
    "runtime",
    "common connection licence",
    "errors events identifiers messages settings",
]


def test_no_import_circle_between_files() -> None:
    # given
    graph = import_graph(loom_gencode)
    # when / then
    assert [sorted(c) for c in circles(graph)] == []


def test_domains_import_only_downward() -> None:
    # when
    upward = upward_imports(loom_gencode, LAYERS)
    # then
    assert upward == []


def test_no_router_imports_another_router() -> None:
    # given
    graph = import_graph(loom_gencode)
    # when
    routers = {m for m in graph if m.endswith(".router")}
    crossing = {m: sorted(graph[m] & routers) for m in routers if graph[m] & routers}
    # then
    assert crossing == {}
