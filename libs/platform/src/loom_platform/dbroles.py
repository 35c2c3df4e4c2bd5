"""PostgreSQL roles of the business database (``loom_app``), made by the services' setup commands.

Three kinds of role touch ``loom_app``, and none of them is an administrator:

- its **owner** (gencode's ``LOOM_GENCODE_APP_OWNER_ROLE``): the ``master`` data source users see —
  table designs synchronised, 数据库管理's DDL, executeSql, data sets. It owns the database and its
  ``public`` schema and nothing else: no superuser, CREATEROLE, CREATEDB, replication, BYPASSRLS or
  membership of the server's powerful built-in roles (files, programs, settings);
- :data:`BUSINESS_ROWS`, a group without login that reads and writes the rows of every table of
  ``public`` — those there now and those the owner (or the administrator) makes later;
- the app host's **module role** (apps' ``LOOM_APPS_MODULE_ROLE``): a login member of that group,
  the one database credential a generated module gets.

Both setups make the group when it is missing, so they may run in either order. Each function
takes an administrator's URL (setup runs as one; ``serve`` never does).
"""

from __future__ import annotations

import random
import time

import psycopg
from psycopg import sql
from sqlalchemy.engine import make_url

from loom_platform.db import sync_url

# The group that reads and writes the business tables' rows (granted to the app host's module role).
BUSINESS_ROWS = "loom_app_rows"
TABLE_RIGHTS = sql.SQL("SELECT, INSERT, UPDATE, DELETE")
SEQUENCE_RIGHTS = sql.SQL("USAGE, SELECT, UPDATE")
# A login that can do nothing beyond what is granted to it.
PLAIN_LOGIN = "LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB NOREPLICATION NOBYPASSRLS"
# How often a setup that lost a race for a role (made or altered by another) looks again.
_ROLE_RACE_ATTEMPTS = 20


def dsn(url: str) -> str:
    """A libpq connection string for a settings URL (whatever its SQLAlchemy driver)."""
    return make_url(sync_url(url)).set(drivername="postgresql").render_as_string(hide_password=False)


def role_url(url: str, role: str, password: str) -> str:
    """``url`` connecting as ``role``."""
    return make_url(url).set(username=role, password=password or None).render_as_string(hide_password=False)


def database_of(url: str) -> str:
    """The database a URL names."""
    return make_url(url).database or ""


def ensure_login(conn: psycopg.Connection, role: str, password: str) -> None:
    """Creates ``role`` as a plain login (or resets an existing one to that, with ``password``).

    Roles belong to the whole server, so setups of other databases (parallel test workers, two
    services' setup Jobs) may make or alter the same role at the same moment: the loser of such a
    race looks again and alters what the winner made."""
    for attempt in range(_ROLE_RACE_ATTEMPTS):
        found = conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone()
        verb = sql.SQL("ALTER ROLE") if found else sql.SQL("CREATE ROLE")
        try:
            conn.execute(
                sql.SQL("{} {} " + PLAIN_LOGIN + " PASSWORD {}").format(
                    verb, sql.Identifier(role), sql.Literal(password or None)
                )
            )
            return
        except psycopg.Error as error:
            if attempt + 1 == _ROLE_RACE_ATTEMPTS or not _lost_role_race(error):
                raise
            time.sleep(random.uniform(0.005, 0.05))  # apart, so the racers do not meet again


def _grant_membership(conn: psycopg.Connection, group: str, role: str) -> None:
    """``role`` joins ``group``; a setup of another database may be granting the same at once."""
    statement = sql.SQL("GRANT {} TO {}").format(sql.Identifier(group), sql.Identifier(role))
    for attempt in range(_ROLE_RACE_ATTEMPTS):
        try:
            conn.execute(statement)
            return
        except psycopg.Error as error:
            if attempt + 1 == _ROLE_RACE_ATTEMPTS or not _lost_role_race(error):
                raise
            time.sleep(random.uniform(0.005, 0.05))


def _lost_role_race(error: psycopg.Error) -> bool:
    """Whether ``error`` is another session having made or changed the same role meanwhile."""
    if isinstance(error, (psycopg.errors.DuplicateObject, psycopg.errors.UniqueViolation)):
        return True
    # two ALTER ROLEs of one role at once: PostgreSQL's "tuple concurrently updated" (XX000)
    return isinstance(error, psycopg.errors.InternalError_) and "concurrently" in str(error)


