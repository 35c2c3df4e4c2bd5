"""The table types of seed 000 §3 beyond the single table, live in the host: a master saved with its
child rows in one transaction, a tree that moves, a left tree filtering its right list; and every
module keeping to the caller's data rules and exporting labels."""

from __future__ import annotations

import io
import uuid

from openpyxl import load_workbook

from loom_platform.datarules import DataAccess, Viewer
from loom_platform.processes import ProcessState

from ..factories import column, design_and_sync, generate, table

ACTIONS = ("view", "add", "edit", "del")


async def _live(env, table_id: str, module: str, name: str) -> str:
    assert (await generate(env, table_id, module)).status_code == 200
    state = await env.wait_for(f"{module}/{name}")
    log = (
        await env.apps.get("/apps/module/log", params={"name": state["name"]}, headers=env.headers())
    ).json()
    assert state["state"] == "live", log["log"][-4000:]
    for user in ("admin", "clerk"):
        env.grant(user, *(f"{module}:{name}:{a}" for a in ACTIONS))
    return f"/{module}/{name}"


async def test_a_master_saves_its_child_rows_in_one_transaction(env):
    # given a master table and its child table (a required column and an e-mail column), generated live
    master, child = f"ord_{uuid.uuid4().hex[:6]}", f"itm_{uuid.uuid4().hex[:6]}"
    module = f"t{uuid.uuid4().hex[:6]}"
    master_id = await design_and_sync(env, table(master, column("code", "varchar(20)", isNull="0")))
    child_body = table(
        child,
        column("order_id", "varchar(64)", isQuery="1"),
        column("item", "varchar(10)", isNull="0"),
        column("mail", "varchar(50)", validateType="isEmail"),
        table_type="2",
    )
    await design_and_sync(env, {**child_body, "parentTable": master, "parentTableFk": "order_id"})
    base = await _live(env, master_id, module, master)
    child_class = "".join(p.title() for p in child.split("_"))
    rows_key = child_class[:1].lower() + child_class[1:] + "List"  # JeePlus's name of the form's rows
    h = env.headers()
    # when a master comes with a child row that breaks a column's rule, nothing is saved
    bad = {"id": "m1", "code": "A-1", rows_key: [{"item": "ok"}, {"item": "x", "mail": "nope"}]}
    refused = await env.apps.post(f"{base}/save", json=bad, headers=h)
    assert refused.status_code == 400 and "请输入正确的邮箱地址" in refused.json()["msg"]
    missing = await env.apps.post(f"{base}/save", json={**bad, rows_key: [{"mail": "a@b.cn"}]}, headers=h)
    assert missing.status_code == 400 and "item" in missing.json()["msg"]
    assert (await env.apps.get(f"{base}/queryById", params={"id": "m1"}, headers=h)).status_code == 404
    # a valid master and its rows are saved together
    good = {"id": "m1", "code": "A-1", rows_key: [{"item": "one"}, {"item": "two", "mail": "a@b.cn"}]}
    assert (await env.apps.post(f"{base}/save", json=good, headers=h)).status_code == 200, "saved"
    read = (await env.apps.get(f"{base}/queryById", params={"id": "m1"}, headers=h)).json()
    assert sorted(r["item"] for r in read[rows_key]) == ["one", "two"]
    assert {r["orderId"] for r in read[rows_key]} == {"m1"}
    # a row of another master is never taken over, and the whole save is rolled back with it
    one, two = sorted(read[rows_key], key=lambda r: r["item"])
    other = {"id": "m2", "code": "C-3", rows_key: [{"item": "theirs"}]}
    assert (await env.apps.post(f"{base}/save", json=other, headers=h)).status_code == 200
    theirs = (await env.apps.get(f"{base}/queryById", params={"id": "m2"}, headers=h)).json()[rows_key][0]
    rolled = {**read, "code": "B-2", rows_key: [{**one, "item": "uno"}, {**theirs, "item": "stolen"}]}
    assert (await env.apps.post(f"{base}/save", json=rolled, headers=h)).status_code == 404
    unchanged = (await env.apps.get(f"{base}/queryById", params={"id": "m1"}, headers=h)).json()
    assert unchanged["code"] == "A-1" and sorted(r["item"] for r in unchanged[rows_key]) == ["one", "two"]
    edit = {
        **read,
        "code": "B-2",
        rows_key: [{**one, "item": "uno"}, {**two, "delFlag": "1"}, {"item": "three"}],
    }
    assert (await env.apps.post(f"{base}/save", json=edit, headers=h)).status_code == 200
    after = (await env.apps.get(f"{base}/queryById", params={"id": "m1"}, headers=h)).json()
    assert after["code"] == "B-2" and sorted(r["item"] for r in after[rows_key]) == ["three", "uno"]
    # deleting the master deletes its rows
    assert (await env.apps.delete(f"{base}/delete", params={"ids": "m1"}, headers=h)).status_code == 200
    left = (await env.apps.get(f"/{module}/{child}/list", params={"orderId": "m1"}, headers=h)).json()
    assert left["total"] == 0
    kept = (await env.apps.get(f"/{module}/{child}/list", params={"orderId": "m2"}, headers=h)).json()
    assert [r["item"] for r in kept["records"]] == ["theirs"]


