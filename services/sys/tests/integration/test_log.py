"""The operation log: writes and logins reach /sys/log/list through the outbox and NATS."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx

from loom_platform import oplog


async def _logged(admin: httpx.AsyncClient, expected: int, **filters: str) -> list[dict[str, Any]]:
    """Polls the log list until ``expected`` rows match (the log is written after the response)."""
    rows: list[dict[str, Any]] = []
    for _ in range(100):
        await oplog.drain()
        rows = (await admin.get("/sys/log/list", params={"size": 100, **filters})).json()["records"]
        if len(rows) >= expected:
            return rows
        await asyncio.sleep(0.1)
    return rows


async def test_a_write_and_its_failure_leave_log_rows(admin: httpx.AsyncClient) -> None:
    # when
    await admin.post("/sys/post/save", json={"name": "组长", "code": "lead"})
    await admin.post("/sys/post/save", json={"name": "另一个组长", "code": "lead"})
    # then
    rows = await _logged(admin, 2, type="4", requestUri="/sys/post/save")
    assert sorted(r["result"] for r in rows) == ["fail", "success"]
    failed = next(r for r in rows if r["result"] == "fail")
    assert failed["exception"] == "保存岗位'另一个组长'失败, 岗位编码已存在"
    assert failed["createBy"]["name"] == "系统管理员" and failed["requestType"] == "POST"
    assert '"code":"lead"' in failed["params"]
    stored = next(r for r in rows if r["result"] == "success")
    assert '"name":"组长"' in stored["after"]  # the values the write stored


async def test_logins_are_logged_with_the_password_masked(
    admin: httpx.AsyncClient, anonymous: httpx.AsyncClient
) -> None:
    await anonymous.post("/sys/login", json={"username": "admin", "password": "wrong-password"})
    rows = await _logged(admin, 2, type="1")
    failed = next(r for r in rows if r["result"] == "fail")
    assert failed["createBy"]["loginName"] == "admin" and "wrong-password" not in failed["params"]


async def test_mine_delete_and_empty(admin: httpx.AsyncClient, make_user: Any, client_for: Any) -> None:
    await make_user("erin")
    erin = await client_for("erin")
    await erin.post("/sys/user/savePwd", json={"oldPassword": "secret-pw", "newPassword": "secret-pw-2"})
    await _logged(admin, 1, requestUri="/sys/user/savePwd")
    mine = (await erin.get("/sys/log/data/mine", params={"size": 100})).json()["records"]
    assert {r["createBy"]["loginName"] for r in mine} == {"erin"}
    assert (await erin.get("/sys/log/list")).status_code == 403
    assert (await erin.delete("/sys/log/empty")).status_code == 403
    one = mine[0]["id"]
    assert (await admin.delete("/sys/log/delete", params={"ids": one})).json() == "删除日志成功！"
    assert (await admin.delete("/sys/log/empty")).json() == "清空日志成功!"
    bad = await admin.get("/sys/log/list", params={"beginCreateDate": "yesterday"})
    assert (bad.status_code, bad.json()["msg"]) == (400, "日期'yesterday'格式不正确")
