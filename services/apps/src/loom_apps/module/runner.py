"""Runs a module version's own generated tests in a child process against a throwaway schema.

The schema is made in the business database (``loom_app``) by the host's own role, which needs no
right beyond creating schemas there (no CREATEROLE, nothing in any other database). The tests'
URL names it as the session's search path (libpq's ``options``), so the generated test's engine
finds the copies of the module's tables and never touches the real rows. The copies are
``LIKE ... INCLUDING ALL`` of the synchronised tables: same columns, types, defaults and constraints.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import secrets
import sys
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine

MAX_LOG = 200_000


@dataclass(frozen=True)
class TestRun:
    """What a test run answered."""

    passed: bool
    log: str


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


async def _create_sandbox(engine: AsyncEngine, schema: str, tables: list[str]) -> None:
    async with engine.begin() as conn:
        await conn.execute(text(f"CREATE SCHEMA {_quoted(schema)}"))
        for table in tables:
            copy = f"{_quoted(schema)}.{_quoted(table)}"
            await conn.execute(text(f"CREATE TABLE {copy} (LIKE public.{_quoted(table)} INCLUDING ALL)"))


async def _drop_sandbox(engine: AsyncEngine, schema: str) -> None:
    async with engine.begin() as conn:
        await conn.execute(text(f"DROP SCHEMA IF EXISTS {_quoted(schema)} CASCADE"))


def sandbox_url(app_url: str, schema: str) -> str:
    """The business database's URL whose sessions see ``schema`` only (its search path)."""
    url = make_url(app_url).update_query_dict({"options": f"-csearch_path={schema}"})
    return url.render_as_string(hide_password=False)


async def run_tests(
    engine: AsyncEngine, app_url: str, back: Path, tables: list[str], timeout: float
) -> TestRun:
    """Runs ``back/tests`` with pytest; passes only when pytest exits 0 having run some test."""
    schema = f"loom_apps_t_{secrets.token_hex(6)}"
    try:
        await _create_sandbox(engine, schema, tables)
    except Exception as exc:
        await _drop_sandbox(engine, schema)
        return TestRun(False, f"could not prepare the test schema: {exc}")
    try:
        return await _pytest(back, sandbox_url(app_url, schema), timeout)
    finally:
        await _drop_sandbox(engine, schema)


# What every generated test imports, loaded once in the fork server: a run forks a process that
# has them (a fresh interpreter spent seconds of CPU importing them, many more on a busy machine).
PRELOAD = [
    "pytest",
    "pytest_asyncio.plugin",
    "httpx",
    "fastapi",
    "sqlalchemy.ext.asyncio",
    "sqlmodel",
    "openpyxl",
    "loom_platform.auth",
    "loom_platform.db",
    "loom_platform.http",
    "loom_platform.crud",
    "loom_platform.testing.auth",
    "loom_apps.module.runner",
    # each forked process imports the host's main script again (guarded by __name__ == "__main__")
    "loom_apps.cli",
]
_forks = multiprocessing.get_context("forkserver")
_forks.set_forkserver_preload(PRELOAD)


def warm() -> None:
    """Starts the fork server (and its imports) before the first version arrives."""
    child = _forks.Process(target=_nothing, daemon=True)
    child.start()
    child.join()


def _nothing() -> None:
    return None


def _pytest_child(back: str, url: str, log_path: str) -> None:
    """In the forked process: pytest on ``back/tests`` with its output in ``log_path``."""
    log = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.dup2(log, 1)
    os.dup2(log, 2)
    os.chdir(back)
    sys.path.insert(0, back)
    os.environ["LOOM_GENERATED_TEST_DATABASE_URL"] = url
    os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
    # only the plugin the generated tests use (every installed one cost seconds per run)
    os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    import pytest

    args = ["-q", "-p", "no:cacheprovider", "-p", "pytest_asyncio.plugin", "--rootdir", back, "tests"]
    # the fork server imported the plugin already, so pytest cannot rewrite its asserts (it need not)
    args[:0] = [
        "-W",
        "ignore:Module already imported so cannot be rewritten:pytest.PytestAssertRewriteWarning",
    ]
    code = pytest.main(args)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(int(code))


async def _pytest(back: Path, url: str, timeout: float) -> TestRun:
    log_path = back.parent / "pytest.log"
    child = _forks.Process(target=_pytest_child, args=(str(back), url, str(log_path)), daemon=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, child.start)
    await loop.run_in_executor(None, child.join, timeout)
    if child.exitcode is None:
        child.kill()
        await loop.run_in_executor(None, child.join)
        return TestRun(False, f"the module's tests took longer than {timeout:g} s")
    try:
        log = log_path.read_text("utf-8", "replace")[-MAX_LOG:]
    except OSError as exc:
        log = f"the module's tests left no output: {exc}"
    ran = " passed" in log
    return TestRun(child.exitcode == 0 and ran, log)
