"""Which database rights make a connection unfit for SQL a user writes.

executeSql and data sets run any text a user types, with the rights of the data source's account:
an account that is a superuser, may create roles, or belongs to the server's roles that read files,
run programs or read every setting turns "run a query" into "run the server" (``COPY … TO
PROGRAM``, ``pg_read_file``, ``pg_authid``, ``CREATE ROLE … SUPERUSER``). Such a connection is
refused before the statement runs, naming the rights it has; the ``master`` data source connects as
the business database's owner (``loom_platform.dbroles``), which has none of them.

Checked on the run's own connection, for the role in effect then (a pooled connection may carry a
``SET ROLE`` of an earlier run). PostgreSQL-family (PostgreSQL, Kingbase) and MySQL-family servers
are checked; other kinds run as their account allows.
"""

from __future__ import annotations

import re

import sqlalchemy as sa

from loom_gencode.query.errors import AccountTooPowerful

# pg_roles attribute → how the message names it
PG_ATTRIBUTES = {
    "rolsuper": "SUPERUSER",
    "rolcreaterole": "CREATEROLE",
    "rolreplication": "REPLICATION",
    "rolbypassrls": "BYPASSRLS",
}
# Built-in roles that reach beyond the database's own rows (membership, direct or not).
PG_ROLES = (
    "pg_read_server_files",
    "pg_write_server_files",
    "pg_execute_server_program",
    "pg_read_all_settings",
    "pg_read_all_data",
    "pg_write_all_data",
    "pg_signal_backend",
)
_PG_QUERY = sa.text(
    "SELECT r.rolsuper, r.rolcreaterole, r.rolreplication, r.rolbypassrls, "
    "array(SELECT b.rolname::text FROM pg_roles b WHERE b.rolname = ANY(:names) "
    "AND pg_has_role(current_user, b.oid, 'MEMBER') ORDER BY b.rolname) "
    "FROM pg_roles r WHERE r.rolname = current_user"
)
# Global (ON *.*) MySQL/MariaDB privileges that reach the server, its files or its accounts.
MYSQL_PRIVILEGES = ("ALL PRIVILEGES", "SUPER", "FILE", "CREATE USER", "PROCESS", "SHUTDOWN", "RELOAD")
_GLOBAL_GRANT = re.compile(r"^GRANT (.+?) ON \*\.\* TO ", re.I)


def powers(conn: sa.Connection) -> list[str]:
    """The rights of the connection's effective account that refuse it (empty: fit to run SQL)."""
    dialect = conn.dialect.name
    if dialect == "postgresql":
        row = conn.execute(_PG_QUERY, {"names": list(PG_ROLES)}).one_or_none()
        if row is None:
            return []
        found = [name for index, name in enumerate(PG_ATTRIBUTES.values()) if row[index]]
        return found + list(row[4] or [])
    if dialect in ("mysql", "mariadb"):
        grants = [str(r[0]) for r in conn.exec_driver_sql("SHOW GRANTS").fetchall()]
        return _mysql_powers(grants)
    return []


def _mysql_powers(grants: list[str]) -> list[str]:
    found: list[str] = []
    for grant in grants:
        match = _GLOBAL_GRANT.match(grant)
        if not match:
            continue
        held = [p.strip().upper() for p in match.group(1).split(",")]
        found += [p for p in MYSQL_PRIVILEGES if p in held and p not in found]
    return found


def require_plain_account(conn: sa.Connection) -> None:
    """Refuses (before any user SQL runs) a connection whose account has rights in :func:`powers`."""
    found = powers(conn)
    if found:
        raise AccountTooPowerful(rights=", ".join(found))
