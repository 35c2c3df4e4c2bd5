"""The directory service through a real gRPC channel."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from loom_contracts.clients.sys_directory import DirectoryClient
from loom_platform.errors import RemoteError
from loom_platform.grpc import Client
from loom_sys.settings import SysSettings

from ..factories import create_office


@pytest.fixture
async def directory(app: FastAPI, settings: SysSettings) -> AsyncIterator[DirectoryClient]:
    client = Client(f"127.0.0.1:{settings.grpc_port}", deadline_seconds=5)
    yield DirectoryClient(client)
    await client.close()


async def test_reviewers_resolve_by_role_department_post_and_initiator(
    admin: httpx.AsyncClient, make_user: Any, directory: DirectoryClient
) -> None:
    # given a department with two users, one of them a manager by post, and a disabled one
    dept = await create_office(admin, "审批部", "2")
    await admin.post("/sys/post/save", json={"name": "经理", "code": "mgr"})
    post_id = (await admin.get("/sys/post/list", params={"code": "mgr"})).json()["records"][0]["id"]
    ann = await make_user("ann", officeDTO={"id": dept}, postIdList=[post_id])
    ben = await make_user("ben", officeDTO={"id": dept})
    await make_user("cat", officeDTO={"id": dept}, loginFlag="0")
    # when rules are resolved
    by_dept = await directory.resolve_reviewers([("depart", dept)])
    by_post = await directory.resolve_reviewers([("post", post_id)])
    by_role = await directory.resolve_reviewers([("role", "1")])
    initiator = await directory.resolve_reviewers(
        [("applyUserId", ""), ("user", ben["id"])], initiator_id=ann["id"]
    )
    # then enabled users come back, in rule order, without repeats
    assert by_dept == [ann["id"], ben["id"]]
    assert by_post == [ann["id"]]
    assert by_role == ["1"]
    assert initiator == [ann["id"], ben["id"]]


async def test_department_manager_rules_name_the_manager_of_the_initiators_or_previous_executors_department(
    admin: httpx.AsyncClient, make_user: Any, directory: DirectoryClient
) -> None:
    # given a department with a manager, one without, and a company-level user
    managed = await create_office(admin, "有主管部", "2")
    unmanaged = await create_office(admin, "无主管部", "2")
    boss = await make_user("boss", officeDTO={"id": managed})
    staff = await make_user("staff", officeDTO={"id": managed})
    loner = await make_user("loner", officeDTO={"id": unmanaged})
    await admin.post(
        "/sys/office/save",
        json={
            "id": managed,
            "name": "有主管部",
            "type": "2",
            "parentId": "1",
            "primaryPerson": {"id": boss["id"]},
        },
    )
    # when
    of_staff = await directory.resolve_reviewers([("applyUserDeptManager", "")], initiator_id=staff["id"])
    of_loner = await directory.resolve_reviewers([("applyUserDeptManager", "")], initiator_id=loner["id"])
    of_previous = await directory.resolve_reviewers(
        [("previousExecutorDeptManager", "")], initiator_id=loner["id"], previous_executor_id=staff["id"]
    )
    # then
    assert of_staff == [boss["id"]]
    assert of_loner == []
    assert of_previous == [boss["id"]]
    [node] = [n for n in (await directory.office_tree())[0].children if n.id == managed]
    assert node.primary_person_id == boss["id"] and node.deputy_person_id == ""


async def test_users_dictionaries_office_tree_and_access(
    admin: httpx.AsyncClient, make_user: Any, directory: DirectoryClient
) -> None:
    user = await make_user("grpc-user", roleIdList=["1"], companyDTO={"id": "1"})
    [found] = await directory.users([user["id"], "missing"])
    assert (found.login_name, found.company_name, list(found.role_ids)) == ("grpc-user", "Loom", ["1"])
    dicts = await directory.dict_map(["table_type"])
    assert [v.value for v in dicts["table_type"]][:2] == ["0", "1"]
    tree = await directory.office_tree()
    assert tree[0].name == "Loom"
    denied = await directory.access(user["id"], "no-such-session")
    assert denied.active is False


async def test_create_menu_makes_a_page_with_its_buttons(
    admin: httpx.AsyncClient, directory: DirectoryClient
) -> None:
    menu_id = await directory.create_menu(
        parent_id="m-gen",
        name="请假单",
        href="/test/leave/LeaveList",
        icon="fa fa-leaf",
        buttons=[("查看", "test:leave:view"), ("添加", "test:leave:add")],
    )
    page = (await admin.get("/sys/menu/queryById", params={"id": menu_id})).json()
    assert (page["name"], page["href"], page["type"]) == ("请假单", "/test/leave/LeaveList", "1")
    permissions = (await admin.get("/sys/user/getMenus")).json()["permissions"]
    # The administrator holds every permission, the buttons createMenu adds later too (as in
    # JeePlus); another user has them only once a role of theirs is granted them.
    assert "test:leave:add" in permissions


async def test_an_invalid_call_comes_back_as_a_domain_error_in_the_callers_language(
    directory: DirectoryClient,
) -> None:
    with pytest.raises(RemoteError) as raised:
        await directory.create_menu(parent_id="m-gen", name=" ", href="", icon="", buttons=[])
    assert raised.value.message() == "菜单名称不能为空"
