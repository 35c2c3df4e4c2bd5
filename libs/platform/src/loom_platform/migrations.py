"""Database creation and Alembic runs, one history per service."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
from alembic import command
from alembic.config import Config
from sqlalchemy import MetaData
from sqlalchemy.engine import make_url

from loom_platform.db import sync_url


def ensure_database(url: str) -> bool:
    """Creates the database named in ``url`` when missing. Returns True when it was created."""
    parsed = make_url(sync_url(url))
    name = parsed.database
    admin = parsed.set(database="postgres", drivername="postgresql")
    dsn = admin.render_as_string(hide_password=False)
    with psycopg.connect(dsn, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if exists:
            return False
        try:
            conn.execute(f'CREATE DATABASE "{name}"')  # name comes from settings, not from a user
        except (psycopg.errors.DuplicateDatabase, psycopg.errors.UniqueViolation):
            return False  # another process (a replica's setup, the app host's) made it meanwhile
        return True


# The advisory lock key every service's migrate and seed hold on its own database ("loom")
MIGRATION_LOCK = 0x6C6F6F6D


@contextmanager
def migration_lock(url: str) -> Iterator[None]:
    """Holds an advisory lock on the database of ``url`` (created when missing) while the block runs.

    ``migrate``, ``seed`` and ``setup`` run inside it: replicas, init containers or one-shot jobs
    started together take their turns, and the later ones find nothing left to do, instead of two
    Alembic runs inserting the same ``alembic_version`` row (a UniqueViolation) or seeding twice.
    """
    ensure_database(url)
    dsn = make_url(sync_url(url)).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute("SELECT pg_advisory_lock(%s)", (MIGRATION_LOCK,))
        try:
            yield
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", (MIGRATION_LOCK,))


def alembic_config(service_dir: Path, url: str) -> Config:
    """The Alembic configuration of a service (``<service>/migrations``)."""
    config = Config()
    config.set_main_option("script_location", str(service_dir / "migrations"))
    config.set_main_option("sqlalchemy.url", sync_url(url).replace("%", "%%"))
    return config


def upgrade(service_dir: Path, url: str, revision: str = "head") -> None:
    """Brings the service's database to ``revision``."""
    command.upgrade(alembic_config(service_dir, url), revision)


def run_env(target_metadata: MetaData) -> None:
    """Body of every service's ``migrations/env.py``: online migrations with psycopg."""
    from alembic import context
    from sqlalchemy import create_engine, pool

    url = context.config.get_main_option("sqlalchemy.url")
    if context.is_offline_mode():
        context.configure(url=url, target_metadata=target_metadata, literal_binds=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(url or "", poolclass=pool.NullPool)
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=target_metadata, compare_type=True)
        with context.begin_transaction():
            context.run_migrations()
