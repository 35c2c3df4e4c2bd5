"""Versions: a module whose own tests fail never goes live and the previous version keeps
serving; a master table's module serves its child table's routes too."""

from __future__ import annotations

import asyncio
import uuid

import psycopg

from ..factories import column, design_and_sync, generate, table, template_group


async def _broken_group(env, template: str = "backend_test", addition: str = "") -> str:
    """A template group like the system one whose generated test (or another template) fails."""
    addition = (
        addition or '\n\ndef test_broken_on_purpose() -> None:\n    assert False, "broken on purpose"\n'
    )
    return await template_group(env, {template: addition}, "broken")


async def test_a_failing_version_never_goes_live_and_the_previous_one_keeps_serving(env):
    # given a live module with a row
    name = f"keep_{uuid.uuid4().hex[:6]}"
    module = f"k{uuid.uuid4().hex[:6]}"
    table_id = await design_and_sync(env, table(name, column("title", "varchar(20)")))
    assert (await generate(env, table_id, module)).status_code == 200
    first = await env.wait_for(f"{module}/{name}")
    assert first["state"] == "live"
    env.grant("admin", *(f"{module}:{name}:{a}" for a in ("view", "add")))
    h = env.headers()
    assert (
        await env.apps.post(f"/{module}/{name}/save", json={"title": "kept"}, headers=h)
    ).status_code == 200
    # when it is generated again from a template group whose test fails
    group = await _broken_group(env)
    assert (await generate(env, table_id, module, category=group)).status_code == 200
    second = await env.wait_for(f"{module}/{name}", until=lambda m: m["version"] != first["version"])
    # then the new version failed, its log says why, and the first one still serves
    assert second["state"] == "failed" and second["liveVersion"] == first["version"]
    log = (await env.apps.get("/apps/module/log", params={"name": f"{module}/{name}"}, headers=h)).json()
    assert "broken on purpose" in log["log"] and log["state"] == "failed"
    listed = (await env.apps.get(f"/{module}/{name}/list", headers=h)).json()
    assert [r["title"] for r in listed["records"]] == ["kept"]


async def test_a_version_whose_pages_do_not_build_never_goes_live(env):
    # given a live module
    name = f"page_{uuid.uuid4().hex[:6]}"
    module = f"p{uuid.uuid4().hex[:6]}"
    table_id = await design_and_sync(env, table(name, column("title", "varchar(20)")))
    assert (await generate(env, table_id, module)).status_code == 200
    first = await env.wait_for(f"{module}/{name}")
    assert first["state"] == "live"
    # when it is generated again from a group whose page does not compile
    group = await _broken_group(env, "frontend_page", "\nexport const broken = (;\n")
    assert (await generate(env, table_id, module, category=group)).status_code == 200
    second = await env.wait_for(f"{module}/{name}", until=lambda m: m["version"] != first["version"])
    # then it failed with the build's log, and the first version and its remote still serve
    assert second["state"] == "failed" and second["liveVersion"] == first["version"]
    h = env.headers()
    log = (await env.apps.get("/apps/module/log", params={"name": f"{module}/{name}"}, headers=h)).json()
    assert "=== pages (build failed) ===" in log["log"] and "index.tsx" in log["log"], log["log"][-2000:]
    entry = await env.apps.get(f"/mf/apps/{module}/{name}/remoteEntry.js")
    assert entry.status_code == 200


