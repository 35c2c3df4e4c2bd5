"""Offices: companies and departments as one tree."""

from __future__ import annotations

from typing import Any

import httpx

from ..factories import create_office, tree_of


async def test_offices_form_one_tree_and_type_filters_it(admin: httpx.AsyncClient) -> None:
    # given a department and a sub-company under the root company
    await admin.post("/sys/office/save", json={"name": "财务部", "type": "2", "parentId": "1", "sort": 10})
    await admin.post("/sys/office/save", json={"name": "分公司", "type": "1", "parentId": "1", "sort": 20})
    # when the tree is read
    tree = await tree_of(admin, "/sys/office/treeData")
    # then both sit under the root, which has parentId '0'
    assert tree[0]["parentId"] == "0" and [c["name"] for c in tree[0]["children"]] == ["财务部", "分公司"]
    companies = await tree_of(admin, "/sys/office/treeData", type="1")
    assert [c["name"] for c in companies[0]["children"]] == ["分公司"]
    departments = await tree_of(admin, "/sys/office/treeData", type="2")
    assert departments[0]["disabled"] is True


async def test_an_office_cannot_move_under_its_own_child(admin: httpx.AsyncClient) -> None:
    await admin.post("/sys/office/save", json={"name": "A", "type": "1", "parentId": "1"})
    a = next(n for n in (await tree_of(admin, "/sys/office/treeData"))[0]["children"] if n["name"] == "A")
    await admin.post("/sys/office/save", json={"name": "B", "type": "2", "parentId": a["id"]})
    b = (await tree_of(admin, "/sys/office/treeData"))[0]["children"][0]["children"][0]
    answer = await admin.post(
        "/sys/office/save", json={"id": a["id"], "name": "A", "type": "1", "parentId": b["id"]}
    )
    assert (answer.status_code, answer.json()["msg"]) == (400, "不能将上级设置为自己或自己的下级")


async def test_moving_an_office_repaths_its_descendants(admin: httpx.AsyncClient) -> None:
    await admin.post("/sys/office/save", json={"name": "X", "type": "1", "parentId": "1"})
    await admin.post("/sys/office/save", json={"name": "Y", "type": "1", "parentId": "1"})
    x, y = sorted((await tree_of(admin, "/sys/office/treeData"))[0]["children"], key=lambda n: n["name"])
    await admin.post("/sys/office/save", json={"name": "X-1", "type": "2", "parentId": x["id"]})
    await admin.post("/sys/office/save", json={"id": x["id"], "name": "X", "type": "1", "parentId": y["id"]})
    moved_child = (await tree_of(admin, "/sys/office/treeData"))[0]["children"][0]["children"][0]["children"][
        0
    ]
    assert moved_child["name"] == "X-1"
    assert moved_child["parentIds"] == f"0,1,{y['id']},{x['id']},"


async def test_an_office_with_children_or_users_is_not_deleted(
    admin: httpx.AsyncClient, make_user: Any
) -> None:
    await admin.post("/sys/office/save", json={"name": "有人部", "type": "2", "parentId": "1"})
    dept = (await tree_of(admin, "/sys/office/treeData"))[0]["children"][0]
    await make_user("member", officeDTO={"id": dept["id"]})
    with_user = await admin.delete("/sys/office/delete", params={"ids": dept["id"]})
    assert with_user.json()["msg"] == "删除机构'有人部'失败，该机构下还有用户"
    root = await admin.delete("/sys/office/delete", params={"ids": "1"})
    assert root.json()["msg"] == "删除机构'Loom'失败，请先删除下级机构"


async def test_office_save_validates_the_type(admin: httpx.AsyncClient) -> None:
    answer = await admin.post("/sys/office/save", json={"name": "Bad", "type": "9"})
    assert answer.status_code == 400 and answer.json()["details"]["field"] == "type"


