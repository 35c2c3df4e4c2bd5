"""Runs a module version's own generated tests in a child process against a throwaway schema.

The schema belongs to a throwaway role of the same name, so PostgreSQL's default search path
(``"$user", public``) finds the copies of the module's tables first and the tests never touch the
real rows. The copies are ``LIKE ... INCLUDING ALL`` of the synchronised tables: same columns,
types, defaults and constraints.
"""

from __future__ import annotations

import asyncio
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


async def _create_sandbox(engine: AsyncEngine, role: str, password: str, tables: list[str]) -> None:
    async with engine.begin() as conn:
        await conn.execute(text(f"CREATE ROLE {_quoted(role)} LOGIN PASSWORD '{password}'"))
        await conn.execute(text(f"CREATE SCHEMA {_quoted(role)} AUTHORIZATION {_quoted(role)}"))
        for table in tables:
            copy = f"{_quoted(role)}.{_quoted(table)}"
            await conn.execute(text(f"CREATE TABLE {copy} (LIKE public.{_quoted(table)} INCLUDING ALL)"))
            await conn.execute(text(f"ALTER TABLE {copy} OWNER TO {_quoted(role)}"))


async def _drop_sandbox(engine: AsyncEngine, role: str) -> None:
    async with engine.begin() as conn:
        await conn.execute(text(f"DROP SCHEMA IF EXISTS {_quoted(role)} CASCADE"))
        await conn.execute(text(f"DROP ROLE IF EXISTS {_quoted(role)}"))


def _sandbox_url(app_url: str, role: str, password: str) -> str:
    url = make_url(app_url).set(username=role, password=password)
    return url.render_as_string(hide_password=False)


async def run_tests(
    engine: AsyncEngine, app_url: str, back: Path, tables: list[str], timeout: float
) -> TestRun:
    """Runs ``back/tests`` with pytest; passes only when pytest exits 0 having run some test."""
    role = f"loom_apps_t_{secrets.token_hex(6)}"
    password = secrets.token_hex(16)
    try:
        await _create_sandbox(engine, role, password, tables)
    except Exception as exc:
        await _drop_sandbox(engine, role)
        return TestRun(False, f"could not prepare the test schema: {exc}")
    try:
        return await _pytest(back, _sandbox_url(app_url, role, password), timeout)
    finally:
        await _drop_sandbox(engine, role)


async def _pytest(back: Path, url: str, timeout: float) -> TestRun:
    env = {
        **os.environ,
        "PYTHONPATH": str(back),
        "LOOM_GENERATED_TEST_DATABASE_URL": url,
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        "--rootdir",
        str(back),
        "tests",
    ]
    process = await asyncio.create_subprocess_exec(
        *command,
        cwd=back,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        output, _ = await asyncio.wait_for(process.communicate(), timeout)
    except TimeoutError:
        process.kill()
        await process.wait()
        return TestRun(False, f"the module's tests took longer than {timeout:g} s")
    log = output.decode("utf-8", "replace")[-MAX_LOG:]
    ran = " passed" in log
    return TestRun(process.returncode == 0 and ran, log)
