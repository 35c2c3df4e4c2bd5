"""The designer's dry run through the gateway against sys's real directory: the rule "the initiator's
department manager" names the manager sys has for a department and stops on a department without
one, a condition routes by the value entered, timers, nothing left behind; and the same rule in a
real run puts the task in the manager's to-do list."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

RUN = time.strftime("%H%M%S") + str(time.time_ns() % 1000)
KEY = f"e2e_dry_{RUN}"

PASSWORD = "Dry-run-9"
# The node's reviewer: the manager sys has for the initiator's department (发起人部门负责人).
DEPT_MANAGER = [
    {"type": "applyUserDeptManager", "value": "", "condition": "0", "operationType": "0", "sort": 10}
]


def _xml(key: str) -> str:
    flows = [
        ("f1", "start", "dept", None),
        ("f2", "dept", "gw", None),
        ("f_long", "gw", "hr", "${days > 3}"),
        ("f_short", "gw", "end", "${days <= 3}"),
        ("f3", "hr", "wait", None),
        ("f4", "wait", "end", None),
    ]
    body = "".join(
        f'<sequenceFlow id="{i}" sourceRef="{s}" targetRef="{t}"/>'
        if c is None
        else f'<sequenceFlow id="{i}" sourceRef="{s}" targetRef="{t}"><conditionExpression '
        f'xsi:type="tFormalExpression"><![CDATA[{c}]]></conditionExpression></sequenceFlow>'
        for i, s, t, c in flows
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" '
        f'targetNamespace="e2e"><process id="{key}" name="试运行请假{RUN}" isExecutable="true">'
        '<startEvent id="start" name="开始" flowable:initiator="applyUserId"/>'
        '<userTask id="dept" name="部门负责人审批"/><exclusiveGateway id="gw" name="天数"/>'
        '<userTask id="hr" name="人事审批"/>'
        '<intermediateCatchEvent id="wait" name="冷静期"><timerEventDefinition>'
        "<timeDuration>PT4H</timeDuration></timerEventDefinition></intermediateCatchEvent>"
        f'<endEvent id="end" name="结束"/>{body}</process></definitions>'
    )


@dataclass(frozen=True)
class World:
    admin: httpx.Client
    portal: httpx.Client
    with_head: str  # an employee of a department that has a manager
    head: str  # that manager
    alone: str  # a member of a department without a manager
    hr: str


def _ok(answer: httpx.Response) -> Any:
    assert answer.status_code == 200, f"{answer.request.method} {answer.request.url}: {answer.text}"
    return answer.json()


def _find(nodes: list[dict[str, Any]], name: str) -> str | None:
    for node in nodes:
        if node["name"] == name:
            return str(node["id"])
        found = _find(node.get("children") or [], name)
        if found:
            return found
    return None


def _office(admin: httpx.Client, name: str, kind: str, parent: str = "0") -> str:
    _ok(admin.post("/api/sys/office/save", json={"name": name, "type": kind, "parentId": parent}))
    found = _find(_ok(admin.get("/api/sys/office/treeData", params={"showAll": "1"})), name)
    assert found, name
    return found


def _manage(admin: httpx.Client, office: str, manager: str) -> None:
    """Makes ``manager`` the department's manager, as the office form saves it."""
    saved = _ok(admin.get("/api/sys/office/queryById", params={"id": office}))
    fields = {k: saved[k] for k in ("id", "name", "type", "parentId", "sort", "useable")}
    _ok(admin.post("/api/sys/office/save", json={**fields, "primaryPerson": {"id": manager}}))
    assert (
        _ok(admin.get("/api/sys/office/queryById", params={"id": office}))["primaryPerson"]["id"] == manager
    )


def _user(admin: httpx.Client, nickname: str, name: str, company: str, office: str) -> str:
    login = f"e2e-dry-{RUN}-{nickname}"
    _ok(
        admin.post(
            "/api/sys/user/save",
            json={
                "loginName": login,
                "name": name,
                "password": PASSWORD,
                "companyDTO": {"id": company},
                "officeDTO": {"id": office},
            },
        )
    )
    return str(_ok(admin.get("/api/sys/user/list", params={"loginName": login}))["records"][0]["id"])


@pytest.fixture(scope="module")
def world(admin: httpx.Client, portal: httpx.Client) -> Iterator[World]:
    company = _office(admin, f"试运行公司{RUN}", "1")
    sales = _office(admin, f"销售部{RUN}", "2", company)
    lab = _office(admin, f"实验室{RUN}", "2", company)
    hr_office = _office(admin, f"人事部{RUN}", "2", company)
    head = _user(admin, "wang", "王经理", company, sales)
    _manage(admin, sales, head)
    yield World(
        admin=admin,
        portal=portal,
        with_head=_user(admin, "zhang", "张三", company, sales),
        head=head,
        alone=_user(admin, "li", "李四", company, lab),
        hr=_user(admin, "zhao", "赵人事", company, hr_office),
    )


def _extensions(world: World, key: str) -> list[dict[str, Any]]:
    return [
        {"processDefId": key, "taskDefId": "dept", "flowAssigneeList": DEPT_MANAGER},
        {
            "processDefId": key,
            "taskDefId": "hr",
            "flowAssigneeList": [{"type": "user", "value": world.hr, "operationType": "0", "sort": 10}],
        },
    ]


def _dry_run(world: World, initiator: str, days: Any, lang: str | None = None) -> httpx.Response:
    extensions = _extensions(world, KEY)
    return world.admin.post(
        "/api/flowable/model/dryRun",
        json={
            "bpmnXml": _xml(KEY),
            "key": KEY,
            "initiatorId": initiator,
            "variables": {"days": days},
            "extensions": extensions,
        },
        headers={"Accept-Language": lang} if lang else {},
    )


