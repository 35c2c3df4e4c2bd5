"""Instance migration (实例迁移, issue 40) through the gateway: running instances of v1 planned, dry-run
and migrated onto v2 by the migration worker; the one on a node v2 removed stays on v1 and is
reported; the moved one's history shows its migration."""

from __future__ import annotations

import json
import time
import uuid
from typing import Any

import httpx

from .processes import admin_id, deploy, flow, ok

HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" '
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" '
    'targetNamespace="http://loom/e2e">'
)


def _xml(key: str, second: tuple[str, str]) -> str:
    node, name = second
    return (
        f'{HEAD}<process id="{key}" name="迁移{key}" isExecutable="true">'
        '<startEvent id="start" flowable:initiator="applyUserId"/>'
        '<userTask id="dept" name="部门审批"/>'
        f'<userTask id="{node}" name="{name}"/><endEvent id="end"/>'
        + flow("f1", "start", "dept")
        + flow("f2", "dept", node)
        + flow("f3", node, "end")
        + "</process></definitions>"
    )


def _agree(admin: httpx.Client, pid: str) -> None:
    todo = ok(admin.get("/api/flowable/task/todo", params={"current": 1, "size": 100}))["records"]
    (row,) = [r for r in todo if r["task"]["processInstanceId"] == pid]
    comment = json.dumps({"type": "_flow_agree", "status": "同意", "message": ""})
    ok(
        admin.post(
            "/api/flowable/task/audit", data={"taskId": row["task"]["id"], "vars": "{}", "comment": comment}
        )
    )


def _definitions(admin: httpx.Client, key: str) -> dict[int, str]:
    listed = ok(admin.get("/api/flowable/process/list", params={"name": f"迁移{key}", "allVersions": "1"}))
    return {d["version"]: d["id"] for d in listed["records"] if d["key"] == key}


def _report(admin: httpx.Client, batch_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + 30
    while True:
        report = ok(admin.get("/api/flowable/migration/batch", params={"id": batch_id}))
        if report["status"] == "done" or time.monotonic() > deadline:
            return dict(report)
        time.sleep(0.2)


def _migration_entries(admin: httpx.Client, pid: str) -> list[str]:
    """The migration steps of an instance's history, once the history workers have applied them."""
    deadline = time.monotonic() + 15
    while True:
        steps = ok(admin.get("/api/flowable/task/historicTaskList", params={"procInsId": pid}))
        found = [s["comment"]["message"] for s in steps if s["histIns"]["activityType"] == "migration"]
        if found or time.monotonic() > deadline:
            return found
        time.sleep(0.2)


def test_instances_of_v1_move_to_v2_and_the_one_on_a_removed_node_is_reported(admin: httpx.Client) -> None:
    # given: v1 (部门审批 -> 人事审批) with an instance at each node, then v2 (人事审批 replaced by 总经理审批)
    key = f"e2e_mig_{uuid.uuid4().hex[:8]}"
    me = admin_id(admin)
    model_id = ok(
        admin.post("/api/app/rest/models", json={"modelType": 0, "key": key, "name": f"迁移{key}"})
    )["id"]
    deploy(admin, model_id, key, f"迁移{key}", _xml(key, ("hr", "人事审批")), ["dept", "hr"], me)
    start = {"procDefKey": key, "businessTable": "", "businessId": ""}
    at_dept = ok(admin.post("/api/flowable/task/start", params={**start, "title": f"部门{key}"}))
    at_hr = ok(admin.post("/api/flowable/task/start", params={**start, "title": f"人事{key}"}))
    _agree(admin, at_hr)
    deploy(admin, model_id, key, f"迁移{key}", _xml(key, ("gm", "总经理审批")), ["dept", "gm"], me)
    versions = _definitions(admin, key)
    body = {"sourceDefinitionId": versions[1], "targetDefinitionId": versions[2]}
    # when: the plan and the dry run
    plan = ok(admin.get("/api/flowable/migration/plan", params=body))
    dry = ok(admin.post("/api/flowable/migration/dryRun", json=body))
    # then
    assert [n["id"] for n in plan["nodes"] if n["removed"]] == ["hr"]
    assert [n["id"] for n in plan["added"]] == ["gm"]
    outcome = {i["procInsId"]: i for i in dry["instances"]}
    assert outcome[at_dept]["status"] == "movable"
    assert (outcome[at_hr]["status"], outcome[at_hr]["reason"]) == (
        "left",
        "节点[人事审批]在新版本中没有对应节点",
    )
    # when: migrating
    batch = ok(admin.post("/api/flowable/migration/migrate", json=body))
    report = _report(admin, batch["id"])
    # then: one moved, one left in place and reported
    assert (report["status"], report["moved"], report["left"]) == ("done", 1, 1), report
    running = ok(
        admin.get("/api/flowable/process/runningData", params={"current": 1, "size": 100, "title": key})
    )
    on = {r["processInstanceId"]: r["processDefinitionId"] for r in running["records"]}
    assert on == {at_dept: versions[2], at_hr: versions[1]}
    # and the moved instance's history has the migration, its task goes on along v2
    assert _migration_entries(admin, at_dept) == ["从版本1迁移到版本2"]
    _agree(admin, at_dept)
    todo = ok(admin.get("/api/flowable/task/todo", params={"current": 1, "size": 100}))["records"]
    assert [r["task"]["taskDefinitionKey"] for r in todo if r["task"]["processInstanceId"] == at_dept] == [
        "gm"
    ]
