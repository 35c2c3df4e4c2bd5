"""The designer's dry run through the gateway against sys's real directory: a department whose
head resolves and one where nobody does, a condition routing by the value entered, timers, and
nothing left behind."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

RUN = time.strftime("%H%M%S") + str(time.time_ns() % 1000)
KEY = f"e2e_dry_{RUN}"

# The node's reviewers: the initiator's department, without the initiator (its head, in a
# department of two), as rules of sys's directory.
HEAD_OF_DEPARTMENT = [
    {"type": "depart", "value": "${applyUserOfficeId}", "condition": "0", "operationType": "0", "sort": 10},
    {"type": "applyUserId", "value": "", "condition": "0", "operationType": "1", "sort": 20},
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
    with_head: str  # an employee of a department that has a head
    head: str
    alone: str  # the only member of a department
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


def _user(admin: httpx.Client, nickname: str, name: str, company: str, office: str) -> str:
    login = f"e2e-dry-{RUN}-{nickname}"
    _ok(
        admin.post(
            "/api/sys/user/save",
            json={
                "loginName": login,
                "name": name,
                "password": "Dry-run-9",
                "companyDTO": {"id": company},
                "officeDTO": {"id": office},
            },
        )
    )
    return str(_ok(admin.get("/api/sys/user/list", params={"loginName": login}))["records"][0]["id"])


@pytest.fixture(scope="module")
def world(admin: httpx.Client) -> Iterator[World]:
    company = _office(admin, f"试运行公司{RUN}", "1")
    sales = _office(admin, f"销售部{RUN}", "2", company)
    lab = _office(admin, f"实验室{RUN}", "2", company)
    hr_office = _office(admin, f"人事部{RUN}", "2", company)
    yield World(
        admin=admin,
        with_head=_user(admin, "zhang", "张三", company, sales),
        head=_user(admin, "wang", "王经理", company, sales),
        alone=_user(admin, "li", "李四", company, lab),
        hr=_user(admin, "zhao", "赵人事", company, hr_office),
    )


def _dry_run(world: World, initiator: str, days: Any, lang: str | None = None) -> httpx.Response:
    extensions = [
        {"processDefId": KEY, "taskDefId": "dept", "flowAssigneeList": HEAD_OF_DEPARTMENT},
        {
            "processDefId": KEY,
            "taskDefId": "hr",
            "flowAssigneeList": [{"type": "user", "value": world.hr, "operationType": "0", "sort": 10}],
        },
    ]
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


def test_dry_run_names_the_head_of_the_initiators_department_with_the_rule(world: World) -> None:
    # when
    answer = _ok(_dry_run(world, world.with_head, 2))
    # then
    assert answer["status"] == "completed", answer
    dept = _step(answer, "dept")
    assert [r["name"] for r in dept["reviewers"]] == ["王经理"]
    assert [r["id"] for r in dept["reviewers"]] == [world.head]
    assert dept["rules"][0]["type"] == "depart" and set(dept["rules"][0]["users"]) == {"张三", "王经理"}
    assert dept["rules"][1]["operationType"] == "1" and dept["rules"][1]["users"] == ["张三"]
    assert dept["actedBy"] == world.head


def test_dry_run_stops_where_the_department_has_nobody_to_approve(world: World) -> None:
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
