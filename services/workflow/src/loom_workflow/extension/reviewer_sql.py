"""Reviewer rules of type ``sql``: a designer's query, run where it can read the views it was given
and nothing else.

The query runs on its own connection, logged in as ``loom_sql_reviewer``: a login role that is
member of no other role and holds no attribute (not superuser, no CREATEROLE, no BYPASSRLS), so
``SET ROLE``, ``set_config('role', …)``, ``SET SESSION AUTHORIZATION`` and ``RESET ROLE`` have
nowhere to go, and the server's files, large objects and other databases stay out of reach. It may
``SELECT`` from the views named in ``LOOM_WORKFLOW_SQL_REVIEWER_VIEWS`` only, in a read-only
transaction with a statement timeout, and its answer is capped in rows and in the width of a value
(a user id). Before that, the text must be one ``SELECT`` (or ``WITH``) without the functions that
run other SQL or touch the server: refused with a 400 before it reaches the database.

Tests and ``make dev`` may connect as a superuser (the embedded pgserver): creating the role and
granting its views needs that, or CREATEROLE. The role's password is derived from the service's own
connection settings (its server, not its
database), so every process (API replicas, workers) sets the same one.
"""

from __future__ import annotations

import hashlib
import re
import threading
import time
from collections.abc import Mapping, Sequence
from typing import Any

import psycopg
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict

from loom_workflow.extension.errors import ReviewerSqlInvalid, ReviewerSqlTooManyRows, ReviewerSqlValueTooLong

ROLE = "loom_sql_reviewer"
TIMEOUT_MS = 5000
MAX_ROWS = 1000
# a reviewer value is a user id: wf assignee and candidate columns hold 64 characters
MAX_WIDTH = 64
RECHECK_SECONDS = 60.0

_PARAM = re.compile(r"\$\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}")
_COMMENT = re.compile(r"--[^\n]*|/\*.*?\*/", re.S)
_QUERY_START = re.compile(r"^[\s(]*(select|with)\b", re.I)
# statements other than a query, and the functions that run SQL text of their own, reach the
# server's files, large objects, other databases or the session's settings
_FORBIDDEN = re.compile(
    r";|\b(insert|update|delete|merge|drop|alter|create|truncate|grant|revoke|copy|set|reset|"
    r"set_config|ts_stat|ts_rewrite|query_to_xml\w*|cursor_to_xml\w*|table_to_xml\w*|"
    r"schema_to_xml\w*|database_to_xml\w*|dblink\w*|lo_\w+|pg_read_\w+|pg_ls_\w+|pg_stat_file|"
    r"pg_file_\w+|pg_terminate_backend|pg_cancel_backend|pg_reload_conf|pg_rotate_logfile|"
    r"current_setting|pg_advisory\w*)\b",
    re.I,
)
_ROLE_ATTRIBUTES = (
    "LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION NOBYPASSRLS CONNECTION LIMIT 32"
)


def _refuse(detail: str) -> ReviewerSqlInvalid:
    return ReviewerSqlInvalid(detail=detail[:200])


def checked(text: str) -> str:
    """The query text when it is one read-only query without a forbidden word; a 400 otherwise."""
    bare = _COMMENT.sub(" ", text)
    if not _QUERY_START.match(bare):
        raise _refuse(text)
    forbidden = _FORBIDDEN.search(bare)
    if forbidden:
        raise _refuse(forbidden.group(0))
    return text


