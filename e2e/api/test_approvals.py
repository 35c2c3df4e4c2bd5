"""Approvals as people expect them (issue 27), through the gateway: 退回 into one parallel branch
by the 驳回到上一步 preset, a node whose reviewers name nobody skipped (自动跳过), and a node's time
limit shown on the task in the todo list. The administrator handles every node."""

from __future__ import annotations

import uuid
from typing import Any

import httpx

RUN = uuid.uuid4().hex[:6]
KEY = f"e2e_approvals_{RUN}"
NS = 'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"'


def _flow(fid: str, source: str, target: str) -> str:
    return f'<sequenceFlow id="{fid}" sourceRef="{source}" targetRef="{target}"/>'


XML = (
    f'<?xml version="1.0" encoding="UTF-8"?><definitions {NS} targetNamespace="e2e">'
    f'<process id="{KEY}" name="审批 {RUN}" isExecutable="true">'
    '<startEvent id="start" flowable:initiator="applyUserId"/><userTask id="fill" name="填写"/>'
    '<parallelGateway id="fork"/><userTask id="acc" name="会计"/><userTask id="cash" name="出纳"/>'
    '<parallelGateway id="join"/><userTask id="nobody" name="无人节点"/><userTask id="final" name="终审"/>'
    '<endEvent id="end"/>'
    + _flow("f1", "start", "fill")
    + _flow("f2", "fill", "fork")
    + _flow("f3", "fork", "acc")
    + _flow("f4", "fork", "cash")
    + _flow("f5", "acc", "join")
    + _flow("f6", "cash", "join")
    + _flow("f7", "join", "nobody")
    + _flow("f8", "nobody", "final")
    + _flow("f9", "final", "end")
    + "</process></definitions>"
)


def _ok(answer: httpx.Response) -> Any:
    assert answer.status_code == 200, f"{answer.request.method} {answer.request.url}: {answer.text}"
    return answer.json()


def _deploy(admin: httpx.Client, admin_id: str) -> None:
    model_id = _ok(admin.post("/api/app/rest/models", json={"modelType": 0, "key": KEY, "name": KEY}))["id"]
    editor = _ok(admin.get(f"/api/app/rest/models/{model_id}/editor/json"))
    form = {
        "modeltype": "model",
        "json_xml": XML,
        "name": KEY,
        "key": KEY,
        "description": "",
        "newversion": "false",
    }
    _ok(
        admin.post(
            f"/api/flowable/model/saveModel/{model_id}",
            data={**form, "comment": "", "lastUpdated": editor["lastUpdated"]},
        )
    )

    def node(node_id: str, rule: tuple[str, str]) -> dict[str, Any]:
        row = {"type": rule[0], "value": rule[1], "condition": "0", "operationType": "0", "sort": 10}
        return {
            "processDefId": KEY,
            "taskDefId": node_id,
            "flowAssigneeList": [row],
            "flowButtonList": [],
            "flowConditionList": [],
        }

    me = ("user", admin_id)
    extensions = [
        node("fill", me),
        node("acc", me),
        node("cash", me),
        node("nobody", ("post", "no-such-post")),
        node("final", me),
    ]
    _ok(admin.post("/api/extension/taskDefExtension/save", json=extensions))
    _ok(admin.put("/api/flowable/model/deploy", params={"id": model_id, "category": "办公"}))
    settings = [
        {"processDefId": KEY, "taskDefId": "nobody", "key": "emptyApprover", "value": "skip"},
        {"processDefId": KEY, "taskDefId": "final", "key": "dueDuration", "value": "PT4H"},
    ]
    _ok(admin.post("/api/extension/nodeSetting/save", json=settings))


def _mine(admin: httpx.Client, pid: str) -> list[dict[str, Any]]:
    rows = _ok(admin.get("/api/flowable/task/todo", params={"current": 1, "size": 100}))["records"]
    return [r for r in rows if r["task"]["processInstanceId"] == pid]


def _approve(admin: httpx.Client, pid: str, name: str) -> None:
    (task,) = [r["task"] for r in _mine(admin, pid) if r["task"]["name"] == name]
    _ok(
        admin.post(
            "/api/flowable/task/audit",
            params={"taskId": task["id"], "vars": "{}", "comment": '{"message": "同意"}'},
        )
    )


def test_back_to_the_previous_step_an_empty_node_skipped_and_a_due_time_in_the_todo_list(
    admin: httpx.Client,
) -> None:
    # given: the administrator's own request through both branches (the cashier last)
    _deploy(admin, _me(admin))
    pid = str(_ok(admin.post("/api/flowable/task/start", params={"procDefKey": KEY, "title": f"审批{RUN}"})))
    for name in ("填写", "会计", "出纳"):
        _approve(admin, pid, name)
    # then the node naming nobody was skipped; the final review is due in four hours
    (final,) = _mine(admin, pid)
    assert final["task"]["name"] == "终审"
    assert final["task"]["dueDate"] and final["task"]["overdue"] is False
    steps = _ok(admin.get("/api/flowable/task/historicTaskList", params={"procInsId": pid}))
    assert ("nobody", "自动跳过") in [(s["histIns"]["activityId"], s["comment"]["status"]) for s in steps]
    # when the final review goes back to the previous step
    _ok(admin.put("/api/flowable/task/back", params={"taskId": final["task"]["id"], "backType": "previous"}))
    # then only the cashier's branch runs again; once it approves, the final review is back
    assert [r["task"]["name"] for r in _mine(admin, pid)] == ["出纳"]
    _approve(admin, pid, "出纳")
    assert [r["task"]["name"] for r in _mine(admin, pid)] == ["终审"]


def _me(admin: httpx.Client) -> str:
    users = _ok(admin.get("/api/sys/user/list", params={"current": 1, "size": 10, "loginName": "admin"}))[
        "records"
    ]
    return str(next(u["id"] for u in users if u["loginName"] == "admin"))
