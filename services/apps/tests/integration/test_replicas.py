"""Replicas: a host started after a module went live serves it by itself (its files come from the
database, not a shared disk), and a version published while both run reaches both."""

from __future__ import annotations

import asyncio
import uuid

import httpx

from loom_apps.main import build_app

from ..factories import column, design_and_sync, generate, table


async def _served(
    client: httpx.AsyncClient, path: str, headers: dict[str, str], seconds: float = 60
) -> httpx.Response:
    deadline = asyncio.get_running_loop().time() + seconds
    while True:
        answer = await client.get(path, headers=headers)
        if answer.status_code != 404 or asyncio.get_running_loop().time() > deadline:
            return answer
        await asyncio.sleep(0.2)


async def test_a_second_replica_serves_what_is_live_and_what_goes_live(env, tmp_path):
    # given a module live on the first host
    name = f"rep_{uuid.uuid4().hex[:6]}"
    module = f"r{uuid.uuid4().hex[:6]}"
    table_id = await design_and_sync(env, table(name, column("title", "varchar(20)")))
    assert (await generate(env, table_id, module)).status_code == 200
    first = await env.wait_for(f"{module}/{name}")
    assert first["state"] == "live"
    env.grant("admin", f"{module}:{name}:view", f"{module}:{name}:add")
    h = env.headers()
    assert (
        await env.apps.post(f"/{module}/{name}/save", json={"title": "one"}, headers=h)
    ).status_code == 200
    # when a second replica starts (its own disk)
    settings = env.settings.model_copy(update={"module_root": tmp_path / "replica-2"})
    replica = build_app(settings, access_loader=env.access.loader(), platform=env.platform)
    async with (
        replica.router.lifespan_context(replica),
        httpx.AsyncClient(transport=httpx.ASGITransport(app=replica), base_url="http://apps-2") as second,
    ):
        # then it serves the live version by itself
        listed = await _served(second, f"/{module}/{name}/list", h)
        assert listed.status_code == 200 and [r["title"] for r in listed.json()["records"]] == ["one"]
        # and a version published while both run reaches both
        assert (await generate(env, table_id, module, functionNameSimple="第二版")).status_code == 200
        again = await env.wait_for(f"{module}/{name}", until=lambda m: m["version"] != first["version"])
        assert again["state"] == "live"
        for client in (env.apps, second):
            for _ in range(300):
                saved = await client.post(f"/{module}/{name}/save", json={"title": "two"}, headers=h)
                if saved.json() == "保存第二版成功":
                    break
                await asyncio.sleep(0.2)
            assert saved.json() == "保存第二版成功", saved.text
