"""The host's modules get a role with rights on loom_app's rows only: it cannot read another
service's database (nor the host's own) nor create roles, and a module's tests still run in a
sandbox schema."""

from __future__ import annotations

import uuid

import psycopg
import pytest
from sqlalchemy.engine import make_url

from ..conftest import MODULE_ROLE
from ..factories import column, design_and_sync, generate, table


def _plain(url: str) -> str:
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def _as_host(env, database_url: str) -> str:
    """``database_url`` (the administrator's) connecting as the host's role."""
    host = make_url(env.settings.app_database_url)
    return _plain(
        make_url(database_url).set(username=host.username, password=host.password).render_as_string(False)
    )


async def test_the_module_role_cannot_read_another_services_database(env):
    # given the modules' role, gencode's database (one of the other services') and the host's own
    for database, name in (
        (env.admin_database_urls[1], "gen_table"),
        (env.admin_database_urls[0], "app_module"),
    ):
        # when the role reads their tables
        with pytest.raises(psycopg.Error) as refused:
            with psycopg.connect(_as_host(env, database)) as conn:
                conn.execute(f"SELECT count(*) FROM {name}").fetchone()
        # then it is refused
        assert isinstance(refused.value, psycopg.errors.InsufficientPrivilege | psycopg.OperationalError)


async def test_the_host_role_is_no_administrator(env):
    # given the host's own connection to the business database
    with psycopg.connect(_plain(env.settings.app_database_url)) as conn:
        # then it is that role, neither a superuser nor allowed to create roles or databases
        row = conn.execute(
            "SELECT current_user, rolsuper, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname = current_user"
        ).fetchone()
        assert row == (MODULE_ROLE, False, False, False)
        # and creating a role is refused
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute(f"CREATE ROLE r_{uuid.uuid4().hex[:8]}")


async def test_a_module_tests_and_serves_under_the_host_role(env):
    # given a table gencode synchronised after the role was made
    name = f"role_{uuid.uuid4().hex[:6]}"
    module = f"r{uuid.uuid4().hex[:6]}"
    table_id = await design_and_sync(env, table(name, column("title", "varchar(20)")))
    # when its module is generated
    assert (await generate(env, table_id, module)).status_code == 200
    # then its tests ran in a sandbox schema (left no schema behind) and it serves the real table
    assert (await env.wait_for(f"{module}/{name}"))["state"] == "live"
    env.grant("admin", f"{module}:{name}:view", f"{module}:{name}:add")
    h = env.headers()
    saved = await env.apps.post(f"/{module}/{name}/save", json={"title": "real"}, headers=h)
    assert saved.status_code == 200, saved.text
    with psycopg.connect(_plain(env.app_database_url)) as conn:
        assert conn.execute(f'SELECT title FROM public."{name}"').fetchall() == [("real",)]
        left = conn.execute("SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'loom_apps_t_%'").fetchone()
        assert left == (0,)
