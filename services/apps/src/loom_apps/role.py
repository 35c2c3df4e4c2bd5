"""The host's runtime database role: rights on its own database and on ``loom_app``, nothing more.

Generated code runs inside the host, so the host serves with a role that is no superuser, cannot
create roles or databases, and reaches no other service's database: it reads and writes the
business tables of ``loom_app`` (those there now and those gencode synchronises later) and may
create schemas there, which is all a module's test sandbox needs (``module/runner.py``). An
administrator's connection creates or updates the role at setup (``loom-apps setup`` with
``LOOM_APPS_RUNTIME_ROLE``); ``serve`` then connects as that role.
"""

from __future__ import annotations

import psycopg
from psycopg import sql
from sqlalchemy.engine import make_url

from loom_platform.db import sync_url
from loom_platform.migrations import ensure_database

TABLE_RIGHTS = sql.SQL("SELECT, INSERT, UPDATE, DELETE")
SEQUENCE_RIGHTS = sql.SQL("USAGE, SELECT, UPDATE")


def _dsn(url: str) -> str:
    return make_url(sync_url(url)).set(drivername="postgresql").render_as_string(hide_password=False)


def role_url(url: str, role: str, password: str) -> str:
    """``url`` connecting as ``role``."""
    return make_url(url).set(username=role, password=password or None).render_as_string(hide_password=False)


def _ensure_role(conn: psycopg.Connection, role: str, password: str) -> None:
    found = conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone()
    verb = sql.SQL("ALTER ROLE") if found else sql.SQL("CREATE ROLE")
    conn.execute(
        sql.SQL(
            "{} {} LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB NOREPLICATION NOBYPASSRLS PASSWORD {}"
        ).format(verb, sql.Identifier(role), sql.Literal(password or None))
    )


def _grant_tables(conn: psycopg.Connection, role: str) -> None:
    """Today's tables and sequences of ``public`` and those the administrator makes later."""
    name = sql.Identifier(role)
    conn.execute(sql.SQL("GRANT USAGE ON SCHEMA public TO {}").format(name))
    conn.execute(
        sql.SQL("ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT {} ON TABLES TO {}").format(
            TABLE_RIGHTS, name
        )
    )
    conn.execute(
        sql.SQL("ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT {} ON SEQUENCES TO {}").format(
            SEQUENCE_RIGHTS, name
        )
    )
    conn.execute(sql.SQL("GRANT {} ON ALL TABLES IN SCHEMA public TO {}").format(TABLE_RIGHTS, name))
    conn.execute(sql.SQL("GRANT {} ON ALL SEQUENCES IN SCHEMA public TO {}").format(SEQUENCE_RIGHTS, name))


def grant_runtime_role(*, database_url: str, app_database_url: str, role: str, password: str) -> None:
    """Creates or updates ``role`` (with an administrator's URLs): its own database's rows, and on
    ``loom_app`` the business tables' rows plus the right to create (sandbox) schemas."""
    try:
        ensure_database(app_database_url)
    except psycopg.errors.DuplicateDatabase:
        pass  # gencode's setup made it meanwhile
    with psycopg.connect(_dsn(database_url), autocommit=True) as conn:
        _ensure_role(conn, role, password)
        database = make_url(database_url).database or ""
        conn.execute(
            sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(
                sql.Identifier(database), sql.Identifier(role)
            )
        )
        _grant_tables(conn, role)
    with psycopg.connect(_dsn(app_database_url), autocommit=True) as conn:
        database = make_url(app_database_url).database or ""
        conn.execute(
            sql.SQL("GRANT CONNECT, CREATE ON DATABASE {} TO {}").format(
                sql.Identifier(database), sql.Identifier(role)
            )
        )
        _grant_tables(conn, role)
