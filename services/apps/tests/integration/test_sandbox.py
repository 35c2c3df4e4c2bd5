"""A generated module is untrusted code: its test and its routes run in the sandbox, where the host's
secrets, keys and other databases are out of reach, while its own table works as ever.

The module comes from a template group whose editor (who may write code by design) added a probe
to the router and a test that runs it: read the process's environment (``/proc/self/environ`` and
``os.environ``) for the host's secrets, read the JWT private key (the host's state directory, the
test key pair, the host's own ``/proc/<pid>/environ``), and read another service's database — with
an administrator's URL, as the server's superuser over TCP or the system's socket, and with the
module's own role on another database. Every attempt must fail.
"""

from __future__ import annotations

import json
import os
import re
import uuid

from ..factories import column, design_and_sync, generate, table, template_group

# What the probe's code names, filled in per run (the planted secrets and where they are).
ROUTER_PROBE = '''

import asyncio as _probe_asyncio
import os as _probe_os

from sqlalchemy import text as _probe_text
from sqlalchemy.engine import make_url as _probe_url

from loom_platform.db import create_engine as _probe_engine

PROBE_SECRETS = __SECRETS__
PROBE_FILES = __FILES__
PROBE_DATABASES = __DATABASES__
OTHER_DATABASE = __OTHER__


async def _probe_query(url: str, sql: str) -> bool:
    engine = _probe_engine(url, pool_size=1)
    try:
        async with engine.connect() as conn:
            await _probe_asyncio.wait_for(conn.execute(_probe_text(sql)), 10)
        return True
    except Exception:
        return False
    finally:
        await engine.dispose()


async def sandbox_probe(own_url: str) -> list[str]:
    """What of the host's this code could reach (nothing, in the sandbox)."""
    leaks = []
    try:
        with open("/proc/self/environ", "rb") as handle:
            environ = handle.read().decode("utf-8", "replace")
    except OSError:
        environ = ""
    seen = environ + repr(dict(_probe_os.environ))
    leaks += [f"environment holds {s[:12]}..." for s in PROBE_SECRETS if s in seen]
    for path in PROBE_FILES:
        try:
            with open(path, "rb") as handle:
                handle.read(10)
            leaks.append(f"read {path}")
        except OSError:
            pass
    own = _probe_url(own_url)
    attempts = [
        *PROBE_DATABASES,
        own.set(database=OTHER_DATABASE).render_as_string(hide_password=False),
        own.set(username="postgres", password=None).render_as_string(hide_password=False),
    ]
    for url in attempts:
        if await _probe_query(url, "SELECT count(*) FROM gen_table"):
            leaks.append(f"read another database as {_probe_url(url).username}@{_probe_url(url).database}")
    return leaks


@router.get("/sandboxProbe")
async def _sandbox_probe(request: Request) -> dict[str, Any]:
    """The probe, run by the module's route."""
    own = request.app.state.session_factory.kw["bind"].url.render_as_string(hide_password=False)
    return {"leaks": await sandbox_probe(own), "environ": sorted(_probe_os.environ)}
'''
TEST_PROBE = """

from {{ package }}.{{ entity }}.router import sandbox_probe


async def test_the_sandbox_holds() -> None:
    assert await sandbox_probe(URL) == []
"""
ALLOWED_ENVIRONMENT = {"PATH", "LANG", "LC_ALL", "HOME", "PYTHONDONTWRITEBYTECODE", "TMPDIR"}


def _probe(env) -> str:
    secrets = [*env.planted.values()]
    files = [
        str(env.settings.state_dir / "keys" / "jwt-private.pem"),
        str(env.tokens.public_key_path.parent / "jwt-private.pem"),
        f"/proc/{os.getpid()}/environ",
    ]
    admin = env.admin_database_urls[1]
    databases = [
        admin,
        "postgresql://postgres@127.0.0.1:5432/postgres",
        "postgresql://postgres@/postgres?host=/var/run/postgresql",
    ]
    other = admin.rsplit("/", 1)[1].split("?", 1)[0]
    return (
        ROUTER_PROBE.replace("__SECRETS__", json.dumps(secrets))
        .replace("__FILES__", json.dumps(files))
        .replace("__DATABASES__", json.dumps(databases))
        .replace("__OTHER__", json.dumps(other))
    )


async def test_a_module_reaches_no_secret_key_or_other_database_and_still_serves_its_table(env):
    # given the host holds secrets in its environment, the JWT private key in its state directory,
    # and a module whose test and route look for them (and for another service's database)
    name = f"box_{uuid.uuid4().hex[:6]}"
    module = f"b{uuid.uuid4().hex[:6]}"
    env.grant("admin", *(f"{module}:{name}:{a}" for a in ("view", "add")))
    table_id = await design_and_sync(env, table(name, column("title", "varchar(20)")))
    group = await template_group(env, {"backend_router": _probe(env), "backend_test": TEST_PROBE}, "probe")
    assert (env.settings.state_dir / "keys" / "jwt-private.pem").exists()
    # when it is generated
    assert (await generate(env, table_id, module, category=group)).status_code == 200
    # then its test found nothing (the version went live, the probe's test among those that passed)
    state = await env.wait_for(f"{module}/{name}")
    h = env.headers()
    log = (await env.apps.get("/apps/module/log", params={"name": f"{module}/{name}"}, headers=h)).json()
    assert state["state"] == "live", log["log"][-3000:]
    # (however many tests the templates hold: a failed one, the probe's included, keeps it from going live)
    summary = log["log"][-3000:]
    assert re.search(r"\b\d+ passed", summary) and not re.search(r"\b\d+ failed", summary), summary
    # and its route finds nothing either: no secret, no key, no other database, a bare environment
    probed = await env.apps.get(f"/{module}/{name}/sandboxProbe", headers=h)
    assert probed.status_code == 200, probed.text
    assert probed.json()["leaks"] == []
    assert set(probed.json()["environ"]) <= ALLOWED_ENVIRONMENT, probed.json()["environ"]
    # while the module still works for its own table
    saved = await env.apps.post(f"/{module}/{name}/save", json={"title": "mine"}, headers=h)
    assert saved.status_code == 200, saved.text
    listed = (await env.apps.get(f"/{module}/{name}/list", headers=h)).json()
    assert [r["title"] for r in listed["records"]] == ["mine"]


async def test_the_relay_admits_only_the_module_role_on_the_business_database(env):
    # given the URL the sandbox gets (the module role through the host's relay)
    import psycopg
    from sqlalchemy.engine import make_url

    relay = env.app.state.apps.host.module_url
    url = make_url(relay)
    as_module = url.set(drivername="postgresql").render_as_string(hide_password=False)
    # when the module role connects through it, it works (the relay runs in this event loop)
    async with await psycopg.AsyncConnection.connect(as_module) as conn:
        assert await (await conn.execute("SELECT current_user")).fetchone() == (url.username,)
    # when anyone else, or the role to another database, tries, the relay refuses before the server
    for other in (url.set(username="postgres", password=None), url.set(database="postgres")):
        dsn = other.set(drivername="postgresql").render_as_string(hide_password=False)
        try:
            await (await psycopg.AsyncConnection.connect(dsn, connect_timeout=5)).close()
        except psycopg.OperationalError as exc:
            assert "the sandbox may connect as" in str(exc)
        else:
            raise AssertionError(f"the relay let {other.username}@{other.database} in")
