"""Process categories as the category screen and the model list's tree call them."""

from __future__ import annotations

from typing import Any

from ..conftest import Env


async def _ok(env: Env, method: str, url: str, **kwargs: Any) -> Any:
    answer = await env.client.request(method, url, headers=env.headers(), **kwargs)
    assert answer.status_code == 200, answer.text
    return answer.json()


async def test_categories_form_a_tree_that_is_edited_and_deleted_leaf_first(env: Env) -> None:
    # given a root category with a child
    saved = await _ok(env, "POST", "/extension/actCategory/save", json={"name": "人事", "sort": 10})
    root = (await _ok(env, "GET", "/extension/actCategory/treeData"))[0]
    await _ok(
        env, "POST", "/extension/actCategory/save", json={"name": "请假", "parentId": root["id"], "sort": 10}
    )
    # when
    tree = await _ok(env, "GET", "/extension/actCategory/treeData")
    child = tree[0]["children"][0]
    refused = await env.client.delete(
        "/extension/actCategory/delete", params={"ids": root["id"]}, headers=env.headers()
    )
    renamed = await _ok(env, "POST", "/extension/actCategory/save", json={**child, "name": "休假"})
    read = await _ok(env, "GET", "/extension/actCategory/queryById", params={"id": child["id"]})
    deleted = await _ok(
        env, "DELETE", "/extension/actCategory/delete", params={"ids": f"{child['id']},{root['id']}"}
    )
    # then
    assert saved == "保存流程分类'人事'成功" and renamed == "保存流程分类'休假'成功"
    assert (
        [c["name"] for c in tree] == ["人事"] and child["name"] == "请假" and child["parentId"] == root["id"]
    )
    assert refused.status_code == 400 and refused.json()["msg"] == "请先删除子分类"
    assert read["name"] == "休假" and read["parentIds"] == f"0,{root['id']},"
    assert deleted == "删除流程分类成功" and await _ok(env, "GET", "/extension/actCategory/treeData") == []


async def test_a_category_needs_a_unique_name_and_cannot_sit_under_itself(env: Env) -> None:
    # given
    await _ok(env, "POST", "/extension/actCategory/save", json={"name": "财务"})
    first = (await _ok(env, "GET", "/extension/actCategory/treeData"))[0]
    # when
    empty = await env.client.post("/extension/actCategory/save", json={"name": " "}, headers=env.headers())
    taken = await env.client.post(
        "/extension/actCategory/save", json={"name": "财务"}, headers=env.headers(lang="en-US")
    )
    cycle = await env.client.post(
        "/extension/actCategory/save", json={**first, "parentId": first["id"]}, headers=env.headers()
    )
    # then
    assert empty.status_code == 400 and empty.json()["msg"] == "分类名称不能为空"
    assert taken.status_code == 409 and taken.json()["msg"] == "The category name is taken"
    assert cycle.status_code == 400 and cycle.json()["msg"] == "上级分类不能是自己或自己的下级"


async def test_a_moved_category_takes_its_sub_categories_along(env: Env) -> None:
    # given two roots, the first with a child and a grandchild
    await _ok(env, "POST", "/extension/actCategory/save", json={"name": "行政", "sort": 10})
    await _ok(env, "POST", "/extension/actCategory/save", json={"name": "后勤", "sort": 20})
    admin, logistics = await _ok(env, "GET", "/extension/actCategory/treeData")
    await _ok(env, "POST", "/extension/actCategory/save", json={"name": "用车", "parentId": admin["id"]})
    car = (await _ok(env, "GET", "/extension/actCategory/treeData"))[0]["children"][0]
    await _ok(env, "POST", "/extension/actCategory/save", json={"name": "加油", "parentId": car["id"]})
    # when the child moves under the second root
    await _ok(env, "POST", "/extension/actCategory/save", json={**car, "parentId": logistics["id"]})
    fuel = (await _ok(env, "GET", "/extension/actCategory/treeData"))[1]["children"][0]["children"][0]
    # then the grandchild's path runs through its new grandparent
    assert fuel["name"] == "加油" and fuel["parentIds"] == f"0,{logistics['id']},{car['id']},"
