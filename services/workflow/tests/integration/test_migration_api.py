"""Instance migration through the API (实例迁移, issue 40): the plan, the dry run, a batch moved by
the migration worker, its report and each instance's history entry."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest

from loom_workflow.engine.commands import Deploy
from loom_workflow.migration.worker import consuming as migration_worker

from ..conftest import Env
from .helpers import audit, deploy, flow, process, start, task_of

V1 = process(
    "mig",
    "请假迁移",
    '<startEvent id="start" flowable:initiator="applyUserId"/>'
    '<userTask id="dept" name="部门审批" flowable:assignee="u-carol"/>'
    '<userTask id="hr" name="人事审批" flowable:assignee="u-dave"/>'
    '<endEvent id="end"/>' + flow("f1", "start", "dept") + flow("f2", "dept", "hr") + flow("f3", "hr", "end"),
)
V2 = process(
    "mig",
    "请假迁移",
    '<startEvent id="start" flowable:initiator="applyUserId"/>'
    '<userTask id="dept" name="部门经理审批" flowable:assignee="u-carol"/>'
    '<userTask id="gm" name="总经理审批" flowable:assignee="u-erin"/>'
    '<endEvent id="end"/>' + flow("f1", "start", "dept") + flow("f2", "dept", "gm") + flow("f3", "gm", "end"),
)


@pytest.fixture
async def worker(env: Env) -> AsyncIterator[None]:
    """The migration worker, for this test only (a consumer writing while another test's tables are
    truncated deadlocks)."""
    async with migration_worker(env.app):
        yield


async def _two_instances(env: Env) -> tuple[str, str, str, str]:
    """v1 deployed, one instance at 部门审批 and one at 人事审批, then v2 deployed."""
    v1 = await deploy(env, "mig", "请假迁移", V1)
    at_dept = await start(env, "u-alice", "mig", "留在部门")
    at_hr = await start(env, "u-bob", "mig", "到了人事")
    task = await task_of(env, "u-carol", at_hr)
    done = await audit(env, "u-carol", task["task"]["id"])
    assert done.status_code == 200, done.text
    deployed = await env.app.state.runtime.run(Deploy({"mig.bpmn20.xml": V2}, name="请假迁移"))
    return v1, deployed.definitions[0].id, at_dept, at_hr


async def _report(env: Env, batch_id: str) -> dict[str, Any]:
    for _ in range(300):
        answer = await env.client.get(
            "/flowable/migration/batch", params={"id": batch_id}, headers=env.headers()
        )
        assert answer.status_code == 200, answer.text
        if answer.json()["status"] == "done":
            return dict(answer.json())
        await asyncio.sleep(0.1)
    raise AssertionError(f"the batch is not done: {answer.json()}")


async def test_the_plan_maps_by_id_and_shows_removed_and_added_nodes(env: Env) -> None:
    # given
    v1, v2, _, _ = await _two_instances(env)
    # when
    answer = await env.client.get(
        "/flowable/migration/plan",
        params={"sourceDefinitionId": v1, "targetDefinitionId": v2},
        headers=env.headers(),
    )
    # then
    assert answer.status_code == 200, answer.text
    plan = answer.json()
    nodes = {n["id"]: n for n in plan["nodes"]}
    assert nodes["dept"]["targetId"] == "dept" and nodes["dept"]["automatic"]
    assert nodes["hr"]["targetId"] is None and nodes["hr"]["removed"]
    assert [n["id"] for n in plan["added"]] == ["gm"]
    assert (plan["sourceVersion"], plan["targetVersion"]) == (1, 2)


async def test_a_dry_run_lists_who_can_move_and_changes_nothing(env: Env) -> None:
    # given
    v1, v2, at_dept, at_hr = await _two_instances(env)
    body = {"sourceDefinitionId": v1, "targetDefinitionId": v2}
    # when
    answer = await env.client.post("/flowable/migration/dryRun", json=body, headers=env.headers())
    english = await env.client.post(
        "/flowable/migration/dryRun", json=body, headers=env.headers(lang="en-US")
    )
    # then: the one at 部门审批 moves (its task renamed, its assignee kept), the one at 人事审批 cannot
    assert answer.status_code == 200, answer.text
    found = {i["procInsId"]: i for i in answer.json()["instances"]}
    assert (answer.json()["movable"], answer.json()["left"]) == (1, 1)
    (task,) = found[at_dept]["tasks"]
    assert (task["before"]["name"], task["after"]["name"]) == ("部门审批", "部门经理审批")
    assert task["after"]["assigneeName"] == "卡罗尔"
    assert found[at_hr]["status"] == "left"
    assert found[at_hr]["reason"] == "节点[人事审批]在新版本中没有对应节点"
    shown = {i["procInsId"]: i for i in english.json()["instances"]}
    assert shown[at_hr]["reason"] == "node [人事审批] has no counterpart in the new version"
    # and nothing moved
    running = await env.client.get(
        "/flowable/process/runningData", params={"size": 50}, headers=env.headers()
    )
    assert {r["processDefinitionId"] for r in running.json()["records"]} == {v1}


async def test_migrating_moves_what_can_move_and_reports_the_rest(env: Env, worker: None) -> None:
    # given
    v1, v2, at_dept, at_hr = await _two_instances(env)
    # when
    asked = await env.client.post(
        "/flowable/migration/migrate",
        json={"sourceDefinitionId": v1, "targetDefinitionId": v2},
        headers=env.headers(),
    )
    assert asked.status_code == 200, asked.text
    assert (asked.json()["status"], asked.json()["total"]) == ("queued", 2)
    report = await _report(env, asked.json()["id"])
    # then: one moved, one left in place with the reason
    assert (report["moved"], report["left"]) == (1, 1)
    found = {i["procInsId"]: i for i in report["instances"]}
    assert found[at_dept]["status"] == "moved"
    assert found[at_hr]["status"] == "left" and "人事审批" in found[at_hr]["reason"]
    running = await env.client.get(
        "/flowable/process/runningData", params={"size": 50}, headers=env.headers()
    )
    on = {r["processInstanceId"]: r["processDefinitionId"] for r in running.json()["records"]}
    assert on == {at_dept: v2, at_hr: v1}
    # and the moved instance's history shows the migration; the other's does not
    await env.app.state.runtime.settle_history(actor=None, everything=True)
    steps = await env.client.get(
        "/flowable/task/historicTaskList", params={"procInsId": at_dept}, headers=env.headers()
    )
    (entry,) = [s for s in steps.json() if s["histIns"]["activityType"] == "migration"]
    assert (entry["comment"]["status"], entry["comment"]["message"]) == ("实例迁移", "从版本1迁移到版本2")
    assert entry["assigneeName"] == "管理员"
    # and an English reader reads it in English
    english = await env.client.get(
        "/flowable/task/historicTaskList", params={"procInsId": at_dept}, headers=env.headers(lang="en-US")
    )
    (entry,) = [s for s in english.json() if s["histIns"]["activityType"] == "migration"]
    assert (entry["comment"]["status"], entry["comment"]["message"]) == (
        "Migrated",
        "migrated from version 1 to version 2",
    )
    assert set(entry["comment"]) == {"type", "status", "message", "level"}
    others = await env.client.get(
        "/flowable/task/historicTaskList", params={"procInsId": at_hr}, headers=env.headers()
    )
    assert not [s for s in others.json() if s["histIns"]["activityType"] == "migration"]


async def test_one_instance_can_be_migrated_alone(env: Env, worker: None) -> None:
    # given
    v1, v2, at_dept, _ = await _two_instances(env)
    # when
    asked = await env.client.post(
        "/flowable/migration/migrate",
        json={"sourceDefinitionId": v1, "targetDefinitionId": v2, "procInsIds": [at_dept]},
        headers=env.headers(),
    )
    report = await _report(env, asked.json()["id"])
    # then
    assert (report["total"], report["moved"], report["left"]) == (1, 1, 0)


async def test_migrating_needs_its_own_permission(env: Env) -> None:
    # given: v1 and v2, a user with no right and one who edits definitions but may not migrate
    v1, v2, _, _ = await _two_instances(env)
    body = {"sourceDefinitionId": v1, "targetDefinitionId": v2}
    env.access.permissions["u-frank"] = {"flowable:process:view", "flowable:process:edit"}
    try:
        for user in ("u-grace", "u-frank"):
            # when they ask for the plan, a dry run or a migration
            answers = [
                await env.client.get(
                    "/flowable/migration/plan",
                    params={"sourceDefinitionId": v1, "targetDefinitionId": v2},
                    headers=env.headers(user),
                ),
                await env.client.post("/flowable/migration/dryRun", json=body, headers=env.headers(user)),
                await env.client.post("/flowable/migration/migrate", json=body, headers=env.headers(user)),
            ]
            # then each is refused, naming the permission in Chinese
            assert [a.status_code for a in answers] == [403] * 3, user
            assert {a.json()["msg"] for a in answers} == {"权限不足，无法访问: flowable:instance:migrate"}
    finally:
        del env.access.permissions["u-frank"]
    # and nothing was asked for: both instances are still on v1
    running = await env.client.get(
        "/flowable/process/runningData", params={"size": 50}, headers=env.headers()
    )
    assert {r["processDefinitionId"] for r in running.json()["records"]} == {v1}
