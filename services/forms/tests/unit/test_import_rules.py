"""forms has no import circle between its files, its domains import only downward (``LAYERS``), and
its domain services take the clients they use rather than the FastAPI-aware runtime (``runtime.py``,
read by the routers only)."""

from __future__ import annotations

import loom_forms
from loom_platform.testing.imports import circles, import_graph, upward_imports

# forms' parts from the top down, one layer a line; a part imports only the layers below it.
# Online forms stand on the designs they serve (which read form JSON as definitions do), process form
# data on the definitions it stores values of.
LAYERS = [
    "main",
    "cli grpc_server",
    "seed models",
    "generate data",
    "make",
    "definition",
    "category",
    "runtime",
    "gencode_client online_cache common",
    "errors messages settings",
]


def test_no_import_circle_between_files() -> None:
    # given
    graph = import_graph(loom_forms)
    # when / then
    assert [sorted(c) for c in circles(graph)] == []


def test_domains_import_only_downward() -> None:
    # when
    upward = upward_imports(loom_forms, LAYERS)
    # then
    assert upward == []


def test_only_the_app_and_the_routers_read_the_runtime() -> None:
    # given
    graph = import_graph(loom_forms)
    # when
    readers = {m for m, imported in graph.items() if "loom_forms.runtime" in imported}
    # then
    assert {m for m in readers if not m.endswith((".router", ".main"))} == set()


def test_every_named_error_has_its_message_in_both_languages() -> None:
    # given every domain's errors.py
    import importlib
    import inspect

    from loom_forms import messages  # noqa: F401 - registers the catalogue
    from loom_platform.errors import LoomError
    from loom_platform.i18n import EN, ZH, _catalogue

    named = [
        error
        for module in (
            "errors",
            "category.errors",
            "data.errors",
            "definition.errors",
            "make.errors",
            "generate.errors",
        )
        for _, error in inspect.getmembers(importlib.import_module(f"loom_forms.{module}"), inspect.isclass)
        if issubclass(error, LoomError) and error.__module__.startswith("loom_forms")
    ]
    # when
    missing = [e.__name__ for e in named if not {ZH, EN} <= set(_catalogue.get(e.message_key, {}))]
    # then
    assert len(named) > 20 and missing == []


def test_no_router_imports_another_router() -> None:
    # given
    graph = import_graph(loom_forms)
    # when
    routers = {m for m in graph if m.endswith(".router")}
    crossing = {m: sorted(graph[m] & routers) for m in routers if graph[m] & routers}
    # then
    assert crossing == {}
