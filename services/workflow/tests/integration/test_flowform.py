"""Flowable form properties through /flowable/form/...: the start form, its checked submit, the
task form with the instance's values, its submit, and the history of each node."""

from __future__ import annotations

import json

from ..conftest import ADMIN, Env
from .helpers import deploy, flow, process, task_of

FORM = {"Content-Type": "application/x-www-form-urlencoded"}
XML = process(
    "props",
    "属性表单",
    '<startEvent id="start" flowable:initiator="applyUserId"><extensionElements>'
    '<flowable:formProperty id="days" name="天数" type="long" required="true"/>'
    '<flowable:formProperty id="kind" name="类型" type="enum" default="annual">'
    '<flowable:value id="annual" name="年假"/><flowable:value id="sick" name="病假"/></flowable:formProperty>'
    "</extensionElements></startEvent>"
    '<userTask id="audit" name="审批" flowable:assignee="${applyUserId}"><extensionElements>'
    '<flowable:formProperty id="days" name="天数" type="long" writable="false"/>'
    '<flowable:formProperty id="ok" name="同意" type="boolean" required="true"/>'
    "</extensionElements></userTask>"
    '<userTask id="archive" name="归档" flowable:assignee="${applyUserId}"/>'
    '<endEvent id="end"/>'
    + flow("f1", "start", "audit")
    + flow("f2", "audit", "archive")
    + flow("f3", "archive", "end"),
)


async def test_a_property_process_starts_is_audited_and_reads_back_its_values(env: Env) -> None:
    # given
    h = env.headers()
    definition = await deploy(env, "props", "属性表单", XML)
    start = (
        await env.client.get(
            "/flowable/form/getStartFormData", params={"processDefinitionId": definition}, headers=h
        )
    ).json()
    assert [(p["id"], p["required"], p["value"]) for p in start["startFormData"]] == [
        ("days", True, None),
        ("kind", False, "annual"),
    ]
    # when the start leaves out the days, then it is refused by field
    refused = await env.client.post(
        "/flowable/form/submitStartFormData",
        data={"processDefinitionId": definition, "data": "{}"},
        headers=h | FORM,
    )
    assert refused.status_code == 400 and refused.json()["details"] == {"days": "天数必须填写"}
    # when it starts with them, then the task form shows them read-only
    body = {"processDefinitionId": definition, "title": "属性", "data": json.dumps({"days": "4"})}
    pid = (await env.client.post("/flowable/form/submitStartFormData", data=body, headers=h | FORM)).json()
    task = (await task_of(env, ADMIN, pid))["task"]
    form = (
        await env.client.get("/flowable/form/getTaskFormData", params={"taskId": task["id"]}, headers=h)
    ).json()
    assert [(p["id"], p["value"], p["writable"]) for p in form["taskFormData"]] == [
        ("days", "4", False),
        ("ok", None, True),
    ]
    # when the task is submitted with a value that is no boolean, then it is refused
    bad = {"taskId": task["id"], "procInsId": pid, "data": json.dumps({"ok": "maybe"})}
    answer = await env.client.post("/flowable/form/submitTaskFormData", data=bad, headers=h | FORM)
    assert answer.status_code == 400 and set(answer.json()["details"]) == {"ok"}
    # when it is submitted properly (the read-only days changed, which is ignored)
    good = {
        "taskId": task["id"],
        "procInsId": pid,
        "comment.message": "好",
        "data": json.dumps({"ok": "true", "days": "40"}),
    }
    done = await env.client.post("/flowable/form/submitTaskFormData", data=good, headers=h | FORM)
    assert done.status_code == 200 and done.json() == pid
    # then each node's history holds the values it wrote, typed
    await env.app.state.runtime.call(
        lambda ctx: ctx.session.catch_up() if hasattr(ctx.session, "catch_up") else None
    )
    history = (
        await env.client.get(
            "/flowable/form/getHistoryTaskFormData",
            params={"processInstanceId": pid, "procDefId": definition, "taskDefKey": "audit"},
            headers=h,
        )
    ).json()["taskFormData"]
    assert {r["id"]: r["value"] for r in history} == {"days": 4, "ok": True}
