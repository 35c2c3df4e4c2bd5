"""流程分析 through the gateway: a countersign process run twice by the administrator, its signers
taking longest, is analysed as the issue asks (counts, the countersign node the slowest)."""

from __future__ import annotations

import time
import uuid
from typing import Any

import httpx

from .processes import admin_id, deploy, flow, ok

RUN = uuid.uuid4().hex[:8]
KEY = f"analytics{RUN}"
XML = (
    '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" '
    'xmlns:flowable="http://flowable.org/bpmn" targetNamespace="e2e">'
    f'<process id="{KEY}" name="流程分析{RUN}" isExecutable="true">'
    '<startEvent id="start" flowable:initiator="applyUserId"/>'
    '<userTask id="apply" name="提交申请"/>'
    '<userTask id="sign" name="会签" flowable:assignee="${assignee}">'
    '<multiInstanceLoopCharacteristics isSequential="false" '
    'flowable:collection="${multiInstanceHandler.getList(execution)}" flowable:elementVariable="assignee"/>'
    '</userTask><userTask id="hr" name="人事审批"/><endEvent id="end"/>'
    + flow("f1", "start", "apply")
    + flow("f2", "apply", "sign")
    + flow("f3", "sign", "hr")
    + flow("f4", "hr", "end")
    + "</process></definitions>"
)
# how long the signers take over the other steps (handled at once): the history the test makes
SIGNING_SECONDS = 1.5


def _approve(admin: httpx.Client, pid: str, name: str) -> None:
    rows = ok(admin.get("/api/flowable/task/todo", params={"current": 1, "size": 100}))["records"]
    for task in [
        r["task"] for r in rows if r["task"]["processInstanceId"] == pid and r["task"]["name"] == name
    ]:
        ok(
            admin.post(
                "/api/flowable/task/audit",
                params={"taskId": task["id"], "vars": "{}", "comment": '{"message": "同意"}'},
            )
        )


def _analytics(client: httpx.Client, proc_def_id: str) -> httpx.Response:
    return client.get("/api/flowable/analytics/process", params={"procDefId": proc_def_id})


def test_the_countersign_node_is_the_slowest_of_two_finished_requests(
    admin: httpx.Client, portal: httpx.Client
) -> None:
    # given the process deployed and run twice, the signers taking longest
    me = admin_id(admin)
    model_id = ok(admin.post("/api/app/rest/models", json={"modelType": 0, "key": KEY, "name": KEY}))["id"]
    deploy(admin, model_id, KEY, KEY, XML, ["apply", "sign", "hr"], me)
    for n in range(2):
        pid = str(ok(admin.post("/api/flowable/task/start", params={"procDefKey": KEY, "title": f"分析{n}"})))
        _approve(admin, pid, "提交申请")
        time.sleep(SIGNING_SECONDS)  # the history under test: time spent at the countersign
        _approve(admin, pid, "会签")
        _approve(admin, pid, "人事审批")
    versions = ok(admin.get("/api/flowable/process/list", params={"name": KEY, "current": 1, "size": 10}))
    (proc_def_id,) = [r["id"] for r in versions["records"] if r["key"] == KEY]
    # when
    found: dict[str, Any] = ok(_analytics(admin, proc_def_id))
    anonymous = _analytics(portal, proc_def_id)
    # then
    assert (found["finished"], found["running"]) == (2, 0)
    assert found["nodes"][0]["id"] == "sign" and found["nodes"][0]["name"] == "会签"
    assert found["nodes"][0]["meanMs"] >= SIGNING_SECONDS * 1000 * 0.9
    assert found["paths"][0]["ids"] == ["start", "apply", "sign", "hr", "end"]
    assert found["paths"][0]["count"] == 2
    assert anonymous.status_code == 401
