"""Runs a module version's own generated tests in the sandbox against a throwaway schema.

The schema is made in the business database (``loom_app``) by the module role, which needs no
right beyond creating schemas there (no CREATEROLE, nothing in any other database). The tests'
URL — the module role through the host's relay (sandbox/relay.py) — names it as the session's
search path (libpq's ``options``), so the generated test's engine finds the copies of the module's
tables and never touches the real rows. The copies are ``LIKE ... INCLUDING ALL`` of the
synchronised tables: same columns, types, defaults and constraints. The test runs as a child of
the sandbox (``pytest`` task), reading its version's files and writing its run folder only.
"""

from __future__ import annotations

import secrets
import shutil
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine

from loom_apps.sandbox.pool import Sandbox

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
    sandbox: Sandbox, engine: AsyncEngine, module_url: str, back: Path, tables: list[str], timeout: float
) -> TestRun:
    """Runs ``back/tests`` with pytest; passes only when pytest exits 0 having run some test."""
    schema = f"loom_apps_t_{secrets.token_hex(6)}"
    try:
        await _create_sandbox(engine, schema, tables)
    except Exception as exc:
        await _drop_sandbox(engine, schema)
        return TestRun(False, f"could not prepare the test schema: {exc}")
    try:
        return await _pytest(sandbox, back, sandbox_url(module_url, schema), timeout)
    finally:
        await _drop_sandbox(engine, schema)


async def _pytest(sandbox: Sandbox, back: Path, url: str, timeout: float) -> TestRun:
    run = sandbox.run_dir("test")
    try:
        args = {
            "back": str(back),
            "run": str(run),
            "read": [str(back)],
            "write": [str(run)],
            "env": {"LOOM_GENERATED_TEST_DATABASE_URL": url, "TMPDIR": str(run / "tmp"), "HOME": str(run)},
        }
        child = await sandbox.spawn("pytest", args)
        code = await child.wait(timeout)
        if code is None:
            child.kill()
            await child.wait()
            return TestRun(False, f"the module's tests took longer than {timeout:g} s")
        try:
            log = (run / "pytest.log").read_text("utf-8", "replace")[-MAX_LOG:]
        except OSError as exc:
            log = f"the module's tests left no output: {exc}"
        return TestRun(code == 0 and " passed" in log, log)
    finally:
        shutil.rmtree(run, ignore_errors=True)
