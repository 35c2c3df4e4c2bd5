"""Every write is logged whatever its method: the JeePlus client deletes data sets with
``GET …/dataSet/delete``, and that delete leaves an operation-log row like a ``DELETE`` would."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import orjson
import pytest
from sqlalchemy import text

from loom_platform import oplog

from ..conftest import ADMIN, Env

pytestmark = pytest.mark.asyncio
PERM = "database:datamodel:dataSet"


async def _log_rows(env: Env) -> list[dict[str, Any]]:
    await oplog.drain()
    async with env.app.state.session_factory() as session:
        found = await session.execute(
            text("SELECT payload FROM loom_outbox WHERE subject = 'loom.log.gencode'")
        )
        return [orjson.loads(bytes(p)) for p in found.scalars()]


async def _rows_for(env: Env, uri: str, method: str) -> list[dict[str, Any]]:
    for _ in range(50):
        rows = [r for r in await _log_rows(env) if (r["requestUri"], r["requestType"]) == (uri, method)]
        if rows:
            return rows
        await asyncio.sleep(0.1)
    return []


@pytest.fixture
async def sets_env(env: Env) -> AsyncIterator[Env]:
    """The admin may read, add and delete data sets."""
    granted = {f"{PERM}:{a}" for a in ("view", "add", "del")}
    env.access.permissions[ADMIN] |= granted
    yield env
    env.access.permissions[ADMIN] -= granted


async def test_a_delete_reached_by_get_is_logged_and_a_read_is_not(sets_env: Env) -> None:
    env = sets_env
    # given a data set
    h = env.headers()
    body = {"name": "按GET删除", "db": {"id": "master"}, "sqlcmd": "select 1 as n"}
    saved = await env.client.post("/database/datamodel/dataSet/save", json=body, headers=h)
    assert saved.status_code == 200, saved.text
    set_id = saved.json()["id"]
    # when the older client reads the list, then deletes the set with GET
    assert (await env.client.get("/database/datamodel/dataSet/list", headers=h)).status_code == 200
    gone = await env.client.get("/database/datamodel/dataSet/delete", params={"ids": set_id}, headers=h)
    assert gone.status_code == 200, gone.text
    # then the delete has its log row naming the set, and the read none
    [row] = await _rows_for(env, "/database/datamodel/dataSet/delete", "GET")
    assert row["result"] == "success" and row["recordIds"] == set_id and row["userId"] == ADMIN
    assert row["action"] == "delete"
    assert [r for r in await _log_rows(env) if r["requestUri"] == "/database/datamodel/dataSet/list"] == []