async def test_a_master_tables_module_serves_its_child_table(env):
    # given a master table and its child table
    master, child = f"ord_{uuid.uuid4().hex[:6]}", f"item_{uuid.uuid4().hex[:6]}"
    module = f"o{uuid.uuid4().hex[:6]}"
    master_id = await design_and_sync(env, table(master, column("code", "varchar(20)", isNull="0")))
    child_body = table(child, column("order_id", isQuery="1"), column("qty", "integer"), table_type="2")
    child_body.update(parentTable=master, parentTableFk="order_id")
    await design_and_sync(env, child_body)
    # when the master's module is generated
    assert (await generate(env, master_id, module)).status_code == 200
    state = await env.wait_for(f"{module}/{master}")
    assert state["state"] == "live"
    # then both tables' routes are served
    env.grant("admin", *(f"{module}:{t}:{a}" for t in (master, child) for a in ("view", "add")))
    h = env.headers()
    saved = await env.apps.post(f"/{module}/{master}/save", json={"id": "o1", "code": "A-1"}, headers=h)
    assert saved.status_code == 200, saved.text
    item = await env.apps.post(f"/{module}/{child}/save", json={"orderId": "o1", "qty": 3}, headers=h)
    assert item.status_code == 200, item.text
    items = (await env.apps.get(f"/{module}/{child}/list", params={"orderId": "o1"}, headers=h)).json()
    assert [r["qty"] for r in items["records"]] == [3]


async def test_unpublishing_unmounts_the_module_and_keeps_its_rows(env):
    # given a live module with a row
    name = f"off_{uuid.uuid4().hex[:6]}"
    module = f"u{uuid.uuid4().hex[:6]}"
    table_id = await design_and_sync(env, table(name, column("title", "varchar(20)")))
    assert (await generate(env, table_id, module)).status_code == 200
    assert (await env.wait_for(f"{module}/{name}"))["state"] == "live"
    env.grant("admin", f"{module}:{name}:view", f"{module}:{name}:add")
    h = env.headers()
    assert (
        await env.apps.post(f"/{module}/{name}/save", json={"title": "stays"}, headers=h)
    ).status_code == 200
    # when it is taken offline
    answer = await env.apps.delete("/apps/module/unpublish", params={"tableId": table_id}, headers=h)
    assert answer.status_code == 200, answer.text
    # then its routes are gone, its state says so, and its rows stay
    assert (await env.apps.get(f"/{module}/{name}/list", headers=h)).status_code == 404
    found = (await env.apps.get("/apps/module/list", params={"tableIds": table_id}, headers=h)).json()
    assert found[0]["state"] == "unpublished" and found[0]["liveVersion"] == ""
    with psycopg.connect(env.app_database_url.replace("+asyncpg", "")) as conn:
        assert conn.execute(f'SELECT title FROM "{name}"').fetchall() == [("stays",)]


async def test_removing_the_design_takes_its_module_offline(env):
    # given a live module
    name = f"gone_{uuid.uuid4().hex[:6]}"
    module = f"g{uuid.uuid4().hex[:6]}"
    table_id = await design_and_sync(env, table(name, column("title", "varchar(20)")))
    assert (await generate(env, table_id, module)).status_code == 200
    assert (await env.wait_for(f"{module}/{name}"))["state"] == "live"
    env.grant("admin", f"{module}:{name}:view")
    h = env.headers()
    # when its design is removed in the generator
    removed = await env.gencode.delete("/gencode/table/delete", params={"ids": table_id}, headers=h)
    assert removed.status_code == 200, removed.text
    # then the module goes offline
    for _ in range(300):
        found = (await env.apps.get("/apps/module/list", params={"tableIds": table_id}, headers=h)).json()
        if found and found[0]["state"] == "unpublished":
            break
        await asyncio.sleep(0.2)
    assert found[0]["state"] == "unpublished"
    assert (await env.apps.get(f"/{module}/{name}/list", headers=h)).status_code == 404


async def test_unpublishing_a_table_that_was_never_published_is_refused_naming_it(env):
    # given a table id no module came from
    # when it is unpublished
    answer = await env.apps.delete(
        "/apps/module/unpublish", params={"tableId": "no-such-table"}, headers=env.headers()
    )
    # then the answer is a 400 naming the id
    assert (answer.status_code, answer.json()["msg"]) == (400, "表[no-such-table]没有发布过的模块")