class ReviewerSql:
    """Runs reviewer queries on ``conninfo``'s database as the restricted login role."""

    def __init__(self, conninfo: str, views: Sequence[str] = ()) -> None:
        self._admin = conninfo
        self._views = tuple(views)
        # one password per server (the role is the server's, whichever database a process reads)
        server = {k: v for k, v in conninfo_to_dict(conninfo).items() if k != "dbname"}
        self._password = hashlib.sha256(f"{ROLE}\0{sorted(server.items())}".encode()).hexdigest()
        self._checked_at: float | None = None
        self._lock = threading.Lock()

    def users(self, text: str, variables: Mapping[str, object]) -> list[str]:
        """The values of the query's first column; ``${name}`` become bound parameters, never text."""
        params: list[object] = []

        def bind(match: re.Match[str]) -> str:
            value = variables.get(match.group(1))
            params.append(None if value is None else str(value))
            return "%s"

        query = _PARAM.sub(bind, checked(text).replace("%", "%%"))
        self.ensure()
        try:
            with self.connect() as conn, conn.transaction():
                conn.execute("SET TRANSACTION READ ONLY")
                rows = conn.execute(query, params).fetchmany(MAX_ROWS + 1)
        except psycopg.Error as exc:
            raise _refuse(str(exc).splitlines()[0]) from exc
        return _capped(text, rows)

    def connect(self) -> psycopg.Connection[Any]:
        """A new connection logged in as the reviewer role (no pool: nothing of it outlives a query)."""
        return psycopg.connect(
            self._admin,
            user=ROLE,
            password=self._password,
            options=f"-c statement_timeout={int(TIMEOUT_MS)} -c default_transaction_read_only=on",
            connect_timeout=5,
        )

    def ensure(self) -> None:
        """Creates the role or puts it back as it must be, and grants the views (again every minute:
        a view may be created after the service started)."""
        with self._lock:
            if self._checked_at is not None and time.monotonic() - self._checked_at < RECHECK_SECONDS:
                return
            for attempt in range(2):  # two processes altering the role at once: one retries
                try:
                    with psycopg.connect(self._admin, autocommit=True) as conn:
                        _ensure_role(conn, self._password)
                        _grant_views(conn, self._views)
                    break
                except psycopg.Error as exc:
                    if attempt:
                        raise _refuse(str(exc).splitlines()[0]) from exc
            self._checked_at = time.monotonic()


def _capped(text: str, rows: list[Any]) -> list[str]:
    if len(rows) > MAX_ROWS:
        raise ReviewerSqlTooManyRows(rule=text[:100], limit=MAX_ROWS)
    values = [str(r[0]) for r in rows if r and r[0] is not None]
    for value in values:
        if len(value) > MAX_WIDTH:
            raise ReviewerSqlValueTooLong(rule=text[:100], limit=MAX_WIDTH, value=value[:20])
    return values


def _ensure_role(conn: psycopg.Connection[Any], password: str) -> None:
    attributes = sql.SQL(_ROLE_ATTRIBUTES + " PASSWORD {}").format(sql.Literal(password))
    role = sql.Identifier(ROLE)
    if conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [ROLE]).fetchone() is None:
        try:
            conn.execute(sql.SQL("CREATE ROLE {} ").format(role) + attributes)
        except psycopg.errors.DuplicateObject:
            pass  # another process created it a moment ago
    conn.execute(sql.SQL("ALTER ROLE {} ").format(role) + attributes)
    granted = conn.execute(
        "SELECT g.rolname FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid "
        "JOIN pg_roles r ON r.oid = m.member WHERE r.rolname = %s",
        [ROLE],
    ).fetchall()
    for (name,) in granted:  # member of no role: SET ROLE has nowhere to go
        conn.execute(sql.SQL("REVOKE {} FROM {}").format(sql.Identifier(name), role))


def _grant_views(conn: psycopg.Connection[Any], views: Sequence[str]) -> None:
    """SELECT on exactly ``views`` (that exist as views) in the reviewer database, nothing else."""
    role = sql.Identifier(ROLE)
    schemas = conn.execute(
        "SELECT nspname FROM pg_namespace WHERE left(nspname, 3) <> 'pg_' AND nspname <> 'information_schema'"
    ).fetchall()
    for (schema,) in schemas:
        conn.execute(
            sql.SQL("REVOKE ALL ON ALL TABLES IN SCHEMA {} FROM {}").format(sql.Identifier(schema), role)
        )
    for name in views:
        found = conn.execute(
            "SELECT n.nspname, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE c.oid = to_regclass(%s) AND c.relkind IN ('v', 'm')",
            [name],
        ).fetchone()
        if found is None:
            continue  # not a view (yet): nothing is granted in its place
        conn.execute(sql.SQL("GRANT USAGE ON SCHEMA {} TO {}").format(sql.Identifier(found[0]), role))
        conn.execute(
            sql.SQL("GRANT SELECT ON {}.{} TO {}").format(
                sql.Identifier(found[0]), sql.Identifier(found[1]), role
            )
        )
