"""The engine's core stays free of import circles: behaviours reach the agenda through
``engine/ports.py`` and never import ``engine/agenda``; only the agenda imports behaviours.

Every import counts — at the top of a module, inside a function, or under ``TYPE_CHECKING`` — so
a circle cannot hide behind a lazy import (``loom_platform.testing.imports`` reads the graph; each
service's ``tests/unit/test_import_rules.py`` holds its whole package to the same rule).
"""

from __future__ import annotations

import loom_workflow.engine
from loom_platform.testing.imports import circles, import_graph

PACKAGE = "loom_workflow.engine"


def _area(module: str) -> str:
    """``agenda``, ``behaviors``, ``context``, ... — the engine part a module belongs to."""
    return module.removeprefix(PACKAGE + ".").split(".")[0]


def test_behaviours_never_import_the_agenda() -> None:
    # given
    graph = import_graph(loom_workflow.engine)
    # when
    reaching = {
        m: sorted(i for i in imported if _area(i) == "agenda")
        for m, imported in graph.items()
        if _area(m) == "behaviors"
    }
    # then
    assert {m: found for m, found in reaching.items() if found} == {}


def test_no_import_circle_in_the_engine() -> None:
    # given
    graph = import_graph(loom_workflow.engine)
    # when / then: a mutual recursion lives in one module (agenda's cancel_tree/delete_instance)
    assert [sorted(c) for c in circles(graph)] == []


def test_the_walker_sees_a_lazy_import_circle() -> None:
    # given: the graph as it was before the port, behaviours importing the agenda inside a function
    graph = {"a.agenda.operations": {"a.behaviors.gateways"}, "a.behaviors.gateways": {"a.agenda.operations"}}
    # when / then
    assert circles(graph) == [{"a.agenda.operations", "a.behaviors.gateways"}]
    assert (
        "loom_workflow.engine.agenda.agenda"
        in import_graph(loom_workflow.engine)["loom_workflow.engine.engine"]
    )
