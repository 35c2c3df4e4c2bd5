"""The real JeePlus client's Flowable calls outside the task screen, through the gateway, with its
own encoding: the ``token`` header, GET parameters as ``qs`` writes them, form-encoded submits
with ``data`` as JSON text (``FormService`` of jeeplus-flowable).

A process from a Flowable modeler file whose nodes carry ``flowable:formProperty`` is started,
audited and read back from history through ``/flowable/form/...``.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from .conftest import ADMIN_PASSWORD, PORTAL

RUN = uuid.uuid4().hex[:6]
KEY = f"ff_{RUN}"
NAME = f"属性表单请假{RUN}"
FORM_ENCODED = {"Content-Type": "application/x-www-form-urlencoded; charset=utf-8"}

# As the Flowable modeler writes it: start and task form properties, enum values, a date pattern.
MODELER_XML = f"""<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:omgdc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:omgdi="http://www.omg.org/spec/DD/20100524/DI" typeLanguage="http://www.w3.org/2001/XMLSchema"
  expressionLanguage="http://www.w3.org/1999/XPath" targetNamespace="http://www.flowable.org/processdef">
  <process id="{KEY}" name="{NAME}" isExecutable="true">
    <startEvent id="start" name="开始" flowable:initiator="applyUserId">
      <extensionElements>
        <flowable:formProperty id="days" name="请假天数" type="long" required="true"></flowable:formProperty>
        <flowable:formProperty id="kind" name="请假类型" type="enum" default="annual">
          <flowable:value id="annual" name="年假"></flowable:value>
          <flowable:value id="sick" name="病假"></flowable:value>
        </flowable:formProperty>
        <flowable:formProperty id="from" name="开始日期" type="date" datePattern="yyyy-MM-dd"></flowable:formProperty>
      </extensionElements>
    </startEvent>
    <userTask id="audit" name="经理审批" flowable:assignee="${{applyUserId}}">
      <extensionElements>
        <flowable:formProperty id="days" name="请假天数" type="long" writable="false"></flowable:formProperty>
        <flowable:formProperty id="approved" name="是否同意" type="boolean" required="true"></flowable:formProperty>
        <flowable:formProperty id="opinion" name="审批意见" type="string"></flowable:formProperty>
      </extensionElements>
    </userTask>
    <userTask id="archive" name="归档" flowable:assignee="${{applyUserId}}"></userTask>
    <endEvent id="end" name="结束"></endEvent>
    <sequenceFlow id="f1" sourceRef="start" targetRef="audit"></sequenceFlow>
    <sequenceFlow id="f2" sourceRef="audit" targetRef="archive"></sequenceFlow>
    <sequenceFlow id="f3" sourceRef="archive" targetRef="end"></sequenceFlow>
  </process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_{KEY}">
    <bpmndi:BPMNPlane bpmnElement="{KEY}" id="BPMNPlane_{KEY}">
      <bpmndi:BPMNShape bpmnElement="start" id="BPMNShape_start">
        <omgdc:Bounds height="30.0" width="30.0" x="100.0" y="163.0"></omgdc:Bounds>
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape bpmnElement="audit" id="BPMNShape_audit">
        <omgdc:Bounds height="80.0" width="100.0" x="175.0" y="138.0"></omgdc:Bounds>
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape bpmnElement="archive" id="BPMNShape_archive">
        <omgdc:Bounds height="80.0" width="100.0" x="320.0" y="138.0"></omgdc:Bounds>
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape bpmnElement="end" id="BPMNShape_end">
        <omgdc:Bounds height="28.0" width="28.0" x="465.0" y="164.0"></omgdc:Bounds>
      </bpmndi:BPMNShape>
      <bpmndi:BPMNEdge bpmnElement="f1" id="BPMNEdge_f1">
        <omgdi:waypoint x="130.0" y="178.0"></omgdi:waypoint>
        <omgdi:waypoint x="175.0" y="178.0"></omgdi:waypoint>
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge bpmnElement="f2" id="BPMNEdge_f2">
        <omgdi:waypoint x="275.0" y="178.0"></omgdi:waypoint>
        <omgdi:waypoint x="320.0" y="178.0"></omgdi:waypoint>
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge bpmnElement="f3" id="BPMNEdge_f3">
        <omgdi:waypoint x="420.0" y="178.0"></omgdi:waypoint>
        <omgdi:waypoint x="465.0" y="178.0"></omgdi:waypoint>
      </bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>"""


def _ok(answer: httpx.Response) -> Any:
    assert answer.status_code == 200, f"{answer.request.method} {answer.request.url}: {answer.text}"
    return answer.json()


def jeeplus_client(portal: httpx.Client) -> Iterator[httpx.Client]:
    """The administrator as the real client signs its calls: a ``token`` header, no Bearer."""
    token = _ok(portal.post("/api/sys/login", json={"username": "admin", "password": ADMIN_PASSWORD}))[
        "token"
    ]
    with httpx.Client(base_url=PORTAL, timeout=30, headers={"token": token}) as c:
        yield c


@pytest.fixture(scope="module")
def client(portal: httpx.Client) -> Iterator[httpx.Client]:
    yield from jeeplus_client(portal)


def deploy(client: httpx.Client, xml: str, key: str, name: str) -> str:
    """Creates, saves and deploys a model the designer's way; answers the definition id."""
    model_id = _ok(client.post("/api/app/rest/models", json={"modelType": 0, "key": key, "name": name}))["id"]
    editor = _ok(client.get(f"/api/app/rest/models/{model_id}/editor/json"))
    fields = {
        "json_xml": xml,
        "name": name,
        "key": key,
        "newversion": "false",
        "lastUpdated": editor["lastUpdated"],
    }
    _ok(client.post(f"/api/flowable/model/saveModel/{model_id}", data=fields))
    _ok(client.put("/api/flowable/model/deploy", params={"id": model_id, "category": ""}))
    found = _ok(client.get("/api/flowable/process/list", params={"current": 1, "size": 10, "name": key}))
    return str(next(r["id"] for r in found["records"] if r["key"] == key))