async def test_a_tree_moves_its_nodes_and_refuses_a_move_under_itself(env):
    # given a tree table generated live, with a root, a child and a grandchild
    name = f"cat_{uuid.uuid4().hex[:6]}"
    module = f"t{uuid.uuid4().hex[:6]}"
    base = await _live(env, await design_and_sync(env, table(name, table_type="3")), module, name)
    h = env.headers()
    for node, parent, sort in (("r", "0", 10), ("a", "r", 10), ("b", "a", 10), ("s", "0", 20)):
        saved = await env.apps.post(
            f"{base}/save", json={"id": node, "name": node, "sort": sort, "parentId": parent}, headers=h
        )
        assert saved.status_code == 200, saved.text
    b = (await env.apps.get(f"{base}/queryById", params={"id": "b"}, headers=h)).json()
    assert b["parentIds"] == "0,r,a,"
    # when a node is moved under its own descendant, it is refused, in the caller's language
    loop = await env.apps.post(
        f"{base}/save", json={"id": "r", "name": "r", "sort": 10, "parentId": "b"}, headers=h
    )
    assert loop.status_code == 400 and loop.json()["msg"] == "不能将上级设置为自己或自己的下级"
    english = await env.apps.post(
        f"{base}/save", json={"id": "a", "name": "a", "parentId": "a"}, headers=env.headers(lang="en-US")
    )
    assert english.json()["msg"] == "A node cannot be moved under itself or its descendants"
    nowhere = await env.apps.post(
        f"{base}/save", json={"id": "a", "name": "a", "parentId": "none"}, headers=h
    )
    assert nowhere.status_code == 400 and "上级节点不存在" in nowhere.json()["msg"]
    # the places a node may move to leave it and its subtree out
    places = (await env.apps.get(f"{base}/treeData", params={"extId": "a"}, headers=h)).json()
    assert [(n["id"], [c["id"] for c in n["children"]]) for n in places] == [("r", []), ("s", [])]
    # when it moves elsewhere, its subtree moves with it
    moved = await env.apps.post(
        f"{base}/save", json={"id": "a", "name": "a", "sort": 10, "parentId": "s"}, headers=h
    )
    assert moved.status_code == 200, moved.text
    tree = (await env.apps.get(f"{base}/treeData", headers=h)).json()
    assert [(n["id"], [c["id"] for c in n["children"]]) for n in tree] == [("r", []), ("s", ["a"])]
    b = (await env.apps.get(f"{base}/queryById", params={"id": "b"}, headers=h)).json()
    assert b["parentIds"] == "0,s,a,"
    # deleting a node deletes what is below it
    assert (await env.apps.delete(f"{base}/delete", params={"ids": "s"}, headers=h)).status_code == 200
    assert [n["id"] for n in (await env.apps.get(f"{base}/treeData", headers=h)).json()] == ["r"]


