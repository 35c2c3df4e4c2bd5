"""The JeePlus client's contract around its calls (issue 35), through the gateway: its errors as
plain text, the header bell it fills at every login, the permission keys it checks, its home.

The keys are every ``hasPermission('…')`` of the client's ``jp-ui/src`` (154): those of a feature
Loom has are seeded and granted to the administrator; the others belong to modules Loom does not
have (notices authored by hand, scheduled jobs, big screens, charts, WPS, the demo modules)."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from .conftest import PORTAL
from .test_real_client_flowable import jeeplus_client

LOOM_FEATURES = (
    "act:process:del",
    "database:datalink:dataSource:add",
    "database:datalink:dataSource:del",
    "database:datalink:dataSource:edit",
    "database:datalink:dataSource:view",
    "database:datamodel:dataSet:add",
    "database:datamodel:dataSet:del",
    "database:datamodel:dataSet:edit",
    "database:datamodel:dataSet:view",
    "extension:actCategory:add",
    "extension:actCategory:del",
    "extension:actCategory:edit",
    "extension:actCategory:view",
    "extension:button:add",
    "extension:button:del",
    "extension:button:edit",
    "extension:button:view",
    "extension:condition:add",
    "extension:condition:del",
    "extension:condition:edit",
    "extension:condition:view",
    "extension:flowCopy:del",
    "extension:flowCopy:view",
    "extension:formDefinition:add",
    "extension:formDefinition:del",
    "extension:formDefinition:edit",
    "extension:formDefinition:view",
    "extension:listener:add",
    "extension:listener:del",
    "extension:listener:edit",
    "extension:listener:view",
    "form:make:add",
    "form:make:del",
    "form:make:deploy",
    "form:make:edit",
    "form:make:view",
    "sys:area:add",
    "sys:area:del",
    "sys:area:edit",
    "sys:area:view",
    "sys:dict:add",
    "sys:dict:del",
    "sys:dict:edit",
    "sys:dict:view",
    "sys:log:del",
    "sys:menu:add",
    "sys:menu:del",
    "sys:menu:edit",
    "sys:menu:view",
    "sys:office:add",
    "sys:office:del",
    "sys:office:edit",
    "sys:office:view",
    "sys:post:add",
    "sys:post:del",
    "sys:post:edit",
    "sys:post:view",
    "sys:role:add",
    "sys:role:assign",
    "sys:role:del",
    "sys:role:edit",
    "sys:role:view",
    "sys:user:add",
    "sys:user:del",
    "sys:user:edit",
    "sys:user:export",
    "sys:user:import",
    "sys:user:view",
)
OTHER_MODULES = (
    "datav:dataMap:add",
    "datav:dataMap:del",
    "datav:dataMap:edit",
    "datav:dataMap:view",
    "datav:dataScreenCategory:add",
    "datav:dataScreenCategory:del",
    "datav:dataScreenCategory:edit",
    "datav:dataScreenCategory:view",
    "echarts:add",
    "echarts:del",
    "echarts:edit",
    "echarts:view",
    "notify:add",
    "notify:del",
    "notify:edit",
    "notify:view",
    "quartz:scheduleJob:add",
    "quartz:scheduleJob:del",
    "quartz:scheduleJob:edit",
    "quartz:scheduleJob:resume",
    "quartz:scheduleJob:startNow",
    "quartz:scheduleJob:stop",
    "test:activiti:testActivitiExpense:add",
    "test:activiti:testActivitiExpense:del",
    "test:activiti:testActivitiExpense:edit",
    "test:activiti:testActivitiExpense:view",
    "test:grid:testContinent:add",
    "test:grid:testContinent:del",
    "test:grid:testContinent:edit",
    "test:grid:testContinent:view",
    "test:grid:testCountry:add",
    "test:grid:testCountry:del",
    "test:grid:testCountry:edit",
    "test:grid:testCountry:view",
    "test:manytomany:course:add",
    "test:manytomany:course:del",
    "test:manytomany:course:edit",
    "test:manytomany:course:view",
    "test:manytomany:student:add",
    "test:manytomany:student:del",
    "test:manytomany:student:edit",
    "test:manytomany:student:view",
    "test:manytomany:studentCourse:add",
    "test:manytomany:studentCourse:del",
    "test:manytomany:studentCourse:edit",
    "test:manytomany:studentCourse:view",
    "test:note:testNote:add",
    "test:note:testNote:del",
    "test:note:testNote:edit",
    "test:note:testNote:view",
    "test:one:testFormLeave:add",
    "test:one:testFormLeave:del",
    "test:one:testFormLeave:edit",
    "test:one:testFormLeave:view",
    "test:onetomany:testDataMainForm:add",
    "test:onetomany:testDataMainForm:del",
    "test:onetomany:testDataMainForm:edit",
    "test:onetomany:testDataMainForm:view",
    "test:pic:testPic:add",
    "test:pic:testPic:del",
    "test:pic:testPic:edit",
    "test:pic:testPic:view",
    "test:shop:category:add",
    "test:shop:category:del",
    "test:shop:category:edit",
    "test:shop:category:view",
    "test:shop:goods:add",
    "test:shop:goods:del",
    "test:shop:goods:edit",
    "test:shop:goods:view",
    "test:tree:testTree:add",
    "test:tree:testTree:del",
    "test:tree:testTree:edit",
    "test:tree:testTree:view",
    "test:treetable:car:add",
    "test:treetable:car:del",
    "test:treetable:car:edit",
    "test:treetable:car:view",
    "test:validation:testValidation:add",
    "test:validation:testValidation:del",
    "test:validation:testValidation:edit",
    "test:validation:testValidation:view",
    "wps:docTemplate:add",
    "wps:docTemplate:del",
    "wps:docTemplate:edit",
    "wps:docTemplate:view",
)


@pytest.fixture(scope="module")
def client(portal: httpx.Client) -> Iterator[httpx.Client]:
    yield from jeeplus_client(portal)


def test_the_client_reads_errors_as_text_and_the_portal_as_json(
    client: httpx.Client, admin: httpx.Client
) -> None:
    # when the client saves a role without its names, asks for a record that is not there and for
    # a path no service has
    refused = client.post("/api/sys/role/save", json={"remarks": "x"})
    missing = client.get("/api/sys/role/queryById", params={"id": "no-such-role"})
    nowhere = client.get("/api/sys/no/such/path")
    # then each answer is its message as text, with the same status as the portal's JSON
    for answer in (refused, missing, nowhere):
        assert answer.headers["content-type"].startswith("text/plain"), answer.text
        assert not answer.text.startswith("{"), answer.text
    assert refused.status_code == 400 and "name" in refused.text
    assert nowhere.status_code == 404 and "路径找不到" in nowhere.text
    portal = admin.post("/api/sys/role/save", json={"remarks": "x"})
    assert portal.status_code == 400 and portal.json()["code"] == "INVALID_ARGUMENT"
    assert portal.json()["msg"] == refused.text


def test_a_caller_asking_for_text_gets_a_failed_login_as_text() -> None:
    with httpx.Client(base_url=PORTAL, timeout=10) as anonymous:
        answer = anonymous.post(
            "/api/sys/login",
            json={"username": "no-such-user", "password": "wrong"},
            headers={"Accept": "text/plain"},
        )
    assert answer.status_code == 401 and answer.text == "用户名或密码错误", answer.text


def test_the_bell_is_filled_at_login_by_notices_and_an_empty_mailbox(client: httpx.Client) -> None:
    notices = client.get(
        "/api/notify/list", params={"readFlag": 0, "isSelf": "true", "current": 1, "size": 10}
    )
    mail = client.get("/api/mail/box/list", params={"readStatus": 0, "current": 1, "size": 10})
    assert notices.status_code == 200 and isinstance(notices.json()["records"], list), notices.text
    assert all({"title", "content", "createDate", "createBy"} <= set(n) for n in notices.json()["records"])
    assert (mail.status_code, mail.json()["records"], mail.json()["total"]) == (200, [], 0)


def test_every_key_the_client_checks_for_a_feature_loom_has_is_granted_to_the_administrator(
    client: httpx.Client,
) -> None:
    assert len(LOOM_FEATURES) + len(OTHER_MODULES) == 154
    menus = client.get("/api/sys/user/getMenus").json()
    granted = set(menus["permissions"])
    assert sorted(set(LOOM_FEATURES) - granted) == []
    assert sorted(set(OTHER_MODULES) & granted) == []
    # and the client's home is in the menu, so its login lands on it
    assert menus["menuList"][0]["href"] == "/sys/dashboard/analysis/index"
