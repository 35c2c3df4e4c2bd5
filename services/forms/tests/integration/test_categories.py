"""Form categories: one tree (``loom_platform.tree``) as the category screen edits it."""

from __future__ import annotations


async def _tree(env):
    answer = await env.client.get("/extension/formCategory/treeData", headers=env.headers())
    assert answer.status_code == 200, answer.text
    return answer.json()


async def _save(env, **body):
    answer = await env.client.post("/extension/formCategory/save", json=body, headers=env.headers())
    assert answer.status_code == 200, answer.text


def _find(nodes, name):
    for node in nodes:
        if node["name"] == name:
            return node
        found = _find(node["children"], name)
        if found is not None:
            return found
    return None


async def test_a_moved_category_takes_its_sub_categories_along(env):
    # given 财务 with 报销 below it, and 报销 with 差旅 below it
    await _save(env, name="财务", sort=40)
    await _save(env, name="行政", sort=50)
    finance = _find(await _tree(env), "财务")
    await _save(env, name="报销", parentId=finance["id"])
    claims = _find(await _tree(env), "报销")
    await _save(env, name="差旅", parentId=claims["id"])
    admin = _find(await _tree(env), "行政")
    # when 报销 moves under 行政
    await _save(env, id=claims["id"], name="报销", parentId=admin["id"])
    travel = _find(await _tree(env), "差旅")
    # then 差旅's path runs through its new grandparent
    assert travel["parentIds"] == f"0,{admin['id']},{claims['id']},"
    assert _find(await _tree(env), "行政")["children"][0]["children"][0]["name"] == "差旅"


async def test_a_category_cannot_move_below_itself(env):
    # given
    await _save(env, name="人事")
    hr = _find(await _tree(env), "人事")
    await _save(env, name="招聘", parentId=hr["id"])
    hiring = _find(await _tree(env), "招聘")
    # when
    answer = await env.client.post(
        "/extension/formCategory/save",
        json={"id": hr["id"], "name": "人事", "parentId": hiring["id"]},
        headers=env.headers(lang="en-US"),
    )
    # then
    assert answer.status_code == 400
    assert answer.json()["msg"] == "A category cannot be its own parent or a parent of its parents"