async def test_deleting_a_tree_node_refuses_descendants_outside_the_callers_scope(env):
    # given a live tree: clerk's node with admin's node below it, and clerk's own leaf elsewhere
    name = f"scp_{uuid.uuid4().hex[:6]}"
    module = f"t{uuid.uuid4().hex[:6]}"
    base = await _live(env, await design_and_sync(env, table(name, table_type="3")), module, name)
    admin, clerk = env.headers(), env.headers("clerk")
    for node, parent, who in (("top", "0", clerk), ("theirs", "top", admin), ("own", "0", clerk)):
        body = {"id": node, "name": node, "sort": 10, "parentId": parent}
        assert (await env.apps.post(f"{base}/save", json=body, headers=who)).status_code == 200
    # when clerk, who sees only clerk's rows, deletes the node with admin's below it
    env.platform.access["clerk"] = DataAccess(
        viewer=Viewer(user_id="clerk"), everything=False, user_ids=frozenset({"clerk"})
    )
    try:
        refused = await env.apps.delete(f"{base}/delete", params={"ids": "top"}, headers=clerk)
        english = await env.apps.delete(
            f"{base}/delete", params={"ids": "top"}, headers=env.headers("clerk", lang="en-US")
        )
        # then it is refused, saying why in the caller's language, and nothing is deleted
        assert refused.status_code == 400, refused.text
        assert refused.json()["msg"] == (
            "节点[top]下有1个下级节点不在您的数据范围内，删除会连同它们一起删除，因此不能删除"
        )
        assert "outside your data scope" in english.json()["msg"]
        # while a node whose subtree clerk sees whole is deleted
        assert (
            await env.apps.delete(f"{base}/delete", params={"ids": "own"}, headers=clerk)
        ).status_code == 200
    finally:
        env.platform.access.pop("clerk", None)
    tree = (await env.apps.get(f"{base}/treeData", headers=admin)).json()
    assert [(n["id"], [c["id"] for c in n["children"]]) for n in tree] == [("top", ["theirs"])]


async def test_a_workflow_form_takes_back_the_record_of_a_failed_start(env):
    # given a live workflow-form module (type 6), a record clerk saved for a start and one that started
    name = f"wf_{uuid.uuid4().hex[:6]}"
    module = f"t{uuid.uuid4().hex[:6]}"
    design = table(name, column("reason", "varchar(50)"), table_type="6")
    base = await _live(env, await design_and_sync(env, design), module, name)
    admin, clerk = env.headers(), env.headers("clerk")
    for record in ("pending", "running"):
        body = {"id": record, "reason": "leave"}
        assert (await env.apps.post(f"{base}/save", json=body, headers=clerk)).status_code == 200
    # the workflow service's word on its process reaches the sandboxed module through the host
    env.platform.states[f"{name}:running"] = ProcessState("instance-1", "running", ("审批",))
    # when the start failed: nobody else takes clerk's record back, clerk does
    theirs = await env.apps.delete(f"{base}/discard", params={"id": "pending"}, headers=admin)
    assert theirs.status_code == 404, theirs.text
    taken = await env.apps.delete(f"{base}/discard", params={"id": "pending"}, headers=clerk)
    assert taken.status_code == 200, taken.text
    # then it is gone, and a record whose process started is never taken back this way
    assert (
        await env.apps.get(f"{base}/queryById", params={"id": "pending"}, headers=clerk)
    ).status_code == 404
    kept = await env.apps.delete(f"{base}/discard", params={"id": "running"}, headers=clerk)
    assert kept.status_code == 404, kept.text
    running = await env.apps.get(f"{base}/queryById", params={"id": "running"}, headers=clerk)
    assert running.status_code == 200 and running.json()["procInsId"] == "instance-1"
    assert running.json()["process"]["statusText"] == "审批中"
    # nor changed or deleted while its process runs
    changed = await env.apps.post(f"{base}/save", json={"id": "running", "reason": "x"}, headers=clerk)
    assert changed.status_code == 400 and "流程审批中，不能修改" in changed.json()["msg"], changed.text
    deleted = await env.apps.delete(f"{base}/delete", params={"ids": "running"}, headers=admin)
    assert deleted.status_code == 400 and "不能删除" in deleted.json()["msg"], deleted.text
    env.platform.states.clear()


async def test_a_left_tree_filters_its_right_list(env):
    # given a left tree (type 4) and its right table (type 5) keyed by the tree node, generated live
    name, right = f"grp_{uuid.uuid4().hex[:6]}", f"mem_{uuid.uuid4().hex[:6]}"
    module = f"t{uuid.uuid4().hex[:6]}"
    tree_id = await design_and_sync(env, table(name, table_type="4"))
    right_body = table(
        right, column("grp_id", "varchar(64)", isQuery="1"), column("title", "varchar(20)"), table_type="5"
    )
    await design_and_sync(env, {**right_body, "parentTable": name, "parentTableFk": "grp_id"})
    base = await _live(env, tree_id, module, name)
    h = env.headers()
    for node in ("g1", "g2"):
        await env.apps.post(
            f"{base}/save", json={"id": node, "name": node, "sort": 10, "parentId": "0"}, headers=h
        )
    for group, title in (("g1", "a"), ("g1", "b"), ("g2", "c")):
        saved = await env.apps.post(
            f"/{module}/{right}/save", json={"grpId": group, "title": title}, headers=h
        )
        assert saved.status_code == 200, saved.text
    # when a tree node is chosen, the right list holds that node's rows only
    chosen = (await env.apps.get(f"/{module}/{right}/list", params={"grpId": "g1"}, headers=h)).json()
    assert sorted(r["title"] for r in chosen["records"]) == ["a", "b"] and chosen["total"] == 2
    everyone = (await env.apps.get(f"/{module}/{right}/list", headers=h)).json()
    assert everyone["total"] == 3
    # and the right table answers to the tree's menu only
    assert (await env.apps.get(f"/{module}/{right}/list", headers=env.headers("stranger"))).status_code == 403