@pytest.fixture(scope="module")
def definition(client: httpx.Client) -> str:
    return deploy(client, MODELER_XML, KEY, NAME)


def _start(client: httpx.Client, definition: str, title: str, data: dict[str, Any]) -> httpx.Response:
    # the client's qs.stringify of {processDefinitionId, title, assignee: '', data: JSON.stringify(...)}
    body = {"processDefinitionId": definition, "title": title, "assignee": "", "data": json.dumps(data)}
    return client.post("/api/flowable/form/submitStartFormData", data=body, headers=FORM_ENCODED)


def _todo(client: httpx.Client, pid: str, node: str = "audit") -> dict[str, Any]:
    """The instance's task in the to-do list (history may reach the list a moment after the start)."""
    deadline = time.monotonic() + 15
    while True:
        rows = _ok(client.get("/api/flowable/task/todo", params={"current": 1, "size": 100}))["records"]
        found = [
            r
            for r in rows
            if r["task"]["processInstanceId"] == pid and r["task"]["taskDefinitionKey"] == node
        ]
        if found or time.monotonic() > deadline:
            assert found, f"no task of {pid} in the to-do list"
            return found[0]
        time.sleep(0.2)


def test_the_start_form_lists_the_modelers_properties_as_flowable_answers_them(
    client: httpx.Client, definition: str
) -> None:
    # when the start screen reads its form
    answer = _ok(
        client.get("/api/flowable/form/getStartFormData", params={"processDefinitionId": definition})
    )
    # then each property carries what GenerateFlowableForm reads (id, value, readable, writable)
    props = {p["id"]: p for p in answer["startFormData"]}
    assert list(props) == ["days", "kind", "from"]
    assert props["days"]["required"] is True and props["days"]["type"]["name"] == "long"
    assert props["kind"]["value"] == "annual"
    assert props["kind"]["type"]["information"]["values"] == {"annual": "年假", "sick": "病假"}
    assert all(p["readable"] and p["writable"] for p in props.values())


