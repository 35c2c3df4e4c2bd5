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
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from loom_platform.db import sync_url
from loom_platform.embedded import free_port, postgres_url, start_nats
from loom_platform.migrations import upgrade
from loom_platform.settings import repo_root
from loom_platform.testing.auth import TestTokens


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
    """Empties every table of the public schema but ``keep`` (between tests).

    The service under test keeps running between tests (its outbox relay, consumers, work done
    after a response), so a background write can hold one table while the TRUNCATE holds another:
    PostgreSQL then aborts one of the two as a deadlock. If that is the TRUNCATE, it runs again."""
    for attempt in range(5):
        try:
            async with engine.begin() as conn:
                await _truncate(conn, keep)
            return
        except DBAPIError as exc:
            if getattr(exc.orig, "sqlstate", None) != DEADLOCK_DETECTED or attempt == 4:
                raise


async def _truncate(conn: AsyncConnection, keep: tuple[str, ...]) -> None:
    names = (
        (await conn.execute(text("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")))
        .scalars()
        .all()
    )
    targets = [f'"{n}"' for n in names if n not in keep]
    if targets:
        await conn.execute(text(f"TRUNCATE {', '.join(targets)} RESTART IDENTITY CASCADE"))


# PostgreSQL's SQLSTATE for a transaction aborted to break a deadlock.
DEADLOCK_DETECTED = "40P01"


class SeedSnapshot:
    """A service's seeded rows, written by its seed once and put back before every later test.

    Seeding row by row (menus, grants, dictionaries, each looked up before it is written) was most
    of a sys test's time; copying the seeded tables back from a schema of their own is one
    statement per table. The first :meth:`reset` empties the database, runs ``seed`` and keeps what
    it wrote (rows and sequence positions); every later one empties the database and copies them
    back, foreign keys unchecked while the copies go in (the rows were consistent when taken)."""

    SCHEMA = "loom_test_seed"

    def __init__(self) -> None:
        self._tables: list[tuple[str, str]] | None = None  # table, its column list (no generated ones)
        self._sequences: list[tuple[str, int, bool]] = []

    async def reset(self, engine: AsyncEngine, seed: Callable[[], Awaitable[None]]) -> None:
        if self._tables is None:
            await truncate_all(engine)
            await seed()
            await self._take(engine)
            return
        for attempt in range(5):
            try:
                async with engine.begin() as conn:
                    await _truncate(conn, ("alembic_version",))
                    await conn.execute(text("SET LOCAL session_replication_role = replica"))
                    for table, columns in self._tables:
                        await conn.execute(
                            text(
                                f'INSERT INTO public."{table}" ({columns}) SELECT {columns} FROM {self.SCHEMA}."{table}"'
                            )
                        )
                    for sequence, value, called in self._sequences:
                        await conn.execute(
                            text("SELECT setval(:name, :value, :called)"),
                            {"name": f'public."{sequence}"', "value": value, "called": called},
                        )
                return
            except DBAPIError as exc:
                if getattr(exc.orig, "sqlstate", None) != DEADLOCK_DETECTED or attempt == 4:
                    raise

    async def _take(self, engine: AsyncEngine) -> None:
        async with engine.begin() as conn:
            await conn.execute(text(f"DROP SCHEMA IF EXISTS {self.SCHEMA} CASCADE"))
            await conn.execute(text(f"CREATE SCHEMA {self.SCHEMA}"))
            tables = (
                await conn.execute(
                    text(
                        "SELECT c.relname, string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) "
                        "FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                        "JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped "
                        "AND a.attgenerated = '' "
                        "WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> 'alembic_version' "
                        "GROUP BY c.relname ORDER BY c.relname"
                    )
                )
            ).all()
            kept: list[tuple[str, str]] = []
            for table, columns in tables:
                if (await conn.execute(text(f'SELECT EXISTS (SELECT 1 FROM public."{table}")'))).scalar():
                    await conn.execute(
                        text(
                            f'CREATE TABLE {self.SCHEMA}."{table}" AS SELECT {columns} FROM public."{table}"'
                        )
                    )
                    kept.append((table, columns))
            sequences = (
                await conn.execute(
                    text(
                        "SELECT sequencename, last_value, last_value IS NOT NULL FROM pg_sequences "
                        "WHERE schemaname = 'public'"
                    )
                )
            ).all()
        self._tables = kept
        self._sequences = [(name, value, True) for name, value, called in sequences if called]


@contextmanager
def service_databases(
    server_url: str, names: Sequence[str], migrations: Mapping[int, Path]
) -> Iterator[tuple[str, ...]]:
    """Databases of a service's tests: each of ``names`` (made distinct per process and xdist
    worker) created afresh, the migrations of the service folders in ``migrations`` (index of the
    database → folder) run on them; dropped afterwards. Yields their URLs in order."""
    suffix = worker_suffix()
    unique = [f"{name}_{suffix}" for name in names]
    urls = tuple(recreate_database(server_url, name) for name in unique)
    for index, folder in migrations.items():
        upgrade(folder, urls[index])
    try:
        yield urls
    finally:
        for name in unique:
            drop_database(server_url, name)


def databases_fixture(names: Sequence[str], migrations: Mapping[int, Path]) -> Any:
    """A session fixture ``databases`` of :func:`service_databases` (a service's conftest:
    ``databases = databases_fixture(("loom_x_test",), {0: SERVICE_DIR})``)."""

    @pytest.fixture(scope="session", name="databases")
    def databases(postgres_server_url: str) -> Iterator[tuple[str, ...]]:
        with service_databases(postgres_server_url, names, migrations) as urls:
            yield urls

    return databases


def service_settings(nats_url: str, tokens: TestTokens, state_dir: Path) -> dict[str, Any]:
    """The settings every service under test shares: test mode, the NATS server, the test key
    pair's public key, its own state folder, a quick outbox and quiet plain-text logs."""
    return {
        "mode": "test",
        "nats_url": nats_url,
        "jwt_public_key_file": tokens.public_key_path,
        "state_dir": state_dir,
        "outbox_poll_seconds": 0.05,
        "log_json": False,
        "log_level": "WARNING",
    }


@dataclass
class MenuRecorder:
    """Stands in sys's CreateMenu: records each request, answers ``menu-<n>`` (the real sys is in
    ``e2e/api``)."""

    menus: list[dict[str, Any]] = field(default_factory=list)

    async def create_menu(self, **kwargs: Any) -> str:
        self.menus.append(kwargs)
        return f"menu-{len(self.menus)}"


@pytest.fixture(scope="session")
def mysql_url() -> str:
    """A MariaDB/MySQL database for data-source tests (``LOOM_TEST_MYSQL_URL``); the test is skipped,
    with the reason, when it is unreachable. The driver is the services' (gencode's) dependency."""
    import pymysql

    wanted = os.environ.get("LOOM_TEST_MYSQL_URL", "mysql+pymysql://root@127.0.0.1:3306/test")
    url = make_url(wanted)
    try:
        pymysql.connect(
            host=url.host,
            port=url.port or 3306,
            user=url.username,
            password=url.password or "",
            database=url.database,
            connect_timeout=2,
        ).close()
    except pymysql.MySQLError as exc:
        pytest.skip(f"MariaDB/MySQL at {wanted} is unreachable: {exc}")
    return wanted
