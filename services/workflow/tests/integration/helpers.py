"""BPMN fixtures and API shortcuts for the integration tests."""

from __future__ import annotations

from typing import Any

from ..conftest import ADMIN, Env

HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" '
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
    'xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://loom/test">'
)


def process(key: str, name: str, body: str) -> str:
    return f'{HEAD}<process id="{key}" name="{name}" isExecutable="true">{body}</process></definitions>'


def flow(fid: str, source: str, target: str, condition: str | None = None) -> str:
    if condition is None:
        return f'<sequenceFlow id="{fid}" sourceRef="{source}" targetRef="{target}"/>'
    return (
        f'<sequenceFlow id="{fid}" sourceRef="{source}" targetRef="{target}">'
        f'<conditionExpression xsi:type="tFormalExpression"><![CDATA[{condition}]]></conditionExpression>'
        "</sequenceFlow>"
    )


LEAVE = process(
    "leave",
    "请假流程",
    '<startEvent id="start" name="开始" flowable:initiator="applyUserId" flowable:formKey="/leave/LeaveForm"/>'
    '<userTask id="dept" name="部门审批" flowable:formKey="/leave/LeaveForm"/>'
    '<exclusiveGateway id="gw" name="天数判断"/>'
    '<userTask id="hr" name="人事审批"/>'
    '<endEvent id="end" name="结束"/>'
    + flow("f1", "start", "dept")
    + flow("f2", "dept", "gw")
    + flow("f_long", "gw", "hr", "${days > 3}")
    + flow("f_short", "gw", "end", "${days <= 3}")
    + flow("f3", "hr", "end"),
)


async def deploy(
    env: Env, key: str, name: str, xml: str, extensions: list[dict[str, Any]] | None = None
) -> str:
    """Creates, saves and deploys a model; returns the definition id."""
    h = env.headers()
    created = await env.client.post(
        "/app/rest/models", json={"modelType": 0, "key": key, "name": name}, headers=h
    )
    assert created.status_code == 200, created.text
    model_id = created.json()["id"]
    editor = await env.client.get(f"/app/rest/models/{model_id}/editor/json", headers=h)
    saved = await env.client.post(
        f"/flowable/model/saveModel/{model_id}",
        data={
            "modeltype": "model",
            "json_xml": xml,
            "name": name,
            "key": key,
            "description": "",
            "newversion": "false",
            "comment": "",
            "lastUpdated": editor.json()["lastUpdated"],
        },
        headers=h,
    )
    assert saved.status_code == 200, saved.text
    if extensions:
        answer = await env.client.post("/extension/taskDefExtension/save", json=extensions, headers=h)
        assert answer.status_code == 200, answer.text
    deployed = await env.client.put(
        "/flowable/model/deploy", params={"id": model_id, "category": "办公"}, headers=h
    )
    assert deployed.status_code == 200, deployed.text
    listed = await env.client.get("/flowable/process/list", params={"name": key}, headers=h)
    return str([d for d in listed.json()["records"] if d["key"] == key][0]["id"])


def node(
    key: str, node_id: str, assignees: list[tuple[str, str]] = (), buttons: list[tuple[str, str]] = ()
) -> dict[str, Any]:
    return {
        "processDefId": key,
        "taskDefId": node_id,
        "flowAssigneeList": [
            {"type": t, "value": v, "condition": "0", "operationType": "0", "sort": (i + 1) * 10}
            for i, (t, v) in enumerate(assignees)
        ],
        "flowButtonList": [
            {"code": c, "name": n, "sort": (i + 1) * 10, "isHide": "0", "next": "0"}
            for i, (c, n) in enumerate(buttons)
        ],
        "flowConditionList": [],
    }


async def start(env: Env, user: str, key: str, title: str, **variables: Any) -> str:
    params = {"procDefKey": key, "title": title, "businessTable": "oa_leave", "businessId": f"b-{title}"}
    params.update({k: str(v) for k, v in variables.items()})
    answer = await env.client.post("/flowable/task/start", params=params, headers=env.headers(user))
    assert answer.status_code == 200, answer.text
    return str(answer.json())


async def todo(env: Env, user: str) -> list[dict[str, Any]]:
    answer = await env.client.get(
        "/flowable/task/todo", params={"current": 1, "size": 100}, headers=env.headers(user)
    )
    assert answer.status_code == 200, answer.text
    return list(answer.json()["records"])


async def task_of(env: Env, user: str, proc_inst_id: str, name: str | None = None) -> dict[str, Any]:
    found = [
        r
        for r in await todo(env, user)
        if r["task"]["processInstanceId"] == proc_inst_id and (name is None or r["task"]["name"] == name)
    ]
    assert found, f"{user} has no task in {proc_inst_id}"
    return found[0]


async def audit(
    env: Env,
    user: str,
    task_id: str,
    message: str = "同意",
    code: str = "_flow_agree",
    status: str = "同意",
    vars: dict[str, Any] | None = None,
    lang: str | None = None,
) -> Any:
    import json

    return await env.client.post(
        "/flowable/task/audit",
        params={
            "taskId": task_id,
            "vars": json.dumps(vars or {}),
            "comment": json.dumps({"message": message, "type": code, "status": status}),
        },
        headers=env.headers(user, lang),
    )


__all__ = ["ADMIN"]
