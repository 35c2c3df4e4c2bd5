"""Rules of the house about workflow's routes, written as tests: a route takes what it shares as typed
dependencies (the runtime, the caller, rights, read-your-writes), not from the raw request.

- No route reads ``app.state`` or applies pending history itself (``settle_history``: ``settle.py``).
- Only the routes named in ``RAW_REQUEST`` take the raw ``Request``, each for a reason of its own.
- Every ``/flowable/task/*`` route is in ``task/``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import loom_workflow

ROOT = Path(loom_workflow.__file__).parent

# route -> why it still reads the raw request (the list only shrinks: issue 39)
RAW_REQUEST = {
    "notice/router.py:stream": "the stream ends when the client disconnects",
}


def _prefix(tree: ast.Module) -> str:
    """The ``prefix`` of the file's ``APIRouter(...)``, or none."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "APIRouter":
            for keyword in node.keywords:
                if keyword.arg == "prefix" and isinstance(keyword.value, ast.Constant):
                    return str(keyword.value.value)
    return ""


def _routes() -> Iterator[tuple[str, ast.AsyncFunctionDef | ast.FunctionDef, str]]:
    """Each route as ``file:function``, its function and its full path."""
    for path in sorted(ROOT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            for d in getattr(node, "decorator_list", []):
                if isinstance(d, ast.Call) and ast.unparse(d.func).startswith("router.") and d.args:
                    assert isinstance(node, ast.AsyncFunctionDef | ast.FunctionDef)
                    route = ast.literal_eval(d.args[0]) if isinstance(d.args[0], ast.Constant) else "?"
                    yield f"{path.relative_to(ROOT).as_posix()}:{node.name}", node, _prefix(tree) + route


def _body(route: ast.AsyncFunctionDef | ast.FunctionDef) -> str:
    return "\n".join(ast.unparse(statement) for statement in route.body)


def test_no_route_reads_the_app_state_or_settles_history_by_hand() -> None:
    # when
    found = [
        name
        for name, route, _ in _routes()
        if any(word in _body(route) for word in ("app.state", "settle_history(", "runtime_of("))
        and name != "notice/router.py:stream"  # the hub of live notices (the notice consumer's)
    ]
    # then
    assert found == []


def test_only_the_routes_named_take_the_raw_request() -> None:
    # when
    taking = {
        name
        for name, route, _ in _routes()
        if any(
            a.annotation is not None and ast.unparse(a.annotation) == "Request"
            for a in route.args.args + route.args.kwonlyargs
        )
    }
    # then
    assert taking == set(RAW_REQUEST)


def test_every_flowable_task_route_is_in_the_task_folder() -> None:
    # when
    outside = sorted(
        name
        for name, _, path in _routes()
        if path.startswith("/flowable/task/") and not name.startswith("task/")
    )
    # then
    assert outside == []
