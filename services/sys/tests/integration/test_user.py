"""The user list, form, enabling, deletion and password reset."""

from __future__ import annotations

from typing import Any

import httpx


async def test_list_filters_by_login_name_and_sorts_by_an_allowed_column(
    admin: httpx.AsyncClient, make_user: Any
) -> None:
    # given three users
    for name in ("carol", "alice", "bob"):
        await make_user(name)
    # when the list is sorted by login name descending, as the JeePlus client sends it
    page = (
        await admin.get("/sys/user/list", params={"orders[0].column": "login_name", "orders[0].asc": "false"})
    ).json()
    # then it comes back in that order with the page fields the client reads
    assert [r["loginName"] for r in page["records"]] == ["carol", "bob", "alice", "admin"]
    assert (page["total"], page["current"], page["size"]) == (4, 1, 10)
    filtered = (await admin.get("/sys/user/list", params={"loginName": "ali", "name": ""})).json()
    assert [r["loginName"] for r in filtered["records"]] == ["alice"]


async def test_sorting_by_a_column_that_is_not_sortable_is_refused(admin: httpx.AsyncClient) -> None:
    answer = await admin.get(
        "/sys/user/list", params={"orders[0].column": "password_hash; drop table", "orders[0].asc": "true"}
    )
    assert answer.status_code == 400
    assert answer.json()["msg"] == "不支持按字段[password_hash; drop table]排序"


async def test_page_size_all_returns_every_row_and_other_sizes_are_checked(
    admin: httpx.AsyncClient, make_user: Any
) -> None:
    for index in range(12):
        await make_user(f"user{index:02d}")
    everything = (await admin.get("/sys/user/list", params={"size": "1000000"})).json()
    assert len(everything["records"]) == everything["total"] == 13
    second = (await admin.get("/sys/user/list", params={"size": 10, "current": 2})).json()
    assert len(second["records"]) == 3 and second["pages"] == 2
    assert (await admin.get("/sys/user/list", params={"size": "5000"})).status_code == 400


async def test_a_login_name_is_unique(admin: httpx.AsyncClient, make_user: Any) -> None:
    await make_user("twin")
    answer = await admin.post(
        "/sys/user/save", json={"loginName": "twin", "name": "Twin", "password": "secret-pw"}
    )
    assert (answer.status_code, answer.json()["msg"]) == (409, "保存用户'twin'失败，登录名已存在")
    assert (await admin.get("/sys/user/validateLoginName", params={"loginName": "twin"})).json() is False


async def test_a_new_user_needs_a_password(admin: httpx.AsyncClient) -> None:
    answer = await admin.post("/sys/user/save", json={"loginName": "nopw", "name": "No PW"})
    assert (answer.status_code, answer.json()["msg"]) == (400, "新建用户时密码不能为空")


async def test_a_user_in_a_department_belongs_to_its_company(
    admin: httpx.AsyncClient, make_user: Any
) -> None:
    # given a department under the root company
    await admin.post("/sys/office/save", json={"name": "研发部", "type": "2", "parentId": "1"})
    dept = next(
        n for n in (await admin.get("/sys/office/treeData")).json()[0]["children"] if n["name"] == "研发部"
    )
    # when a user is saved into the department only
    user = await make_user("dev1", officeDTO={"id": dept["id"]})
    # then the company is filled in and the list filters by department and company
    assert user["companyDTO"] == {"id": "1", "name": "Loom"}
    assert user["officeDTO"] == {"id": dept["id"], "name": "研发部"}
    by_dept = (await admin.get("/sys/user/list", params={"officeDTO.id": dept["id"]})).json()
    assert [r["loginName"] for r in by_dept["records"]] == ["dev1"]
    sorted_by_dept = await admin.get(
        "/sys/user/list", params={"orders[0].column": "o.name", "orders[0].asc": "true"}
    )
    assert sorted_by_dept.status_code == 200


