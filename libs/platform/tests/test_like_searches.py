"""Every LIKE of the platform goes through ``loom_platform.paging`` (``contains``, ``starts_with``),
which takes the user's ``%``, ``_`` and ``\\`` literally: a search written by hand forgot it five
times. A rule of the house written as a test: it fails when a LIKE is written anywhere else.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import sqlalchemy as sa

from loom_platform.paging import contains, starts_with

ROOT = Path(__file__).resolve().parents[3]
HELPER = ROOT / "libs/platform/src/loom_platform/paging.py"
# SQLAlchemy's pattern operators, and the column helpers that build a LIKE without escaping
LIKE_METHODS = {"like", "ilike", "notlike", "notilike", "not_like", "not_ilike", "regexp_match"}
# a LIKE in hand-written SQL text; constant patterns with no user input are listed by file
SQL_LIKE = re.compile(r"\bWHERE\b.*\b(I?LIKE|SIMILAR TO)\b", re.S | re.I)
CONSTANT_PATTERNS = {
    # the scheduler's own lock-owner prefix, a constant
    "services/workflow/src/loom_workflow/pgstore/lease.py": "LIKE 'scheduler-%%'",
}


def _sources() -> list[Path]:
    found = [*ROOT.glob("services/*/src/**/*.py"), *ROOT.glob("libs/*/src/**/*.py")]
    return [p for p in found if "_pb2" not in p.name and p != HELPER]


def _violations(path: Path) -> list[str]:
    text = path.read_text()
    relative = str(path.relative_to(ROOT))
    wrong = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in LIKE_METHODS:
                wrong.append(f"{relative}:{node.lineno}: .{node.func.attr}(")
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and SQL_LIKE.search(node.value):
            allowed = CONSTANT_PATTERNS.get(relative)
            if allowed is None or allowed not in node.value:
                wrong.append(f"{relative}:{node.lineno}: LIKE in SQL text")
    return wrong


def test_no_like_is_written_outside_the_search_helper() -> None:
    sources = _sources()
    assert len(sources) > 100, "the services' sources were not found"
    wrong = [v for path in sources for v in _violations(path)]
    assert not wrong, f"use loom_platform.paging.contains/starts_with: {wrong}"


def _sql(clause: sa.ColumnElement[bool]) -> tuple[str, object]:
    compiled = clause.compile(compile_kwargs={"literal_binds": False})
    return str(compiled), next(iter(compiled.params.values()))


def test_the_helpers_take_percent_underscore_and_backslash_literally() -> None:
    column = sa.column("name", sa.String)
    # when
    any_case, pattern = _sql(contains(column, "50%_a\\b"))
    exact, exact_pattern = _sql(contains(column, "x_", any_case=False))
    prefix, prefix_pattern = _sql(starts_with(column, ",a_b,"))
    # then
    assert "lower(" in any_case and "ESCAPE" in any_case and pattern == "%50\\%\\_a\\\\b%"
    assert "lower(" not in exact and "LIKE" in exact and exact_pattern == "%x\\_%"
    assert "ESCAPE" in prefix.upper() and prefix_pattern == ",a\\_b,%"
