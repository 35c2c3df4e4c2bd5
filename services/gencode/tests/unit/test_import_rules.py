"""Rules of the house about loom_gencode's imports, written as tests (``loom_platform.testing.imports``;
every import counts, lazy ones included): no import circle between files, no router importing
another, and domains importing only downward (``LAYERS``)."""

from __future__ import annotations

import loom_gencode
from loom_platform.testing.imports import circles, import_graph, upward_imports

# gencode's parts from the top down, one layer a line; a part imports only the layers below it.
# A generation scheme stands on the generator, the generator on the table designs, a table design on
# the reference types and the data sources it is read from.
LAYERS = [
    "main",
    "cli grpc_server models",
    "data dataset dbtable",
    "seed",
    "scheme",
    "generate",
    "query sync",
    "table",
    "reftypes",
    "datasource",
    "runtime",
    "common connection licence",
    "errors events identifiers messages settings",
]
# What still runs upward, each pair to be untangled (the list only shrinks: issue 39).
STILL_UPWARD = {
    "generate -> scheme": "the generator reads a table's scheme and writes into its workspace",
    "reftypes -> table": "customObj/add registers a table design as a custom object type",
    "connection -> datasource": "the engines raise the data sources' errors",
    "table -> generate": "the table routes serve the generate dialog and the code downloads",
    "table -> scheme": "a table design is saved with its scheme",
}


def test_no_import_circle_between_files() -> None:
    # given
    graph = import_graph(loom_gencode)
    # when / then
    assert [sorted(c) for c in circles(graph)] == []


def test_domains_import_only_downward() -> None:
    # when
    upward = upward_imports(loom_gencode, LAYERS, STILL_UPWARD)
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
