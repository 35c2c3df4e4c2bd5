"""Rules of the house about workflow's imports, written as tests (``loom_platform.testing.imports``).

- No import circle between files, inside the engine too (a mutual recursion lives in one module,
  as the agenda's ``cancel.py``).
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
# Process tests stand on the dry run (the models' deploy route still asks them: STILL_UPWARD); the
# dry run and the notices (which run in the job workers) stand on the job runners, those on the
# tasks (a deadline's job), tasks on processes, processes on the models, all of them on the engine
# host, which runs the domains' jobs handed to it and stands on the nodes' extensions.
LAYERS = [
    "cli main models",
    "proctest",
    "flowform",
    "dryrun notice",
    "jobs",
    "analytics migration task",
    "diagram",
    "process",
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
    "modeler -> proctest": "the deploy route runs the model's process tests before it publishes",
}


def test_no_import_circle_between_files() -> None:
    # given
    graph = import_graph(loom_workflow)
    # when / then
    assert [sorted(c) for c in circles(graph)] == []


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
