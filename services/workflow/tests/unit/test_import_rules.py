"""Rules of the house about workflow's imports, written as tests (``loom_platform.testing.imports``).

- No import circle between files, except the small mutual recursions inside one part of the engine
  that ``engine/test_import_cycles.py`` names (the agenda's operations calling each other).
- The two loops between folders stay cut: the shared errors import no domain (the tasks' service
  imports the engine host, which translates engine errors), and copies import nothing of processes
  (the processes' routers depend on the copies' rights check).
- The engine is a pure core: no web framework, no SQL toolkit, no database driver, no platform.
- Domains import only downward (``LAYERS``); the pairs not untangled yet stand in ``STILL_UPWARD``.
"""

from __future__ import annotations

import loom_workflow
import loom_workflow.engine
from loom_platform.testing.imports import circles, foreign_imports, import_graph, upward_imports

ENGINE = "loom_workflow.engine."
WEB_AND_DATABASE = (
    "fastapi",
    "starlette",
    "sqlalchemy",
    "sqlmodel",
    "asyncpg",
    "psycopg",
    "psycopg2",
    "loom_platform",
    "nats",
    "grpc",
)


# workflow's parts from the top down, one layer a line; a part imports only the layers below it.
# Process tests stand on the dry run, the dry run on the tasks, tasks on the charts (every
# /flowable/task route is in task/), the charts on processes, processes on the
# job runners and the models, all of them on the engine host, which stands on the nodes' extensions.
LAYERS = [
    "cli main models",
    "proctest",
    "flowform",
    "dryrun notice",
    "analytics migration task",
    "diagram",
    "process",
    "jobs",
    "connector",
    "decision modeler",
    "caller external flowcopy incident settle signedurl",
    "engine_host seed",
    "extension history_metrics typed",
    "errors events forms_client pgstore",
    "category collector comments common engine messages settings supervisor users",
]
# What still runs upward, each pair to be untangled (the list only shrinks: issue 39).
STILL_UPWARD = {
    "engine_host -> task": "the engine host arms a task's deadline (task/deadlines.py)",
    "extension -> task": "assignees and sys's answers read a node's deadline (task/deadlines.py)",
    "modeler -> proctest": "the model routes run a model's process tests",
}


def _part(module: str) -> str:
    """``agenda``, ``behaviors``, ... for an engine module; the module itself elsewhere."""
    return module.removeprefix(ENGINE).split(".")[0] if module.startswith(ENGINE) else module


def test_no_import_circle_between_files_outside_one_part_of_the_engine() -> None:
    # given
    graph = import_graph(loom_workflow)
    # when
    spanning = [sorted(c) for c in circles(graph) if len({_part(m) for m in c}) > 1]
    # then
    assert spanning == []


def _reaching(graph: dict[str, set[str]], source: str, target: str) -> dict[str, list[str]]:
    return {
        m: sorted(i for i in imported if i.startswith(target))
        for m, imported in graph.items()
        if m.startswith(source) and any(i.startswith(target) for i in imported)
    }


def test_domains_import_only_downward() -> None:
    # when
    upward = upward_imports(loom_workflow, LAYERS, STILL_UPWARD)
    # then
    assert upward == []


def test_the_shared_errors_import_no_domain() -> None:
    # given
    graph = import_graph(loom_workflow)
    # when
    imported = graph["loom_workflow.errors"]
    # then: only the engine's errors, whose translation it is
    assert imported == {"loom_workflow.engine.errors"}


def test_copies_import_nothing_of_processes() -> None:
    # given
    graph = import_graph(loom_workflow)
    # when / then
    assert _reaching(graph, "loom_workflow.flowcopy", "loom_workflow.process") == {}


def test_no_router_imports_another_router() -> None:
    # given
    graph = import_graph(loom_workflow)
    # when
    routers = {m for m in graph if m.endswith(".router")}
    crossing = {m: sorted(graph[m] & routers) for m in routers if graph[m] & routers}
    # then
    assert crossing == {}


def test_the_engine_imports_no_web_framework_sql_toolkit_or_database_driver() -> None:
    # when
    found = foreign_imports(loom_workflow.engine, WEB_AND_DATABASE)
    # then
    assert found == {}
