"""Areas: a tree of regions."""

from __future__ import annotations

import httpx

from ..factories import tree_of


async def test_areas_are_a_tree(admin: httpx.AsyncClient) -> None:
    await admin.post("/sys/area/save", json={"name": "中国", "type": "1"})
    china = (await tree_of(admin, "/sys/area/treeData"))[0]
    await admin.post("/sys/area/save", json={"name": "北京", "type": "2", "parentId": china["id"]})
    tree = await tree_of(admin, "/sys/area/treeData")
    assert tree[0]["children"][0]["name"] == "北京"
    assert (await admin.delete("/sys/area/delete", params={"ids": china["id"]})).status_code == 400
    assert (
        await admin.delete(
            "/sys/area/delete", params={"ids": f"{china['id']},{tree[0]['children'][0]['id']}"}
        )
    ).json() == "删除区域成功"