def ensure_group(conn: psycopg.Connection, group: str) -> None:
    """Creates ``group`` (no login, no attribute) unless it exists; two setups may race for it."""
    if conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (group,)).fetchone():
        return
    try:
        conn.execute(sql.SQL("CREATE ROLE {} NOLOGIN").format(sql.Identifier(group)))
    except (psycopg.errors.DuplicateObject, psycopg.errors.UniqueViolation):
        pass  # the other setup made it meanwhile


def grant_rows(conn: psycopg.Connection, grantee: str, *, made_by: str | None = None) -> None:
    """``grantee`` reads and writes the rows of every table of ``public``: today's, and those that
    ``made_by`` (default: the connected role) creates later."""
    name = sql.Identifier(grantee)
    maker = sql.SQL("FOR ROLE {} ").format(sql.Identifier(made_by)) if made_by else sql.SQL("")
    conn.execute(sql.SQL("GRANT USAGE ON SCHEMA public TO {}").format(name))
    for kind, rights in (("TABLES", TABLE_RIGHTS), ("SEQUENCES", SEQUENCE_RIGHTS)):
        conn.execute(
            sql.SQL("ALTER DEFAULT PRIVILEGES {}IN SCHEMA public GRANT {} ON {} TO {}").format(
                maker, rights, sql.SQL(kind), name
            )
        )
        conn.execute(sql.SQL("GRANT {} ON ALL {} IN SCHEMA public TO {}").format(rights, sql.SQL(kind), name))


def ensure_business_owner(admin_url: str, role: str, password: str) -> None:
    """Makes ``role`` the owner of the business database of ``admin_url`` (an administrator's URL)
    and of everything in its ``public`` schema, and lets :data:`BUSINESS_ROWS` use the rows of what
    it creates. Tables an administrator made before (older state) change hands to it."""
    database = database_of(admin_url)
    with psycopg.connect(dsn(admin_url), autocommit=True) as conn:
        ensure_login(conn, role, password)
        ensure_group(conn, BUSINESS_ROWS)
        owner = sql.Identifier(role)
        conn.execute(sql.SQL("ALTER DATABASE {} OWNER TO {}").format(sql.Identifier(database), owner))
        conn.execute(sql.SQL("ALTER SCHEMA public OWNER TO {}").format(owner))
        _hand_over(conn, role)
        grant_rows(conn, BUSINESS_ROWS, made_by=role)
        grant_rows(conn, BUSINESS_ROWS)


def _hand_over(conn: psycopg.Connection, role: str) -> None:
    """Gives ``role`` the tables, views and sequences of ``public`` someone else owns."""
    rows = conn.execute(
        "SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
        "WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') "
        "AND pg_get_userbyid(c.relowner) <> %s "
        # a sequence owned by a column follows its table
        "AND NOT (c.relkind = 'S' AND EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid "
        "AND d.deptype IN ('a', 'i')))",
        (role,),
    ).fetchall()
    kinds = {"v": "VIEW", "m": "MATERIALIZED VIEW", "S": "SEQUENCE", "f": "FOREIGN TABLE"}
    for name, kind in rows:
        conn.execute(
            sql.SQL("ALTER {} public.{} OWNER TO {}").format(
                sql.SQL(kinds.get(kind, "TABLE")), sql.Identifier(name), sql.Identifier(role)
            )
        )


def ensure_rows_member(admin_url: str, role: str, password: str, *, create_schemas: bool = False) -> None:
    """A login ``role`` that may connect to the business database of ``admin_url`` and use its rows
    (member of :data:`BUSINESS_ROWS`); ``create_schemas`` also lets it create schemas there."""
    database = sql.Identifier(database_of(admin_url))
    with psycopg.connect(dsn(admin_url), autocommit=True) as conn:
        ensure_login(conn, role, password)
        ensure_group(conn, BUSINESS_ROWS)
        grant_rows(conn, BUSINESS_ROWS)
        _grant_membership(conn, BUSINESS_ROWS, role)
        rights = sql.SQL("CONNECT, CREATE") if create_schemas else sql.SQL("CONNECT")
        conn.execute(sql.SQL("GRANT {} ON DATABASE {} TO {}").format(rights, database, sql.Identifier(role)))
