"""pytest fixtures shared by every service (loaded from the root ``conftest.py``).

PostgreSQL: ``LOOM_TEST_DATABASE_URL`` when set, else the embedded server under
``.loom/test/pg``. NATS: ``LOOM_TEST_NATS_URL`` when set, else a nats-server started for the
session. Each service creates its own database on that server and empties it between tests.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine

from loom_platform.db import sync_url
from loom_platform.embedded import free_port, postgres_url, start_nats
from loom_platform.settings import repo_root


@pytest.fixture(scope="session")
def postgres_server_url() -> str:
    """A PostgreSQL server URL (database ``postgres``)."""
    configured = os.environ.get("LOOM_TEST_DATABASE_URL")
    if configured:
        return configured
    # Stopped when the last test process using it exits: `make test` leaves no server running.
    return postgres_url(repo_root() / ".loom" / "test" / "pg", stop_with_last_user=True)


@pytest.fixture(scope="session")
def nats_url() -> Iterator[str]:
    """A NATS server with JetStream."""
    configured = os.environ.get("LOOM_TEST_NATS_URL")
    if configured:
        yield configured
        return
    store = Path(tempfile.mkdtemp(prefix="loom-nats-"))
    port = free_port()
    process: subprocess.Popen[bytes] = start_nats(port, store)
    try:
        yield f"nats://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=10)
        shutil.rmtree(store, ignore_errors=True)


def worker_suffix() -> str:
    """Distinct database names per pytest-xdist worker and per process."""
    return f"{os.environ.get('PYTEST_XDIST_WORKER', 'main')}_{os.getpid()}"


def recreate_database(server_url: str, name: str) -> str:
    """Drops and creates database ``name`` on the server; returns its URL."""
    admin = make_url(sync_url(server_url)).set(drivername="postgresql")
    with psycopg.connect(admin.render_as_string(hide_password=False), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    return make_url(server_url).set(database=name).render_as_string(hide_password=False)


def drop_database(server_url: str, name: str) -> None:
    admin = make_url(sync_url(server_url)).set(drivername="postgresql")
    with psycopg.connect(admin.render_as_string(hide_password=False), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def truncate_all(engine: AsyncEngine, keep: tuple[str, ...] = ("alembic_version",)) -> None:
    """Empties every table of the public schema but ``keep`` (between tests)."""
    async with engine.begin() as conn:
        names = (
            (await conn.execute(text("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")))
            .scalars()
            .all()
        )
        targets = [f'"{n}"' for n in names if n not in keep]
        if targets:
            await conn.execute(text(f"TRUNCATE {', '.join(targets)} RESTART IDENTITY CASCADE"))