def test_a_start_breaking_the_properties_is_refused_by_field_and_starts_nothing(
    client: httpx.Client, definition: str
) -> None:
    # when the days are missing, then not a number, and the kind is not one of the values
    missing = _start(client, definition, f"缺天数{RUN}", {"kind": "sick"})
    wrong = _start(
        client, definition, f"错类型{RUN}", {"days": "3' or '1'='1", "kind": "x", "from": "1/2/2026"}
    )
    # then each is a 400 naming the fields with the form rules' messages (as text: the client's errors)
    assert missing.status_code == 400, missing.text
    assert missing.text == "表单数据校验失败; 请假天数必须填写"
    assert wrong.status_code == 400, wrong.text
    assert wrong.text.startswith("表单数据校验失败; ") and wrong.text.count("; ") == 3, wrong.text
    mine = _ok(client.get("/api/flowable/task/myApplyed", params={"title": f"缺天数{RUN}"}))
    assert mine["total"] == 0


def test_a_property_process_starts_is_audited_and_shows_its_history(
    client: httpx.Client, definition: str
) -> None:
    # given a start with valid values (the kind left to its default)
    pid = _ok(_start(client, definition, f"属性请假{RUN}", {"days": "5", "from": "2026-12-01"}))
    task = _todo(client, pid)["task"]
    # when the task screen reads its form
    form = _ok(client.get("/api/flowable/form/getTaskFormData", params={"taskId": task["id"]}))
    props = {p["id"]: p for p in form["taskFormData"]}
    # then the days are shown read-only with the started value, the decision is required
    assert props["days"]["value"] == "5" and props["days"]["writable"] is False
    assert props["approved"]["required"] is True and props["approved"]["value"] is None
    # when the audit leaves out the required decision, then it is refused and the task stays
    refused = client.post(
        "/api/flowable/form/submitTaskFormData",
        data={"taskId": task["id"], "procInsId": pid, "data": json.dumps({"opinion": "好"})},
        headers=FORM_ENCODED,
    )
    assert refused.status_code == 400, refused.text
    assert refused.text == "表单数据校验失败; 是否同意必须填写"
    # when it is audited with the decision (and a change of the read-only days, which is ignored)
    done = client.post(
        "/api/flowable/form/submitTaskFormData",
        data={
            "taskId": task["id"],
            "procInsId": pid,
            "assignee": "",
            "comment.type": "_flow_agree",
            "comment.status": "同意",
            "comment.message": "准了",
            "data": json.dumps({"approved": "true", "opinion": "同意休假", "days": "50"}),
        },
        headers=FORM_ENCODED,
    )
    # then the instance moves on to the archive step and the history shows each node's readable
    # values as they were written
    assert _ok(done) == pid
    assert _todo(client, pid, "archive")["task"]["taskDefinitionKey"] == "archive"
    expected_audit = {"days": 5, "approved": True, "opinion": "同意休假"}
    assert _history(client, pid, definition, "audit") == expected_audit
    assert _history(client, pid, definition, "") == {"days": 5, "kind": "annual", "from": "2026-12-01"}


def _history(client: httpx.Client, pid: str, definition: str, node: str) -> dict[str, Any]:
    """A node's readable values from the history (polled: history is written a moment after)."""
    deadline = time.monotonic() + 15
    while True:
        params = {"processInstanceId": pid, "procDefId": definition, "taskDefKey": node}
        rows = _ok(client.get("/api/flowable/form/getHistoryTaskFormData", params=params))["taskFormData"]
        values = {h["id"]: h["value"] for h in rows}
        if None not in values.values() or time.monotonic() > deadline:
            return values
        time.sleep(0.2)