def _step(answer: dict[str, Any], node: str) -> dict[str, Any]:
    return next(s for s in answer["steps"] if s["nodeId"] == node and s["type"] in ("task", "stop"))


def test_dry_run_names_the_manager_of_the_initiators_department_with_the_rule(world: World) -> None:
    # when
    answer = _ok(_dry_run(world, world.with_head, 2))
    # then
    assert answer["status"] == "completed", answer
    dept = _step(answer, "dept")
    assert [r["name"] for r in dept["reviewers"]] == ["王经理"]
    assert [r["id"] for r in dept["reviewers"]] == [world.head]
    assert dept["rules"][0]["type"] == "applyUserDeptManager" and dept["rules"][0]["users"] == ["王经理"]
    assert dept["actedBy"] == world.head


def test_dry_run_stops_where_the_initiators_department_has_no_manager(world: World) -> None:
    # when
    zh = _ok(_dry_run(world, world.alone, 2))
    en = _ok(_dry_run(world, world.alone, 2, lang="en-US"))
    # then
    assert zh["status"] == "stopped" and zh["stoppedAt"] == "dept"
    assert zh["reason"] == "节点[部门负责人审批]按审批人规则找不到任何人，流程将停在这里"
    assert en["reason"].startswith("Node [部门负责人审批]: its reviewer rules resolve to nobody")
    assert zh["activityIds"] == ["start", "dept"]


def test_the_days_entered_route_the_dry_run_and_the_timer_shows_when_it_fires(world: World) -> None:
    # when
    short = _ok(_dry_run(world, world.with_head, "3"))
    long = _ok(_dry_run(world, world.with_head, "5"))
    # then
    assert short["activityIds"] == ["start", "dept", "gw", "end"]
    assert long["activityIds"] == ["start", "dept", "gw", "hr", "wait", "end"]
    assert [r["name"] for r in _step(long, "hr")["reviewers"]] == ["赵人事"]
    timer = next(s for s in long["steps"] if s["type"] == "timer")
    assert timer["timer"]["value"] == "PT4H" and timer["timer"]["dueAt"] > timer["timer"]["setAt"]


def test_a_dry_run_leaves_nothing_behind(world: World) -> None:
    # when
    _ok(_dry_run(world, world.with_head, 5))
    # then: no definition, no instance, no task of the key
    definitions = _ok(world.admin.get("/api/flowable/process/list", params={"current": 1, "size": -1}))
    assert not [d for d in definitions["records"] if d.get("key") == KEY]
    todo = _ok(world.admin.get("/api/flowable/process/runningData", params={"current": 1, "size": 100}))
    assert not [r for r in todo["records"] if KEY in str(r)]


def test_a_dry_run_as_an_unknown_initiator_is_refused_in_the_users_language(world: World) -> None:
    # when
    zh = _dry_run(world, "no-such-user", 1)
    en = _dry_run(world, "no-such-user", 1, lang="en-US")
    # then
    assert zh.status_code == 404 and zh.json()["msg"] == "发起人不存在或已被删除"
    assert en.status_code == 404 and en.json()["msg"] == "The initiator does not exist"


def _login(world: World, user_id: str) -> httpx.Client:
    login_name = _ok(world.admin.get("/api/sys/user/queryById", params={"id": user_id}))["loginName"]
    token = _ok(world.portal.post("/api/sys/login", json={"username": login_name, "password": PASSWORD}))[
        "token"
    ]
    return httpx.Client(
        base_url=world.portal.base_url, timeout=10, headers={"Authorization": f"Bearer {token}"}
    )


def _deploy(world: World, key: str) -> None:
    """Saves, configures and deploys the process as the designer does."""
    admin = world.admin
    model_id = _ok(admin.post("/api/app/rest/models", json={"modelType": 0, "key": key, "name": key}))["id"]
    editor = _ok(admin.get(f"/api/app/rest/models/{model_id}/editor/json"))
    form = {"modeltype": "model", "json_xml": _xml(key), "name": key, "key": key, "newversion": "false"}
    _ok(
        admin.post(
            f"/api/flowable/model/saveModel/{model_id}", data={**form, "lastUpdated": editor["lastUpdated"]}
        )
    )
    _ok(admin.post("/api/extension/taskDefExtension/save", json=_extensions(world, key)))
    _ok(admin.put("/api/flowable/model/deploy", params={"id": model_id, "category": "办公"}))


def _todo(client: httpx.Client, pid: str) -> list[str]:
    page = _ok(client.get("/api/flowable/task/todo", params={"current": 1, "size": 100}))
    return [r["task"]["taskDefinitionKey"] for r in page["records"] if r["task"]["processInstanceId"] == pid]


def test_a_real_run_puts_the_task_in_the_department_managers_todo(world: World) -> None:
    # given: the process deployed with the department node offered to the initiator's manager
    key = f"e2e_mgr_{RUN}"
    _deploy(world, key)
    zhang, wang, li = (_login(world, u) for u in (world.with_head, world.head, world.alone))
    # when 张三 (a department with a manager) and 李四 (one without) start it
    params = {"procDefKey": key, "businessTable": "oa_leave", "days": "2"}
    managed = str(_ok(zhang.post("/api/flowable/task/start", params={**params, "title": "张三请假"})))
    unmanaged = li.post("/api/flowable/task/start", params={**params, "title": "李四请假"})
    # then 王经理 has 张三's request to approve; 李四's has no approver (an empty rule, as any
    # other): by default the start is refused, saying so, instead of waiting for nobody
    assert _todo(wang, managed) == ["dept"]
    assert _todo(zhang, managed) == []
    assert unmanaged.status_code == 400
    assert unmanaged.json()["msg"] == "节点[部门负责人审批]的审批人为空，请联系管理员设置审批人"
