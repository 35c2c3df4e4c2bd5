"""The engine's core stays free of import circles: behaviours reach the agenda through
``engine/ports.py`` and never import ``engine/agenda``; only the agenda imports behaviours.

Every import counts — at the top of a module, inside a function, or under ``TYPE_CHECKING`` — so
a circle cannot hide behind a lazy import.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import loom_workflow.engine

ENGINE = Path(loom_workflow.engine.__file__).parent
PACKAGE = "loom_workflow.engine"


def _modules() -> dict[str, Path]:
    found = {}
    for path in ENGINE.rglob("*.py"):
        parts = list(path.relative_to(ENGINE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join([PACKAGE, *parts])] = path
    return found


def _imported(module: str, path: Path, known: dict[str, Path]) -> Iterator[str]:
    """The engine modules ``module`` imports anywhere in its body."""
    base = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    for node in ast.walk(ast.parse(path.read_text())):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom):
            origin = ".".join(base[: len(base) - node.level + 1] + [node.module or ""]).rstrip(".")
            if not node.level:
                origin = node.module or ""
            names = [f"{origin}.{a.name}" if f"{origin}.{a.name}" in known else origin for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name != module:
                yield name


def import_graph() -> dict[str, set[str]]:
    """Engine module -> the engine modules it imports."""
    known = _modules()
    return {m: set(_imported(m, p, known)) for m, p in known.items()}


def circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(component)

    for v in graph:
        if v not in index:
            visit(v)
    return found


def _area(module: str) -> str:
    """``agenda``, ``behaviors``, ``context``, ... — the engine part a module belongs to."""
    return module.removeprefix(PACKAGE + ".").split(".")[0]


def test_behaviours_never_import_the_agenda() -> None:
    # given
    graph = import_graph()
    # when
    reaching = {
        m: sorted(i for i in imported if _area(i) == "agenda")
        for m, imported in graph.items()
        if _area(m) == "behaviors"
    }
    # then
    assert {m: found for m, found in reaching.items() if found} == {}


def test_no_import_circle_spans_two_parts_of_the_engine() -> None:
    # given
    graph = import_graph()
    # when
    spanning = [sorted(c) for c in circles(graph) if len({_area(m) for m in c}) > 1]
    # then: a circle may only be a mutual recursion inside one part (e.g. agenda's cancel/delete)
    assert spanning == []


def test_the_walker_sees_a_lazy_import_circle() -> None:
    # given: the graph as it was before the port, behaviours importing the agenda inside a function
    graph = {"a.agenda.operations": {"a.behaviors.gateways"}, "a.behaviors.gateways": {"a.agenda.operations"}}
    # when / then
    assert circles(graph) == [{"a.agenda.operations", "a.behaviors.gateways"}]
    assert "loom_workflow.engine.agenda.agenda" in import_graph()["loom_workflow.engine.engine"]
