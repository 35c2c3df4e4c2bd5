"""Setting up processes with dynamic forms through the gateway, as the workflow tests need them: a
form definition's first version, a BPMN sequence flow, a model saved and deployed with its nodes'
approver, and the answers they check."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import httpx


def ok(answer: httpx.Response) -> Any:
    """The JSON of a 200 answer (anything else fails, naming the call)."""
    assert answer.status_code == 200, f"{answer.request.method} {answer.request.url}: {answer.text}"
    return answer.json()


def flow(fid: str, source: str, target: str, condition: str = "") -> str:
    """A sequence flow, with its condition expression when given."""
    if not condition:
        return f'<sequenceFlow id="{fid}" sourceRef="{source}" targetRef="{target}"/>'
    return (
        f'<sequenceFlow id="{fid}" sourceRef="{source}" targetRef="{target}"><conditionExpression '
        f'xsi:type="tFormalExpression"><![CDATA[{condition}]]></conditionExpression></sequenceFlow>'
    )


def admin_id(admin: httpx.Client) -> str:
    """The seeded administrator's user id."""
    users = ok(admin.get("/api/sys/user/list", params={"current": 1, "size": 10, "loginName": "admin"}))
    return str(next(u["id"] for u in users["records"] if u["loginName"] == "admin"))


def form_definition(admin: httpx.Client, name: str, form: dict[str, Any]) -> tuple[str, str]:
    """Saves a process form; answers its definition's id and its first (published) version's id."""
    ok(admin.post("/api/extension/formDefinition/save", json={"name": name, "json": json.dumps(form)}))
    records = ok(
        admin.get("/api/extension/formDefinition/list", params={"current": 1, "size": -1, "name": name})
    )["records"]
    (definition,) = [r for r in records if r["name"] == name]
    return str(definition["id"]), str(definition["formDefinitionJson"]["id"])


def deploy(
    admin: httpx.Client, model_id: str, key: str, name: str, xml: str, user_tasks: Iterable[str], user: str
) -> None:
    """Saves the model's XML as the designer does, gives each user task ``user`` as its approver,
    and deploys it."""
    editor = ok(admin.get(f"/api/app/rest/models/{model_id}/editor/json"))
    form = {"modeltype": "model", "json_xml": xml, "name": name, "key": key, "description": ""}
    ok(
        admin.post(
            f"/api/flowable/model/saveModel/{model_id}",
            data={**form, "newversion": "false", "comment": "", "lastUpdated": editor["lastUpdated"]},
        )
    )
    rule = {"type": "user", "value": user, "condition": "0", "operationType": "0", "sort": 10}
    nodes = [
        {
            "processDefId": key,
            "taskDefId": n,
            "flowAssigneeList": [rule],
            "flowButtonList": [],
            "flowConditionList": [],
        }
        for n in user_tasks
    ]
    ok(admin.post("/api/extension/taskDefExtension/save", json=nodes))
    ok(admin.put("/api/flowable/model/deploy", params={"id": model_id, "category": "办公"}))
