"""Posts: unique codes and the list filters."""

from __future__ import annotations

import httpx


async def test_post_codes_are_unique_and_the_list_filters(admin: httpx.AsyncClient) -> None:
    assert (
        await admin.post("/sys/post/save", json={"name": "组长", "code": "lead"})
    ).json() == "保存岗位'组长'成功"
    clash = await admin.post("/sys/post/save", json={"name": "另一个组长", "code": "lead"})
    assert (clash.status_code, clash.json()["msg"]) == (409, "保存岗位'另一个组长'失败, 岗位编码已存在")
    page = (await admin.get("/sys/post/list", params={"code": "lea", "current": 1, "size": -1})).json()
    assert [r["name"] for r in page["records"]] == ["组长"]
