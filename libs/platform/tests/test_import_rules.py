"""The import-rule helpers (``loom_platform.testing.imports``) see what they must, and the platform
itself has no import circle between its files."""

from __future__ import annotations

import loom_platform
from loom_platform.testing.imports import circles, foreign_imports, import_graph


def test_the_walker_sees_a_lazy_import_circle() -> None:
    # given: two modules importing each other, one of them inside a function
    graph = {"a.agenda.operations": {"a.behaviors.gateways"}, "a.behaviors.gateways": {"a.agenda.operations"}}
    # when / then
    assert circles(graph) == [{"a.agenda.operations", "a.behaviors.gateways"}]


def test_a_chain_without_a_way_back_is_no_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_the_platform_has_no_import_circle_between_files() -> None:
    # given
    graph = import_graph(loom_platform)
    # when / then: the graph is read (crud imports db, tree imports paging) and holds no circle
    assert "loom_platform.db" in graph["loom_platform.crud"]
    assert "loom_platform.paging" in graph["loom_platform.tree"]
    assert [sorted(c) for c in circles(graph)] == []


def test_foreign_imports_name_the_module_and_what_it_reaches() -> None:
    # when
    found = foreign_imports(loom_platform, ("fastapi",))
    # then
    assert "fastapi.APIRouter" in found["loom_platform.crud"] and "loom_platform.wire" not in found