async def test_an_office_names_its_manager_and_deputy_in_query_and_tree(
    admin: httpx.AsyncClient, make_user: Any
) -> None:
    # given a department whose manager and deputy are users
    dept = await create_office(admin, "研发部", "2")
    boss = await make_user("boss", name="王经理", officeDTO={"id": dept})
    deputy = await make_user("deputy", name="李副经理", officeDTO={"id": dept})
    # when they are saved on the department
    saved = await admin.post(
        "/sys/office/save",
        json={
            "id": dept,
            "name": "研发部",
            "type": "2",
            "parentId": "1",
            "primaryPerson": {"id": boss["id"]},
            "deputyPerson": {"id": deputy["id"]},
        },
    )
    # then queryById and the tree answer both with their names
    assert saved.status_code == 200, saved.text
    office = (await admin.get("/sys/office/queryById", params={"id": dept})).json()
    assert office["primaryPerson"] == {"id": boss["id"], "name": "王经理"}
    assert office["deputyPerson"] == {"id": deputy["id"], "name": "李副经理"}
    node = next(n for n in (await tree_of(admin, "/sys/office/treeData"))[0]["children"] if n["id"] == dept)
    assert node["primaryPerson"]["name"] == "王经理"


async def test_saving_an_office_without_its_people_keeps_them_and_an_empty_one_clears(
    admin: httpx.AsyncClient, make_user: Any
) -> None:
    # given a department with a manager
    dept = await create_office(admin, "市场部", "2")
    boss = await make_user("mboss", name="赵经理")
    body = {"id": dept, "name": "市场部", "type": "2", "parentId": "1"}
    await admin.post("/sys/office/save", json={**body, "primaryPerson": {"id": boss["id"]}})
    # when it is saved by a client that does not know the field, then with an empty manager
    await admin.post("/sys/office/save", json={**body, "name": "市场一部"})
    kept = (await admin.get("/sys/office/queryById", params={"id": dept})).json()
    await admin.post("/sys/office/save", json={**body, "primaryPerson": {"id": ""}})
    cleared = (await admin.get("/sys/office/queryById", params={"id": dept})).json()
    # then
    assert kept["name"] == "市场一部" and kept["primaryPerson"]["id"] == boss["id"]
    assert cleared["primaryPerson"] is None


async def test_an_office_manager_must_be_an_existing_user(admin: httpx.AsyncClient) -> None:
    # given
    dept = await create_office(admin, "后勤部", "2")
    body = {"id": dept, "name": "后勤部", "type": "2", "parentId": "1"}
    # when
    zh = await admin.post("/sys/office/save", json={**body, "primaryPerson": {"id": "no-such-user"}})
    en = await admin.post(
        "/sys/office/save",
        json={**body, "deputyPerson": {"id": "no-such-user"}},
        headers={"Accept-Language": "en-US"},
    )
    # then
    assert (zh.status_code, zh.json()["msg"]) == (400, "主负责人不存在或已被删除")
    assert zh.json()["details"]["field"] == "primaryPerson"
    assert (en.status_code, en.json()["msg"]) == (400, "The deputy manager is not an existing user")
    office = (await admin.get("/sys/office/queryById", params={"id": dept})).json()
    assert office["primaryPerson"] is None and office["deputyPerson"] is None


async def test_a_deleted_manager_leaves_the_department_without_one(
    admin: httpx.AsyncClient, make_user: Any
) -> None:
    # given a department whose manager and deputy are users
    dept = await create_office(admin, "采购部", "2")
    boss, deputy = await make_user("pboss", name="钱经理"), await make_user("pdeputy", name="孙副经理")
    body = {"id": dept, "name": "采购部", "type": "2", "parentId": "1"}
    await admin.post(
        "/sys/office/save",
        json={**body, "primaryPerson": {"id": boss["id"]}, "deputyPerson": {"id": deputy["id"]}},
    )
    # when the manager is deleted
    assert (await admin.delete("/sys/user/delete", params={"ids": boss["id"]})).status_code == 200
    # then the department has no manager, and its deputy stays
    office = (await admin.get("/sys/office/queryById", params={"id": dept})).json()
    assert office["primaryPerson"] is None
    assert office["deputyPerson"] == {"id": deputy["id"], "name": "孙副经理"}
