"""Roles grant menus and buttons; a user sees only what their roles grant."""

from __future__ import annotations

from typing import Any

import httpx

from ..factories import menu_id


async def test_a_role_grants_exactly_its_permissions_and_menus(
    admin: httpx.AsyncClient, make_user: Any, client_for: Any
) -> None:
    # given a role with the user page and its view button only
    view = await menu_id(admin, "sys:user:view")
    saved = await admin.post(
        "/sys/role/save", json={"name": "查看员", "enName": "viewer", "menuIdList": ["m-sys-user", view]}
    )
    assert saved.json() == "保存角色'查看员'成功"
    role = next(r for r in (await admin.get("/sys/role/list")).json()["records"] if r["enName"] == "viewer")
    user = await make_user("viewer1")
    await admin.put("/sys/role/addUserToRole", params={"roleId": role["id"], "userIds": user["id"]})
    # when that user logs in
    client = await client_for("viewer1")
    menus = (await client.get("/sys/user/getMenus")).json()
    # then they see the system directory with the user page only, and may view but not add users
    assert menus["permissions"] == ["sys:user:view"]
    assert [m["name"] for m in menus["menuList"]] == ["系统管理"]
    assert [c["href"] for c in menus["menuList"][0]["children"]] == ["/sys/user/UserList"]
    assert (await client.get("/sys/user/list")).status_code == 200
    refused = await client.post(
        "/sys/user/save", json={"loginName": "x", "name": "x", "password": "secret-pw"}
    )
    assert refused.status_code == 403
    assert refused.json()["msg"] == "权限不足，无法访问: sys:user:add | sys:user:edit"


async def test_revoking_a_grant_applies_to_the_next_request(
    admin: httpx.AsyncClient, make_user: Any, client_for: Any
) -> None:
    view = await menu_id(admin, "sys:dict:view")
    await admin.post("/sys/role/save", json={"name": "字典员", "enName": "dicts", "menuIdList": [view]})
    role = next(r for r in (await admin.get("/sys/role/list", params={"enName": "dicts"})).json()["records"])
    user = await make_user("dict-reader", roleIdList=[role["id"]])
    client = await client_for("dict-reader")
    assert (await client.get("/sys/dict/type/list")).status_code == 200
    await admin.post(
        "/sys/role/save", json={"id": role["id"], "name": "字典员", "enName": "dicts", "menuIdList": []}
    )
    assert (await client.get("/sys/dict/type/list")).status_code == 403
    members = (await admin.get("/sys/role/assign", params={"roleId": role["id"]})).json()
    assert [m["loginName"] for m in members["records"]] == [user["loginName"]]
    removed = await admin.delete(
        "/sys/role/removeUserFromRole", params={"userId": user["id"], "roleId": role["id"]}
    )
    assert removed.json() == "用户从角色中移除成功"


async def test_role_names_are_unique_and_the_administrator_role_stays(admin: httpx.AsyncClient) -> None:
    clash = await admin.post("/sys/role/save", json={"name": "另一个", "enName": "sys"})
    assert (clash.status_code, clash.json()["msg"]) == (409, "保存角色'另一个'失败, 英文名已存在")
    refused = await admin.delete("/sys/role/delete", params={"ids": "1"})
    assert (refused.status_code, refused.json()["msg"]) == (400, "系统管理员角色不能删除")
    detail = (await admin.get("/sys/role/queryById", params={"id": "1"})).json()
    assert "m-sys-user-add" in detail["menuIdList"]


async def test_the_seeded_employee_role_gives_the_task_center_and_no_administration(
    make_user: Any, client_for: Any
) -> None:
    # given a user with the seeded employee role only
    await make_user("worker", roleIdList=["employee"])
    # when they log in
    menus = (await (await client_for("worker")).get("/sys/user/getMenus")).json()
    # then they start processes, handle and follow tasks, read copies, and administer nothing
    assert sorted(menus["permissions"]) == [
        "extension:flowCopy:view",
        "flowable:apply:view",
        "flowable:historic:view",
        "flowable:start:view",
        "flowable:task:audit",
        "flowable:task:view",
    ]
    assert [(m["name"], m["href"]) for m in menus["menuList"]] == [
        ("首页", "/sys/dashboard/analysis/index"),
        ("流程管理", None),
    ]
    assert [c["href"] for c in menus["menuList"][1]["children"]] == [
        "/flowable/task/ProcessList",
        "/flowable/task/TodoList",
        "/flowable/task/HistoryList",
        "/flowable/task/ApplyList",
        "/flowable/extension/FlowCopyList",
    ]


