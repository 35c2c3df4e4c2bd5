"""Calls the table tests share."""

from __future__ import annotations

from typing import Any


async def save_table(env: Any, body: dict[str, Any]) -> dict[str, Any]:
    r = await env.client.post("/gencode/table/save", json=body, headers=env.headers())
    assert r.status_code == 200, r.text
    page = (
        await env.client.get(
            "/gencode/table/list", params={"nameLike": body["name"], "size": 100}, headers=env.headers()
        )
    ).json()
    rec = next(x for x in page["result"]["records"] if x["name"] == body["name"])
    return (
        await env.client.get("/gencode/table/queryById", params={"id": rec["id"]}, headers=env.headers())
    ).json()


async def sync(env: Any, table_id: str, is_force: str = "1") -> Any:
    return await env.client.post(
        "/gencode/table/synchDb", data={"id": table_id, "isForce": is_force}, headers=env.headers()
    )