async def test_a_module_keeps_to_the_data_rules_and_exports_labels(env):
    # given a live module with a row of admin's and a row of clerk's
    name = f"dr_{uuid.uuid4().hex[:6]}"
    module = f"t{uuid.uuid4().hex[:6]}"
    design = table(
        name,
        column("title", "varchar(20)", isQuery="1", queryType="LIKE"),
        column("kind", "varchar(10)", showType="select", dictType="yes_no"),
    )
    base = await _live(env, await design_and_sync(env, design), module, name)
    admin, clerk = env.headers(), env.headers("clerk")
    await env.apps.post(
        f"{base}/save", json={"id": "of-admin", "title": "admin's", "kind": "1"}, headers=admin
    )
    await env.apps.post(
        f"{base}/save", json={"id": "of-clerk", "title": "clerk's", "kind": "0"}, headers=clerk
    )
    # when clerk's scope is clerk's own rows (仅本人)
    env.platform.access["clerk"] = DataAccess(
        viewer=Viewer(user_id="clerk"), everything=False, user_ids=frozenset({"clerk"})
    )
    try:
        # then admin's row is as if it did not exist for clerk
        listed = (await env.apps.get(f"{base}/list", headers=clerk)).json()
        assert [r["id"] for r in listed["records"]] == ["of-clerk"]
        assert (
            await env.apps.get(f"{base}/queryById", params={"id": "of-admin"}, headers=clerk)
        ).status_code == 404
        overwrite = await env.apps.post(
            f"{base}/save", json={"id": "of-admin", "title": "mine"}, headers=clerk
        )
        assert overwrite.status_code == 404
        assert (
            await env.apps.delete(f"{base}/delete", params={"ids": "of-admin"}, headers=clerk)
        ).status_code == 404
        exported = await env.apps.get(f"{base}/export", headers=clerk)
        sheet = load_workbook(io.BytesIO(exported.content)).active
        assert [[c.value for c in row] for row in sheet.iter_rows()] == [["title", "kind"], ["clerk's", "否"]]
    finally:
        env.platform.access.pop("clerk", None)
    # and with every row in scope, both are there, the dictionary column by its label
    exported = await env.apps.get(f"{base}/export", params={"title": "admin"}, headers=clerk)
    assert exported.status_code == 200 and "attachment" in exported.headers["content-disposition"]
    rows = [[c.value for c in row] for row in load_workbook(io.BytesIO(exported.content)).active.iter_rows()]
    assert rows == [["title", "kind"], ["admin's", "是"]]
    assert (await env.apps.get(f"{base}/list", headers=clerk)).json()["total"] == 2


async def test_a_modules_export_writes_formulas_as_text_and_survives_a_control_character(env):
    # given a live module with rows a spreadsheet would run as formulas, and one with a control character
    name = f"fx_{uuid.uuid4().hex[:6]}"
    module = f"x{uuid.uuid4().hex[:6]}"
    base = await _live(
        env, await design_and_sync(env, table(name, column("title", "varchar(100)"))), module, name
    )
    h = env.headers()
    hostile = ['=HYPERLINK("http://evil.example","点我")', "+cmd|' /C calc'!A0", "-1+2", "@SUM(A1)"]
    for number, value in enumerate([*hostile, "控\x07制"]):
        saved = await env.apps.post(f"{base}/save", json={"id": f"r{number}", "title": value}, headers=h)
        assert saved.status_code == 200, saved.text
    # when the module's rows are exported
    exported = await env.apps.get(f"{base}/export", headers=h)
    # then the file is written, no cell is a formula, and each value reads as stored (without the control character)
    assert exported.status_code == 200, exported.text
    cells = list(load_workbook(io.BytesIO(exported.content)).active.iter_rows())
    assert all(c.data_type != "f" for row in cells for c in row)
    rows = [[c.value for c in row] for row in cells]
    assert rows[0] == ["title"]
    # (in the list's order, newest first: rows saved within one clock tick may come in either order)
    assert sorted(rows[1:]) == sorted([[v] for v in hostile] + [["控制"]])
