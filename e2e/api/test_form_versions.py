"""A task keeps its form version (issue 27), through the gateway: a leave request runs on form
version 1 while the form is changed, version 2 made primary and the process redeployed with it.
The open task still renders version 1 with the data it had; version 1 can be neither changed nor
deleted; the form history shows each node's data as submitted, under version 1's labels; a request
started afterwards runs on version 2."""

from __future__ import annotations

import json
import uuid
from typing import Any

import httpx

from .processes import admin_id, deploy, flow, form_definition
from .processes import ok as _ok

RUN = uuid.uuid4().hex[:6]
KEY = f"e2e_form_versions_{RUN}"
NAME = f"版本请假{RUN}"
NS = 'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"'


def _widget(kind: str, model: str, name: str) -> dict[str, Any]:
    return {"type": kind, "key": f"k{model}", "model": model, "name": name, "options": {}, "rules": []}


V1 = {
    "list": [
        _widget("number", "days", "请假天数"),
        _widget("input", "reason", "请假事由"),
        _widget("textarea", "opinion", "经理意见"),
    ],
    "config": {"labelWidth": 100, "labelPosition": "right", "size": "small"},
}
V2 = {
    "list": [
        _widget("number", "days", "天数（新版）"),
        _widget("input", "reason", "事由（新版）"),
        _widget("input", "phone", "联系电话"),
        _widget("textarea", "opinion", "审批意见（新版）"),
    ],
    "config": V1["config"],
}


def _xml(json_id: str) -> str:
    props = "".join(
        f'<flowable:formProperty id="{f}" name="{f}" readable="true" writable="{w}"/>'
        for f, w in (("days", "false"), ("reason", "false"), ("opinion", "true"))
    )
    return (
        f'<?xml version="1.0" encoding="UTF-8"?><definitions {NS} targetNamespace="e2e">'
        f'<process id="{KEY}" name="{NAME}" isExecutable="true">'
        f'<startEvent id="start" flowable:initiator="applyUserId" flowable:formKey="{json_id}"/>'
        f'<userTask id="dept" name="部门审批" flowable:formKey="{json_id}">'
        f"<extensionElements>{props}</extensionElements></userTask>"
        f'<userTask id="final" name="终审" flowable:formKey="{json_id}">'
        f"<extensionElements>{props}</extensionElements></userTask>"
        '<endEvent id="end"/>'
        + flow("f1", "start", "dept")
        + flow("f2", "dept", "final")
        + flow("f3", "final", "end")
        + "</process></definitions>"
    )


def _deploy(admin: httpx.Client, model_id: str, json_id: str, admin_id: str) -> None:
    deploy(admin, model_id, KEY, NAME, _xml(json_id), ("dept", "final"), admin_id)


def _open_task(admin: httpx.Client, pid: str) -> dict[str, Any]:
    rows = _ok(admin.get("/api/flowable/task/todo", params={"current": 1, "size": 100}))["records"]
    (task,) = [r["task"] for r in rows if r["task"]["processInstanceId"] == pid]
    return dict(task)


def _audit(admin: httpx.Client, task_id: str, values: dict[str, Any]) -> None:
    _ok(
        admin.post(
            "/api/flowable/task/audit",
            data={
                "taskId": task_id,
                "vars": json.dumps(values),
                "comment": json.dumps({"type": "_flow_agree", "status": "同意", "message": ""}),
            },
        )
    )


def test_a_running_task_keeps_its_form_version_after_the_form_is_republished(admin: httpx.Client) -> None:
    # given a request on version 1, approved by the department
    me = admin_id(admin)
    definition_id, v1 = form_definition(admin, NAME, V1)
    model_id = _ok(admin.post("/api/app/rest/models", json={"modelType": 0, "key": KEY, "name": NAME}))["id"]
    _deploy(admin, model_id, v1, me)
    started = admin.post(
        "/api/flowable/task/start",
        params={"procDefKey": KEY, "title": f"版本{RUN}", "vars": json.dumps({"days": 2, "reason": "探亲"})},
    )
    pid = str(_ok(started))
    _audit(admin, _open_task(admin, pid)["id"], {"opinion": "同意，注意交接"})
    # when the form is changed: version 2 saved, made primary, and the process redeployed with it
    v2 = _ok(
        admin.post(
            "/api/extension/formDefinitionJson/save",
            json={"formDefinitionId": definition_id, "json": json.dumps(V2)},
        )
    )["id"]
    _ok(admin.put("/api/extension/formDefinitionJson/updatePrimary", params={"id": v2}))
    _deploy(admin, model_id, v2, me)
    # then version 1 cannot be changed in place nor deleted
    edited = admin.post("/api/extension/formDefinitionJson/save", json={"id": v1, "json": json.dumps(V2)})
    assert edited.status_code == 400, edited.text
    assert edited.json()["msg"] == "表单第1版已发布或已被流程使用，不能修改，请保存为新版本"
    deleted = admin.delete("/api/extension/formDefinitionJson/delete", params={"ids": v1})
    assert deleted.status_code == 400 and "不能删除" in deleted.json()["msg"], deleted.text
    # and the open task renders version 1 with the data it had
    final = _open_task(admin, pid)
    assert final["name"] == "终审"
    screen = _ok(admin.get("/api/flowable/task/getTaskDef", params={"taskId": final["id"], "procInsId": pid}))
    assert screen["formUrl"] == v1
    rendered = _ok(admin.get("/api/extension/formDefinitionJson/queryById", params={"id": screen["formUrl"]}))
    assert [w["name"] for w in json.loads(rendered["json"])["list"]] == ["请假天数", "请假事由", "经理意见"]
    data = _ok(admin.get("/api/flowable/task/formData", params={"procInsId": pid, "jsonId": v1}))["data"]
    assert (data["days"], data["reason"], data["opinion"]) == (2, "探亲", "同意，注意交接")
    # the final review writes on version 1 too, and the history shows each node's data as submitted
    _audit(admin, final["id"], {"opinion": "终审同意", "phone": "13800000000"})
    history = _ok(admin.get("/api/flowable/task/formHistory", params={"procInsId": pid}))["list"]
    assert [
        (h["taskName"], [(c["label"], c["before"], c["after"]) for c in h["changes"]]) for h in history
    ] == [
        ("发起申请", [("请假天数", None, 2), ("请假事由", None, "探亲")]),
        ("部门审批", [("经理意见", None, "同意，注意交接")]),
        ("终审", [("经理意见", "同意，注意交接", "终审同意")]),
    ]
    # each with the whole form as that node submitted it, under version 1
    assert [(h["jsonId"], h["data"]) for h in history] == [
        (v1, {"days": 2, "reason": "探亲"}),
        (v1, {"days": 2, "reason": "探亲", "opinion": "同意，注意交接"}),
        (v1, {"days": 2, "reason": "探亲", "opinion": "终审同意"}),
    ]
    # and a request started after the republish runs on version 2
    later = str(
        _ok(
            admin.post(
                "/api/flowable/task/start",
                params={
                    "procDefKey": KEY,
                    "title": f"新版{RUN}",
                    "vars": json.dumps({"days": 1, "reason": "x"}),
                },
            )
        )
    )
    fresh = _open_task(admin, later)
    assert _ok(admin.get("/api/flowable/task/getTaskDef", params={"taskId": fresh["id"]}))["formUrl"] == v2
