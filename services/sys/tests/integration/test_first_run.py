"""What a fresh platform offers its first administrator: a department to put users in, and the
user list naming each user's roles."""

from __future__ import annotations

from loom_sys.seed import DEFAULT_DEPARTMENT_ID, seed_default_department


async def test_a_fresh_platform_gets_a_department_and_its_first_user_can_be_created(admin, app) -> None:
    # given the seed alone (no department), when the platform's start seeds its default
    async with app.state.session_factory() as session:
        assert await seed_default_department(session) is True
    # then 综合部 sits under the root company
    tree = (await admin.get("/sys/office/treeData")).json()
    assert [(n["id"], n["name"], n["type"]) for n in tree[0]["children"]] == [
        (DEFAULT_DEPARTMENT_ID, "综合部", "2")
    ]
    # and a user can be created in it at once
    saved = await admin.post(
        "/sys/user/save",
        json={
            "loginName": "first",
            "name": "第一位",
            "password": "Passw0rd!",
            "loginFlag": "1",
            "companyDTO": {"id": "1"},
            "officeDTO": {"id": DEFAULT_DEPARTMENT_ID},
            "roleIdList": [],
        },
    )
    assert saved.status_code == 200, saved.text
    # a second start adds nothing
    async with app.state.session_factory() as session:
        assert await seed_default_department(session) is False
    assert len((await admin.get("/sys/office/treeData")).json()[0]["children"]) == 1


async def test_the_user_list_names_each_users_roles(admin) -> None:
    # given a user holding two roles
    for i, name in enumerate(("审批员", "出纳")):
        saved = await admin.post("/sys/role/save", json={"name": name, "enName": f"r{i}", "useable": "1"})
        assert saved.status_code == 200, saved.text
    listed = (await admin.get("/sys/role/list", params={"size": 50})).json()["records"]
    ids = [r["id"] for r in listed if r["name"] in ("审批员", "出纳")]
    saved = await admin.post(
        "/sys/user/save",
        json={
            "loginName": "two-roles",
            "name": "两个角色",
            "password": "Passw0rd!",
            "loginFlag": "1",
            "companyDTO": {"id": "1"},
            "officeDTO": {"id": ""},
            "roleIdList": ids,
        },
    )
    assert saved.status_code == 200, saved.text
    # when the list is read, then its 角色 column names both, and a user without roles none
    records = (await admin.get("/sys/user/list", params={"size": 50})).json()["records"]
    by_login = {r["loginName"]: r for r in records}
    assert by_login["two-roles"]["roleNames"] == "出纳,审批员"
    assert by_login["admin"]["roleNames"] == "系统管理员"