async def test_the_jeeplus_grant_screen_saves_only_the_rights_it_sends(admin: httpx.AsyncClient) -> None:
    # given a role with a name, remarks and one page
    await admin.post(
        "/sys/role/save",
        json={"name": "授权员", "enName": "granted", "remarks": "说明", "menuIdList": ["m-sys-post"]},
    )
    role = (await admin.get("/sys/role/list", params={"enName": "granted"})).json()["records"][0]
    # when the JeePlus client's 角色授权 saves the ticked menus (and half-ticked directory) alone
    saved = await admin.post(
        "/sys/role/save",
        json={"id": role["id"], "menuIds": "m-sys,m-sys-user,m-sys-user-view", "dataRuleIds": ""},
    )
    # then the rights are replaced and the rest of the role stays as it was
    assert saved.status_code == 200, saved.text
    assert saved.json() == "保存角色'授权员'成功"
    stored = (await admin.get("/sys/role/queryById", params={"id": role["id"]})).json()
    assert sorted(stored["menuIdList"]) == ["m-sys", "m-sys-user", "m-sys-user-view"]
    assert (stored["name"], stored["enName"], stored["remarks"]) == ("授权员", "granted", "说明")
    # and a new role still needs its names
    nameless = await admin.post("/sys/role/save", json={"menuIds": "m-sys"})
    assert nameless.status_code == 400


async def test_grants_naming_a_menu_that_does_not_exist_are_refused_naming_it(
    admin: httpx.AsyncClient,
) -> None:
    # given a role granted the user page
    await admin.post("/sys/role/save", json={"name": "幽灵", "enName": "ghost", "menuIdList": ["m-sys-user"]})
    role = next(r for r in (await admin.get("/sys/role/list", params={"enName": "ghost"})).json()["records"])
    # when its grants name a menu that does not exist, as a list or as the JeePlus tree's string
    as_list = await admin.post(
        "/sys/role/save",
        json={"id": role["id"], "name": "幽灵", "enName": "ghost", "menuIdList": ["m-sys", "m-x"]},
    )
    as_text = await admin.post("/sys/role/save", json={"id": role["id"], "menuIds": "m-sys,m-nowhere"})
    # then both are refused naming the id, and the role keeps its grants
    assert (as_list.status_code, as_list.json()["msg"]) == (400, "菜单[m-x]不存在或已被删除")
    assert (as_text.status_code, as_text.json()["msg"]) == (400, "菜单[m-nowhere]不存在或已被删除")
    detail = (await admin.get("/sys/role/queryById", params={"id": role["id"]})).json()
    assert detail["menuIdList"] == ["m-sys-user"]


async def test_members_and_data_rules_that_do_not_exist_are_refused_naming_them(
    admin: httpx.AsyncClient,
) -> None:
    # given a role
    await admin.post("/sys/role/save", json={"name": "规则", "enName": "ruled2", "menuIdList": []})
    role = next(r for r in (await admin.get("/sys/role/list", params={"enName": "ruled2"})).json()["records"])
    # when a user that does not exist is added, or a data rule that does not exist is granted
    member = await admin.put("/sys/role/addUserToRole", params={"roleId": role["id"], "userIds": "1,nobody"})
    rule = await admin.post(
        "/sys/role/save", json={"id": role["id"], "menuIds": "", "dataRuleIds": "m-sys,dataRule-no-rule"}
    )
    # then each is refused naming the id
    assert (member.status_code, member.json()["msg"]) == (400, "用户[nobody]不存在或已被删除")
    assert (rule.status_code, rule.json()["msg"]) == (400, "数据规则[no-rule]不存在或已被删除")


async def test_a_role_just_added_heads_the_role_list(admin: httpx.AsyncClient) -> None:
    # given two roles added one after the other
    for en_name in ("older", "newer"):
        saved = await admin.post("/sys/role/save", json={"name": f"角色{en_name}", "enName": en_name})
        assert saved.status_code == 200, saved.text
    # when the list is read without a sort, then the newest is on top of page 1
    records = (await admin.get("/sys/role/list")).json()["records"]
    assert [r["enName"] for r in records[:2]] == ["newer", "older"]