async def test_roles_and_posts_are_saved_with_the_user(admin: httpx.AsyncClient, make_user: Any) -> None:
    await admin.post("/sys/post/save", json={"name": "经理", "code": "manager"})
    post_id = (await admin.get("/sys/post/list")).json()["records"][0]["id"]
    user = await make_user("boss", roleIdList=["1"], postIdList=[post_id])
    assert user["roleIdList"] == ["1"] and user["postIdList"] == [post_id]
    assert user["roleNames"] == "系统管理员"


async def test_nobody_deletes_themselves_or_the_administrator(admin: httpx.AsyncClient) -> None:
    answer = await admin.delete("/sys/user/delete", params={"ids": "1"})
    assert (answer.status_code, answer.json()["msg"]) == (400, "删除用户失败, 不允许删除当前用户")


async def test_delete_removes_users(admin: httpx.AsyncClient, make_user: Any) -> None:
    a, b = await make_user("gone-a"), await make_user("gone-b")
    assert (
        await admin.delete("/sys/user/delete", params={"ids": f"{a['id']},{b['id']}"})
    ).json() == "删除用户成功"
    assert (await admin.get("/sys/user/queryById", params={"id": a["id"]})).status_code == 404


async def test_reset_password_lets_the_user_in_with_the_new_one(
    admin: httpx.AsyncClient, anonymous: httpx.AsyncClient, make_user: Any
) -> None:
    user = await make_user("forgetful")
    answer = await admin.put("/sys/user/resetPassword", params={"id": user["id"], "newPassword": "brand-new"})
    assert answer.json() == "重置密码成功"
    login = await anonymous.post("/sys/login", json={"username": "forgetful", "password": "brand-new"})
    assert login.status_code == 200


async def test_login_flag_must_be_zero_or_one(admin: httpx.AsyncClient, make_user: Any) -> None:
    user = await make_user("flaggy")
    answer = await admin.put("/sys/user/updateLoginFlag", params={"ids": user["id"], "loginFlag": "7"})
    assert (answer.status_code, answer.json()["msg"]) == (400, "登录状态只能是0或1")
    enabled = await admin.put("/sys/user/updateLoginFlag", params={"ids": user["id"], "loginFlag": "1"})
    assert enabled.json() == "启用用户成功"


async def test_someone_without_user_administration_picks_users_but_sees_only_who_they_are(
    make_user: Any, client_for: Any
) -> None:
    # given an approver with no role at all and a colleague with an e-mail address and a phone
    await make_user("approver")
    colleague = await make_user("colleague", email="colleague@example.com", phone="010-1234")
    client = await client_for("approver")
    # when the approver searches the user picker and resolves a chosen id
    page = (await client.get("/sys/user/list", params={"loginName": "colleague"})).json()
    one = (await client.get("/sys/user/queryById", params={"id": colleague["id"]})).json()
    # then the colleague is found with name, login name, company and department, and nothing more
    assert [r["loginName"] for r in page["records"]] == ["colleague"]
    for answer in (page["records"][0], one):
        assert set(answer) == {"id", "loginName", "name", "photo", "loginFlag", "companyDTO", "officeDTO"}
        assert "colleague@example.com" not in str(answer)
    # and writing users stays refused
    assert (await client.post("/sys/user/save", json={"loginName": "x", "name": "x"})).status_code == 403


async def test_roles_and_posts_that_do_not_exist_are_refused_naming_them(admin: httpx.AsyncClient) -> None:
    # given a new user's fields
    user = {"loginName": "ghost-links", "name": "幽灵", "password": "secret-pw-1"}
    # when their roles or posts name one that does not exist
    role = await admin.post("/sys/user/save", json={**user, "roleIdList": ["1", "no-role"]})
    post = await admin.post("/sys/user/save", json={**user, "postIdList": ["no-post"]})
    # then each is refused naming the id, and no user was made
    assert (role.status_code, role.json()["msg"]) == (400, "角色[no-role]不存在或已被删除")
    assert (post.status_code, post.json()["msg"]) == (400, "岗位[no-post]不存在或已被删除")
    listed = (await admin.get("/sys/user/list", params={"loginName": "ghost-links"})).json()
    assert listed["records"] == []
