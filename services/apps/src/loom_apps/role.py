"""The host's database roles: its own (``loom_apps``) and the modules' (``loom_app``), no administrator.

- The **runtime role** (``LOOM_APPS_RUNTIME_ROLE``) is what the host serves its own records with:
  rights on the rows of ``loom_apps`` and nothing else.
- The **module role** (``LOOM_APPS_MODULE_ROLE``) is the one database credential a generated module
  gets (its test and its routes, in the sandbox: ``sandbox/``): it reads and writes the business
  tables' rows (member of :data:`loom_platform.dbroles.BUSINESS_ROWS`) and may create schemas in
  ``loom_app`` (a module's tests run on copies of its tables in a throwaway schema: module/runner.py).
  It connects to no other database.

An administrator's connection creates or updates both at setup (``loom-apps setup`` with the roles
named); ``serve``'s URLs then name them: ``LOOM_APPS_DATABASE_URL`` the runtime role,
``LOOM_APPS_APP_DATABASE_URL`` the module role. Without a module role (an older deployment), the
runtime role also gets the business rows, as before.
"""

from __future__ import annotations

import psycopg
from psycopg import sql

from loom_platform.dbroles import database_of, dsn, ensure_login, ensure_rows_member, grant_rows
from loom_platform.migrations import ensure_database


def grant_runtime_role(
    *, database_url: str, app_database_url: str, role: str, password: str, business: bool = False
) -> None:
    """Creates or updates the host's own ``role`` (with an administrator's URLs): the rows of its
    database, and with ``business`` those of ``loom_app`` too."""
    with psycopg.connect(dsn(database_url), autocommit=True) as conn:
        ensure_login(conn, role, password)
        conn.execute(
            sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(
                sql.Identifier(database_of(database_url)), sql.Identifier(role)
            )
        )
        grant_rows(conn, role)
    if business:
        grant_module_role(app_database_url=app_database_url, role=role, password=password)


def grant_module_role(*, app_database_url: str, role: str, password: str) -> None:
    """Creates or updates the modules' ``role`` on the business database of ``app_database_url``."""
    try:
        ensure_database(app_database_url)
    except psycopg.errors.DuplicateDatabase:
        pass  # gencode's setup made it meanwhile
    ensure_rows_member(app_database_url, role, password, create_schemas=True)
