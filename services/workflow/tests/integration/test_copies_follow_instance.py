"""Copies (抄送) go with their instance: an instance removed from history, or with its model,
leaves no copy behind in anyone's list."""

from __future__ import annotations

import asyncio

import pytest

from ..conftest import ADMIN, Env
from .helpers import LEAVE, deploy, node, start, task_of

pytestmark = pytest.mark.asyncio

EXTENSIONS = [node("leave", "dept", [("user", "u-bob")], [("_flow_agree", "同意")])]


async def _copied(env: Env, title: str) -> str:
    pid = await start(env, "u-alice", "leave", title, days=5)
    task = await task_of(env, "u-bob", pid)
    sent = await env.client.post(
        "/extension/flowCopy/save",
        data={"procInsId": pid, "taskId": task["task"]["id"], "userIds": "u-grace"},
        headers=env.headers("u-bob"),
    )
    assert sent.status_code == 200, sent.text
    return pid


async def _copies(env: Env) -> list[str]:
    listed = await env.client.get("/extension/flowCopy/list", headers=env.headers("u-grace"))
    assert listed.status_code == 200, listed.text
    return [r["procInsId"] for r in listed.json()["records"]]


async def _eventually_without(env: Env, pid: str) -> list[str]:
    """Grace's copies once the history deletion is applied (by the history workers within their
    lag, or at once when a monitor reads the history list, as here)."""
    listed = await env.client.get("/flowable/process/historyListData", headers=env.headers(ADMIN))
    assert listed.status_code == 200, listed.text
    for _ in range(50):
        copies = await _copies(env)
        if pid not in copies:
            return copies
        await asyncio.sleep(0.1)
    return await _copies(env)


async def test_deleting_an_instance_from_history_deletes_its_copies(env: Env) -> None:
    # given two of alice's requests copied to grace
    await deploy(env, "leave", "请假流程", LEAVE, EXTENSIONS)
    gone, kept = await _copied(env, "作废的"), await _copied(env, "留下的")
    assert sorted(await _copies(env)) == sorted([gone, kept])
    # when one is cancelled and removed from history
    h = env.headers(ADMIN)
    cancelled = await env.client.delete("/flowable/process/deleteProcIns", params={"ids": gone}, headers=h)
    assert cancelled.status_code == 200, cancelled.text
    removed = await env.client.delete(
        "/flowable/process/history/deleteAllProcIns", params={"procInsIds": gone}, headers=h
    )
    assert removed.status_code == 200, removed.text
    # then grace's copy of it is gone with it, and the other stays
    assert await _eventually_without(env, gone) == [kept]


async def test_deleting_a_model_deletes_the_copies_of_its_instances(env: Env) -> None:
    # given a request copied to grace
    await deploy(env, "leave", "请假流程", LEAVE, EXTENSIONS)
    pid = await _copied(env, "随模型删除")
    models = await env.client.get(
        "/flowable/model/list", params={"filterText": "leave"}, headers=env.headers()
    )
    model_id = next(m["id"] for m in models.json()["records"] if m["key"] == "leave")
    # when the model is deleted with its definitions, instances and history
    deleted = await env.client.delete(
        "/flowable/model/delete", params={"ids": model_id}, headers=env.headers()
    )
    assert deleted.status_code == 200, deleted.text
    # then no copy of its instance is left
    assert pid not in await _eventually_without(env, pid)
