"""Data rules of menus and the roles' data scopes: saved, refused, granted, and what a viewer sees."""

from __future__ import annotations

from typing import Any

import httpx
from fastapi import FastAPI

from loom_contracts.clients.sys_directory import data_access_from_message, data_access_message
from loom_platform.datarules import Rule
from loom_sys import access as sys_access

from ..factories import create_office

RULE = {
    "menuId": "m-sys-user",
    "name": "本人创建",
    "field": "create_by",
    "express": "=",
    "value": "#{currentUser.id}",
}


async def test_a_rule_is_saved_listed_and_shown_in_the_grant_tree(admin: httpx.AsyncClient) -> None:
    # when
    saved = await admin.post("/sys/dataRule/save", json=RULE)
    # then
    assert (saved.status_code, saved.json()) == (200, "保存数据权限成功!")
    page = (await admin.get("/sys/dataRule/list", params={"menuId": "m-sys-user"})).json()
    [rule] = page["records"]
    assert (rule["field"], rule["express"], rule["value"]) == ("create_by", "=", "#{currentUser.id}")
    assert (await admin.get("/sys/dataRule/queryById", params={"id": rule["id"]})).json()[
        "name"
    ] == "本人创建"
    tree = (await admin.get("/sys/dataRule/treeData")).json()
    [root] = tree
    assert root["id"] == "m-sys"
    [page_node] = root["children"]
    assert page_node["children"][0]["id"] == f"dataRule-{rule['id']}"
    deleted = await admin.delete("/sys/dataRule/delete", params={"id": rule["id"]})
    assert deleted.json() == "删除数据权限成功"
    assert (await admin.get("/sys/dataRule/list", params={"menuId": "m-sys-user"})).json()["total"] == 0


async def test_a_rule_that_cannot_compile_is_refused_when_saved(admin: httpx.AsyncClient) -> None:
    for change, message in (
        (
            {"field": "name; drop table x"},
            "规则字段'name; drop table x'无效，只能是字母、数字和下划线组成的列名",
        ),
        ({"express": "between"}, "规则条件'between'无效"),
        ({"value": "#{currentUser.salary}"}, "规则值中的变量'#{currentUser.salary}'不存在"),
        ({"sqlSegment": "1=1"}, "不支持自定义sql，请使用规则字段、规则条件和规则值"),
        ({"menuId": "no-such-menu"}, "所属菜单不存在"),
    ):
        answer = await admin.post("/sys/dataRule/save", json={**RULE, **change})
        assert (answer.status_code, answer.json()["msg"]) == (400, message)
    english = await admin.post(
        "/sys/dataRule/save", json={**RULE, "express": "between"}, headers={"Accept-Language": "en-US"}
    )
    assert english.json()["msg"] == "Rule operator 'between' is invalid"


async def _role(admin: httpx.AsyncClient, en_name: str, **fields: Any) -> str:
    answer = await admin.post("/sys/role/save", json={"name": en_name, "enName": en_name, **fields})
    assert answer.status_code == 200, answer.text
    page = (await admin.get("/sys/role/list", params={"enName": en_name})).json()
    return str(page["records"][0]["id"])


async def test_scopes_union_over_roles_and_a_child_never_grants_its_parent(
    app: FastAPI, admin: httpx.AsyncClient, make_user: Any
) -> None:
    # given: company 1 with department A (and A1 below it) and department B
    dept_a = await create_office(admin, "部门A", "2")
    dept_b = await create_office(admin, "部门B", "2")
    await admin.post("/sys/office/save", json={"name": "部门A1", "type": "2", "parentId": dept_a})
    tree = (await admin.get("/sys/office/treeData")).json()[0]["children"]
    dept_a1 = next(c["id"] for n in tree if n["id"] == dept_a for c in n["children"])
    office_role = await _role(admin, "dept", dataScope="5")
    alice = await make_user(
        "alice", companyDTO={"id": "1"}, officeDTO={"id": dept_a}, roleIdList=[office_role]
    )
    bob = await make_user("bob", companyDTO={"id": "1"}, officeDTO={"id": dept_b}, roleIdList=[office_role])
    carol = await make_user(
        "carol", companyDTO={"id": "1"}, officeDTO={"id": dept_a1}, roleIdList=[office_role]
    )
    factory = app.state.session_factory

    async def access(user_id: str) -> Any:
        async with factory() as session:
            found = await sys_access.access_for(session, user_id, menu_id="m-sys-user")
        return data_access_from_message(data_access_message(found))  # as a service receives it

    # when / then: 所在部门 keeps A's users only
    seen = await access(alice["id"])
    assert not seen.everything and alice["id"] in seen.user_ids
    assert bob["id"] not in seen.user_ids and carol["id"] not in seen.user_ids
    # 所在部门及以下 from A1 never reaches A
    below = await _role(admin, "below", dataScope="4")
    await admin.post(
        "/sys/role/save", json={"id": below, "name": "below", "enName": "below", "dataScope": "4"}
    )
    await admin.put("/sys/role/addUserToRole", params={"roleId": below, "userIds": carol["id"]})
    assert alice["id"] not in (await access(carol["id"])).user_ids
    # a second role with 全部 makes the union everything
    everything = await _role(admin, "all", dataScope="1")
    await admin.put("/sys/role/addUserToRole", params={"roleId": everything, "userIds": alice["id"]})
    assert (await access(alice["id"])).everything
    # the role form reads its scope back
    role = (await admin.get("/sys/role/queryById", params={"id": below})).json()
    assert role["dataScope"] == "4"


