"""Architecture rules as tests: a package's import graph, its circles and what it reaches outside.

Every import counts — at the top of a module, inside a function, or under ``TYPE_CHECKING`` — so
a circle cannot hide behind a lazy import. Used by each service's ``test_import_rules.py`` and by
the workflow engine's own rules (``tests/unit/engine/test_import_cycles.py``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from types import ModuleType


def modules(package: ModuleType) -> dict[str, Path]:
    """Module name -> file, for every module of ``package`` (a package imported)."""
    root = Path(package.__file__ or "").parent
    found = {}
    for path in root.rglob("*.py"):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join([package.__name__, *parts])] = path
    return found


def imports(module: str, path: Path) -> Iterator[str]:
    """Every name ``module`` imports anywhere in its body (relative imports resolved); a name that
    is not a module stands for the module that defines it (:func:`import_graph` walks up to it)."""
    base = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            origin = node.module or ""
            if node.level:
                origin = ".".join(base[: len(base) - node.level + 1] + [origin]).rstrip(".")
            # ``from pkg import name``: the module ``pkg.name`` when there is one, else ``pkg``
            yield from (f"{origin}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)


def import_graph(package: ModuleType) -> dict[str, set[str]]:
    """Module of ``package`` -> the modules of ``package`` it imports."""
    known = modules(package)
    graph: dict[str, set[str]] = {}
    for module, path in known.items():
        targets = set()
        for name in imports(module, path):
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name != module:
                targets.add(name)
        graph[module] = targets
    return graph


def circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(component)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def foreign_imports(package: ModuleType, forbidden: tuple[str, ...]) -> dict[str, list[str]]:
    """Module of ``package`` -> the imports it makes of ``forbidden`` top-level packages."""
    found: dict[str, list[str]] = {}
    for module, path in modules(package).items():
        hits = sorted({n for n in imports(module, path) if n.split(".")[0] in forbidden})
        if hits:
            found[module] = hits
    return found


def part_of(package: str, module: str) -> str:
    """The part of ``package`` that holds ``module``: its top-level module or folder (``user`` for
    ``loom_sys.user.service``, ``access`` for ``loom_sys.access``)."""
    return module.removeprefix(package + ".").split(".")[0]


def upward_imports(
    package: ModuleType, layers: Sequence[str], still: Mapping[str, str] | None = None
) -> list[str]:
    """The imports of ``package`` that do not run down its declared order of parts, one sentence
    each (``loom_sys.user.service imports loom_sys.auth.service: user stands below auth``).

    ``layers`` lists the parts (top-level modules and folders) from the top down, one line a layer;
    parts on one line are peers and import none of each other (``"office post area"``). A part
    imports only parts of the layers below its own, and every part of the package is declared.
    ``still`` names the upward pairs a service has not untangled yet (``"user -> auth": "why"``):
    they are not reported while they hold, and one that no longer holds is, so the list only shrinks.
    """
    name = package.__name__
    rank = {part: len(layers) - i for i, line in enumerate(layers) for part in line.split()}
    graph = {m: imported - {name} for m, imported in import_graph(package).items() if m != name}
    found = [
        f"{name}.{p} is in no layer: declare where it stands"
        for p in sorted({part_of(name, m) for m in graph} - set(rank))
    ]
    seen: set[str] = set()
    for module, imported in sorted(graph.items()):
        source = part_of(name, module)
        for target in sorted(imported):
            upper = part_of(name, target)
            if upper == source or source not in rank or upper not in rank or rank[upper] < rank[source]:
                continue
            seen.add(f"{source} -> {upper}")
            if f"{source} -> {upper}" not in (still or {}):
                where = "beside" if rank[upper] == rank[source] else "below"
                found.append(f"{module} imports {target}: {source} stands {where} {upper}")
    found += [
        f"{pair} no longer runs upward: strike it from the list" for pair in sorted(set(still or {}) - seen)
    ]
    return found
