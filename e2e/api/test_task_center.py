"""The task center's calls through the gateway, with the real sys, workflow and forms behind it.

A leave process whose start and manager step carry a dynamic form from forms: the employee's start
is refused with field messages until the form is valid; the manager may write only his opinion, so
the days he sends anyway are never stored; the form's days decide the gateway; the form history names who changed which field. Copies (抄送), the
home counts and the refusals for someone outside the instance are checked on the same run.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from .conftest import PORTAL

RUN = uuid.uuid4().hex[:6]
PASSWORD = "e2e-task-center-api"
KEY = f"tc_api_{RUN}"
NAME = f"表单请假{RUN}"

FORM = {
    "list": [
        {
            "type": "number",
            "key": "kdays",
            "model": "days",
            "name": "请假天数",
            "options": {"required": True, "requiredMessage": "请假天数不能为空"},
            "rules": [],
        },
        {
            "type": "input",
            "key": "kreason",
            "model": "reason",
            "name": "请假事由",
            "options": {"required": True},
            "rules": [],
        },
        {
            "type": "textarea",
            "key": "kopinion",
            "model": "opinion",
            "name": "经理意见",
            "options": {},
            "rules": [],
        },
    ],
    "config": {"labelWidth": 100, "labelPosition": "right", "size": "small"},
}


def _ok(answer: httpx.Response) -> Any:
    assert answer.status_code == 200, f"{answer.request.method} {answer.request.url}: {answer.text}"
    return answer.json()


def _xml(json_id: str) -> str:
    def flow(fid: str, source: str, target: str, condition: str | None = None) -> str:
        if condition is None:
            return f'<sequenceFlow id="{fid}" sourceRef="{source}" targetRef="{target}"/>'
        return (
            f'<sequenceFlow id="{fid}" sourceRef="{source}" targetRef="{target}"><conditionExpression '
            f'xsi:type="tFormalExpression"><![CDATA[{condition}]]></conditionExpression></sequenceFlow>'
        )

    props = "".join(
        f'<flowable:formProperty id="{f}" name="{f}" readable="true" writable="{w}"/>'
        for f, w in (("days", "false"), ("reason", "false"), ("opinion", "true"))
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" '
        f'targetNamespace="http://loom/e2e"><process id="{KEY}" name="{NAME}" isExecutable="true">'
        f'<startEvent id="start" flowable:initiator="applyUserId" flowable:formKey="{json_id}"/>'
        f'<userTask id="dept" name="部门经理审批" flowable:formKey="{json_id}"><extensionElements>{props}'
        "</extensionElements></userTask>"
        '<exclusiveGateway id="gw"/><userTask id="long" name="长假备案" flowable:assignee="${applyUserId}" '
        f'flowable:formKey="{json_id}" flowable:formReadOnly="true"/>'
        '<endEvent id="end"/>'
        + flow("f1", "start", "dept")
        + flow("f2", "dept", "gw")
        + flow("f3", "gw", "long", "${days > 3}")
        + flow("f4", "gw", "end", "${days <= 3}")
        + flow("f5", "long", "end")
        + "</process></definitions>"
    )


@dataclass(frozen=True)
class Person:
    id: str
    client: httpx.Client


@dataclass(frozen=True)
class World:
    emp: Person
    mgr: Person
    other: Person
    outsider: Person


def _user(
    admin: httpx.Client, portal: httpx.Client, nick: str, company: str, office: str, role: str
) -> Person:
    login = f"tc-api-{RUN}-{nick}"
    _ok(
        admin.post(
            "/api/sys/user/save",
            json={
                "loginName": login,
                "name": f"{nick}{RUN}",
                "password": PASSWORD,
                "companyDTO": {"id": company},
                "officeDTO": {"id": office},
                "roleIdList": [role],
            },
        )
    )
    user_id = _ok(admin.get("/api/sys/user/list", params={"loginName": login}))["records"][0]["id"]
    token = _ok(portal.post("/api/sys/login", json={"username": login, "password": PASSWORD}))["token"]
    return Person(
        str(user_id), httpx.Client(base_url=PORTAL, timeout=10, headers={"Authorization": f"Bearer {token}"})
    )


def _office(admin: httpx.Client, name: str, kind: str, parent: str = "0") -> str:
    _ok(admin.post("/api/sys/office/save", json={"name": name, "type": kind, "parentId": parent}))

    def find(nodes: list[dict[str, Any]]) -> str | None:
        for node in nodes:
            if node["name"] == name:
                return str(node["id"])
            hit = find(node.get("children") or [])
            if hit:
                return hit
        return None

    found = find(_ok(admin.get("/api/sys/office/treeData", params={"showAll": "1"})))
    assert found
    return found


@pytest.fixture(scope="module")
def world(admin: httpx.Client, portal: httpx.Client) -> Iterator[World]:
    """Four staff (employee, manager, a colleague, an outsider), the form and the process."""
    company = _office(admin, f"任务中心接口公司{RUN}", "1")
    office = _office(admin, f"任务中心接口部{RUN}", "2", company)
    # the task permissions only: no form-designer or user-administration rights are needed to handle a task
    menus = ["m-flow", "m-flow-todo", "m-flow-todo-view", "m-flow-todo-audit"]
    _ok(
        admin.post(
            "/api/sys/role/save",
            json={"name": f"任务中心接口{RUN}", "enName": f"tc_api_{RUN}", "menuIdList": menus},
        )
    )
    role = str(_ok(admin.get("/api/sys/role/list", params={"enName": f"tc_api_{RUN}"}))["records"][0]["id"])
    people = {n: _user(admin, portal, n, company, office, role) for n in ("emp", "mgr", "other", "outsider")}
    _ok(admin.post("/api/extension/formDefinition/save", json={"name": NAME, "json": json.dumps(FORM)}))
    definition = next(
        r
        for r in _ok(admin.get("/api/extension/formDefinition/list", params={"current": 1, "size": -1}))[
            "records"
        ]
        if r["name"] == NAME
    )
    json_id = (definition.get("formDefinitionJson") or {}).get("id") or _ok(
        admin.get("/api/extension/formDefinitionJson/list", params={"formDefinition.id": definition["id"]})
    )["records"][0]["id"]
    model_id = _ok(admin.post("/api/app/rest/models", json={"modelType": 0, "key": KEY, "name": NAME}))["id"]
    editor = _ok(admin.get(f"/api/app/rest/models/{model_id}/editor/json"))
    _ok(
        admin.post(
            f"/api/flowable/model/saveModel/{model_id}",
            data={
                "modeltype": "model",
                "json_xml": _xml(json_id),
                "name": NAME,
                "key": KEY,
                "description": "",
                "newversion": "false",
                "comment": "",
                "lastUpdated": editor["lastUpdated"],
            },
        )
    )

    def node(task: str, rules: list[tuple[str, str]]) -> dict[str, Any]:
        return {
            "processDefId": KEY,
            "taskDefId": task,
            "flowAssigneeList": [
                {"type": t, "value": v, "condition": "0", "operationType": "0", "sort": 10} for t, v in rules
            ],
            "flowButtonList": [
                {"code": "_flow_agree", "name": "同意", "sort": 10, "isHide": "0", "next": "0"}
            ],
            "flowConditionList": [],
        }

    _ok(
        admin.post(
            "/api/extension/taskDefExtension/save",
            json=[node("dept", [("user", people["mgr"].id)]), node("long", [("applyUserId", "")])],
        )
    )
    _ok(admin.put("/api/flowable/model/deploy", params={"id": model_id, "category": "任务中心"}))
    yield World(**people)
    for person in people.values():
        person.client.close()


def _start(person: Person, title: str, values: dict[str, Any]) -> httpx.Response:
    return person.client.post(
        "/api/flowable/task/start", params={"procDefKey": KEY, "title": title, "vars": json.dumps(values)}
    )


def _task(person: Person, pid: str) -> dict[str, Any]:
    rows = [
        r
        for r in _ok(person.client.get("/api/flowable/task/todo", params={"size": 100}))["records"]
        if r["task"]["processInstanceId"] == pid
    ]
    assert len(rows) == 1, rows
    return rows[0]


def _audit(person: Person, task_id: str, values: dict[str, Any]) -> httpx.Response:
    return person.client.post(
        "/api/flowable/task/audit",
        data={
            "taskId": task_id,
            "vars": json.dumps(values),
            "comment": json.dumps({"type": "_flow_agree", "status": "同意", "message": ""}),
        },
    )


def _stored(person: Person, pid: str) -> dict[str, Any]:
    answer = _ok(person.client.get("/api/flowable/task/formData", params={"procInsId": pid}))
    data = answer["data"]
    return json.loads(data) if isinstance(data, str) else dict(data)


def test_a_start_with_invalid_form_data_is_refused_beside_its_fields_and_starts_nothing(world: World) -> None:
    # when the employee starts without the days
    answer = _start(world.emp, f"无天数{RUN}", {"reason": "家事"})
    # then it is refused with the field's own message, and nothing is listed as started
    assert answer.status_code == 400, answer.text
    assert answer.json()["details"].get("days") == "请假天数不能为空"
    mine = _ok(world.emp.client.get("/api/flowable/task/myApplyed", params={"title": f"无天数{RUN}"}))
    assert mine["total"] == 0


def test_a_node_stores_only_its_writable_fields(world: World) -> None:
    # given a valid five-day leave
    pid = str(_ok(_start(world.emp, f"五天{RUN}", {"days": 5, "reason": "探亲"})))
    start = _stored(world.emp, pid)
    assert (start["days"], start["reason"]) == (5, "探亲")
    task = _task(world.mgr, pid)
    # when the manager sends his opinion and, anyway, a changed days and reason
    _ok(_audit(world.mgr, task["task"]["id"], {"days": 1, "reason": "改了", "opinion": "同意，注意交接"}))
    # then his opinion is stored and the employee's fields are as she wrote them
    stored = _stored(world.mgr, pid)
    assert stored["opinion"] == "同意，注意交接"
    assert (stored["days"], stored["reason"]) == (5, "探亲")


def test_a_read_only_field_sent_anyway_does_not_steer_the_process(world: World) -> None:
    # given a five-day leave at the manager, who sends one day anyway
    pid = str(_ok(_start(world.emp, f"改天数{RUN}", {"days": 5, "reason": "探亲"})))
    _ok(_audit(world.mgr, _task(world.mgr, pid)["task"]["id"], {"days": 1, "opinion": "同意"}))
    # then the employee's five days take the long branch back to her
    assert _task(world.emp, pid)["task"]["name"] == "长假备案"


def test_copies_reach_the_receiver_and_count_on_the_home_page(world: World) -> None:
    # given a leave the manager handles
    pid = str(_ok(_start(world.emp, f"抄送{RUN}", {"days": 2, "reason": "看病"})))
    task = _task(world.mgr, pid)
    before = _ok(world.other.client.get("/api/flowable/task/overview"))["copyUnread"]
    # when he copies it to a colleague at his node
    sent = world.mgr.client.post(
        "/api/extension/flowCopy/save",
        data={"procInsId": pid, "taskId": task["task"]["id"], "userIds": world.other.id},
    )
    assert _ok(sent) == "抄送成功"
    # then the colleague has one more unread copy naming the node, may read the data, and marks it read
    assert _ok(world.other.client.get("/api/flowable/task/overview"))["copyUnread"] == before + 1
    copy = _ok(world.other.client.get("/api/extension/flowCopy/list", params={"procInsName": f"抄送{RUN}"}))[
        "records"
    ][0]
    assert (copy["taskName"], copy["status"]) == ("部门经理审批", "0")
    assert _ok(world.other.client.get("/api/flowable/task/variables", params={"procInsId": pid}))["days"] == 2
    _ok(world.other.client.put("/api/extension/flowCopy/read", params={"ids": copy["id"]}))
    assert _ok(world.other.client.get("/api/flowable/task/overview"))["copyUnread"] == before


def test_someone_outside_the_instance_is_refused_in_their_language(world: World) -> None:
    pid = str(_ok(_start(world.emp, f"越权{RUN}", {"days": 2, "reason": "看病"})))
    task = _task(world.mgr, pid)
    # the outsider can neither handle the task, nor read the data, nor copy it
    handled = _audit(world.outsider, task["task"]["id"], {"opinion": "x"})
    assert handled.status_code == 403, handled.text
    data = world.outsider.client.get("/api/flowable/task/variables", params={"procInsId": pid})
    assert data.status_code == 403 and "发起人" in data.json()["msg"]
    form = world.outsider.client.get("/api/flowable/task/formData", params={"procInsId": pid})
    assert form.status_code == 403 and "发起人" in form.json()["msg"]
    english = world.outsider.client.get(
        "/api/flowable/task/variables", params={"procInsId": pid}, headers={"Accept-Language": "en-US"}
    )
    assert english.json()["msg"].startswith("Only the initiator")
    copy = world.outsider.client.post(
        "/api/extension/flowCopy/save", data={"procInsId": pid, "userIds": world.outsider.id}
    )
    assert copy.status_code == 403
    # and the task is still the manager's
    assert _task(world.mgr, pid)["task"]["id"] == task["task"]["id"]


def test_the_form_history_names_who_changed_which_field_at_which_node(world: World) -> None:
    # given a leave the employee started and the manager agreed to with his opinion (and days anyway)
    pid = str(_ok(_start(world.emp, f"历史{RUN}", {"days": 5, "reason": "探亲"})))
    _ok(_audit(world.mgr, _task(world.mgr, pid)["task"]["id"], {"days": 1, "opinion": "同意，注意交接"}))
    # when the employee reads the instance's form history
    answer = _ok(world.emp.client.get("/api/flowable/task/formHistory", params={"procInsId": pid}))
    # then there is one entry per save, oldest first, each naming the node, the user and the changes
    assert (answer["success"], answer["code"], answer["msg"]) == (True, 200, "操作成功")
    start, audit = answer["list"]
    assert (start["taskName"], start["userId"]) == ("发起申请", world.emp.id)
    assert {c["field"]: (c["label"], c["before"], c["after"]) for c in start["changes"]} == {
        "days": ("请假天数", None, 5),
        "reason": ("请假事由", None, "探亲"),
    }
    assert (audit["taskName"], audit["userId"], audit["userName"]) == (
        "部门经理审批",
        world.mgr.id,
        f"mgr{RUN}",
    )
    # the days he may only read are not a change of his
    assert [(c["field"], c["label"], c["before"], c["after"]) for c in audit["changes"]] == [
        ("opinion", "经理意见", None, "同意，注意交接")
    ]
    assert len(audit["time"]) == len("2026-11-23 14:00:00")
    # the employee reads the form's values through the task center, with no right on forms
    data = _ok(world.emp.client.get("/api/flowable/task/formData", params={"procInsId": pid}))["data"]
    assert (data["days"], data["reason"], data["opinion"]) == (5, "探亲", "同意，注意交接")
    # and someone outside the instance is refused
    refused = world.outsider.client.get("/api/flowable/task/formHistory", params={"procInsId": pid})
    assert refused.status_code == 403, refused.text


def test_a_node_whose_form_is_read_only_stores_nothing_the_client_sends(
    world: World, admin: httpx.Client
) -> None:
    # given a five-day leave the manager agreed to, back with the employee at 长假备案 (form read-only)
    pid = str(_ok(_start(world.emp, f"只读{RUN}", {"days": 5, "reason": "探亲"})))
    _ok(_audit(world.mgr, _task(world.mgr, pid)["task"]["id"], {"opinion": "同意"}))
    filing = _task(world.emp, pid)
    assert filing["task"]["name"] == "长假备案"
    # when she completes it sending changed values anyway
    _ok(_audit(world.emp, filing["task"]["id"], {"opinion": "我改的", "reason": "改了"}))
    # then the form is as it was, and the history has no save of hers at that node
    stored = _stored(world.emp, pid)
    assert (stored["opinion"], stored["reason"]) == ("同意", "探亲")
    saves = _ok(world.emp.client.get("/api/flowable/task/formHistory", params={"procInsId": pid}))["list"]
    assert [s["taskName"] for s in saves] == ["发起申请", "部门经理审批"]
    # nor do the changed values reach the process's variables
    variables = _ok(admin.get("/api/flowable/process/historicVariables", params={"procInsId": pid}))
    assert "我改的" not in str(variables) and "改了" not in str(variables)


def test_an_approver_reads_form_data_only_through_the_instances_they_may_see(world: World) -> None:
    # given a started leave whose form data forms keeps under its business key
    pid = str(_ok(_start(world.emp, f"数据{RUN}", {"days": 1, "reason": "看病"})))
    key = _ok(world.emp.client.get("/api/flowable/task/formData", params={"procInsId": pid}))["businessKey"]
    # when a colleague with the task permissions asks forms for that key directly
    direct = world.other.client.get("/api/form/process/data", params={"businessKey": key})
    # then forms refuses (it cannot know who took part), and workflow refuses them the instance too
    assert direct.status_code == 403, direct.text
    through = world.other.client.get("/api/flowable/task/formData", params={"procInsId": pid})
    assert through.status_code == 403, through.text