async def test_rules_granted_to_a_role_narrow_only_their_menu(
    app: FastAPI, admin: httpx.AsyncClient, make_user: Any
) -> None:
    # given
    await admin.post("/sys/dataRule/save", json=RULE)
    rule_id = (await admin.get("/sys/dataRule/list", params={"menuId": "m-sys-user"})).json()["records"][0][
        "id"
    ]
    role = await _role(admin, "ruled", dataScope="1", dataRuleIds=f"m-sys,dataRule-{rule_id}")
    dave = await make_user("dave", roleIdList=[role])
    # when
    async with app.state.session_factory() as session:
        on_users = await sys_access.access_for(session, dave["id"], permission="sys:user:view")
        on_posts = await sys_access.access_for(session, dave["id"], menu_id="m-sys-post")
    # then
    assert on_users.rules == (Rule("create_by", "=", "#{currentUser.id}"),)
    assert on_posts.rules == ()
    role_form = (await admin.get("/sys/role/queryById", params={"id": role})).json()
    assert role_form["dataRuleIds"] == f"dataRule-{rule_id}"


async def test_a_bad_data_scope_is_refused(admin: httpx.AsyncClient) -> None:
    answer = await admin.post("/sys/role/save", json={"name": "x", "enName": "x", "dataScope": "7"})
    assert (answer.status_code, answer.json()["msg"]) == (400, "数据范围'7'无效")


async def test_a_custom_scope_naming_an_office_that_does_not_exist_is_refused(
    admin: httpx.AsyncClient,
) -> None:
    # when a role's 按明细设置 names an office that does not exist
    answer = await admin.post(
        "/sys/role/save",
        json={"name": "明细", "enName": "detail", "dataScope": "9", "officeIdList": ["1", "no-such-office"]},
    )
    # then it is refused naming it, and no role is saved
    assert (answer.status_code, answer.json()["msg"]) == (400, "机构[no-such-office]不存在或已被删除")
    listed = (await admin.get("/sys/role/list", params={"name": "明细"})).json()
    assert listed["total"] == 0


async def test_role_names_are_checked_as_one_types(admin: httpx.AsyncClient) -> None:
    assert (await admin.get("/sys/role/validateNotExist", params={"name": "系统管理员"})).json() is False
    assert (
        await admin.get("/sys/role/validateNotExist", params={"enName": "nobody-has-this"})
    ).json() is True


async def test_the_user_list_shows_the_users_the_callers_scope_reaches(
    admin: httpx.AsyncClient, make_user: Any, client_for: Any
) -> None:
    # given a user administrator of department A with the scope 所在部门
    dept_a = await create_office(admin, "甲部门", "2")
    dept_b = await create_office(admin, "乙部门", "2")
    role = await _role(admin, "useradmin", dataScope="5", menuIdList=["m-sys-user", "m-sys-user-view"])
    await make_user("kate", companyDTO={"id": "1"}, officeDTO={"id": dept_a}, roleIdList=[role])
    other = await make_user("liam", companyDTO={"id": "1"}, officeDTO={"id": dept_b})
    kate = await client_for("kate")
    # when
    listed = (await kate.get("/sys/user/list", params={"size": 100})).json()["records"]
    # then
    assert [r["loginName"] for r in listed] == ["kate"]
    assert (await kate.get("/sys/user/queryById", params={"id": other["id"]})).status_code == 404
    assert (await admin.get("/sys/user/queryById", params={"id": other["id"]})).status_code == 200


async def test_the_office_list_shows_the_offices_the_callers_scope_reaches(
    admin: httpx.AsyncClient, make_user: Any, client_for: Any
) -> None:
    # given an office administrator of department A with the scope 所在部门
    dept_a = await create_office(admin, "丙部门", "2")
    dept_b = await create_office(admin, "丁部门", "2")
    role = await _role(
        admin,
        "officeadmin",
        dataScope="5",
        menuIdList=["m-sys-office", "m-sys-office-view", "m-sys-office-edit", "m-sys-office-del"],
    )
    await make_user("olga", companyDTO={"id": "1"}, officeDTO={"id": dept_a}, roleIdList=[role])
    await make_user("paul", companyDTO={"id": "1"}, officeDTO={"id": dept_b})
    olga = await client_for("olga")
    # when
    listed = (await olga.get("/sys/office/treeData", params={"showAll": "1"})).json()
    # then: department A only; department B is 404 by id, for reading, editing and deleting
    assert [(n["id"], n["children"]) for n in listed] == [(dept_a, [])]
    assert (await olga.get("/sys/office/queryById", params={"id": dept_b})).status_code == 404
    edited = await olga.post(
        "/sys/office/save", json={"id": dept_b, "name": "改名", "type": "2", "parentId": "1"}
    )
    assert edited.status_code == 404
    assert (await olga.delete("/sys/office/delete", params={"ids": dept_b})).status_code == 404
    assert (await admin.get("/sys/office/queryById", params={"id": dept_b})).json()["name"] == "丁部门"
    # a user without sys:office:view still picks any office in a form (names only)
    paul = await client_for("paul")
    assert (await paul.get("/sys/office/queryById", params={"id": dept_a})).status_code == 200
    assert len((await paul.get("/sys/office/treeData")).json()[0]["children"]) >= 2
