"""A process's data is for its initiator, its handlers, those it was copied to and monitors
(docs/rights.md); node extensions, which hold the reviewer rules, for designers."""

from __future__ import annotations

import pytest

from ..conftest import ADMIN, Env
from .helpers import LEAVE, deploy, node, start, task_of

pytestmark = pytest.mark.asyncio

EXTENSIONS = [node("leave", "dept", [("user", "u-bob")], [("_flow_agree", "同意")])]


async def _reads(env: Env, user: str, pid: str, task_id: str) -> list[int]:
    h = env.headers(user)
    answers = [
        await env.client.get("/flowable/task/historicTaskList", params={"procInsId": pid}, headers=h),
        await env.client.get("/flowable/task/getTaskInfo", params={"taskId": task_id}, headers=h),
        await env.client.get("/flowable/task/getTaskDef", params={"procInsId": pid}, headers=h),
        await env.client.get("/flowable/task/getFlowChart", params={"processInstanceId": pid}, headers=h),
        await env.client.get("/flowable/process/getFlowChart", params={"procInsId": pid}, headers=h),
        await env.client.get("/flowable/process/queryProcessStatus", params={"procInsId": pid}, headers=h),
        await env.client.post("/flowable/task/urge", data={"procInsId": pid, "message": "快"}, headers=h),
    ]
    return [a.status_code for a in answers]


async def test_a_stranger_cannot_read_or_urge_someone_elses_process(env: Env) -> None:
    # given alice's leave request waiting for bob
    await deploy(env, "leave", "请假流程", LEAVE, EXTENSIONS)
    pid = await start(env, "u-alice", "leave", "年假申请", days=5)
    task_id = (await task_of(env, "u-bob", pid))["task"]["id"]
    # when grace, who has nothing to do with it, reads its history, task, chart and status, or urges it
    # then every call is refused
    assert await _reads(env, "u-grace", pid, task_id) == [403] * 7
    # while the initiator, the handler and a monitor may
    assert await _reads(env, "u-alice", pid, task_id) == [200] * 7
    assert await _reads(env, "u-bob", pid, task_id) == [200] * 7
    assert await _reads(env, ADMIN, pid, task_id) == [200] * 7


async def test_node_extensions_with_their_reviewer_rules_are_for_designers_only(env: Env) -> None:
    await deploy(env, "leave", "请假流程", LEAVE, EXTENSIONS)
    for path in ("/extension/taskDefExtension/list", "/extension/nodeSetting/list"):
        refused = await env.client.get(path, headers=env.headers("u-grace"))
        assert refused.status_code == 403, path
        assert (await env.client.get(path, headers=env.headers(ADMIN))).status_code == 200
    one = await env.client.get(
        "/extension/taskDefExtension/queryByDefIdAndTaskId",
        params={"processDefId": "leave", "taskDefId": "dept"},
        headers=env.headers("u-grace"),
    )
    assert one.status_code == 403


async def test_a_models_draft_and_the_common_expressions_and_listeners_need_their_permission(
    env: Env,
) -> None:
    # given a model's undeployed draft, a common expression and a listener
    h = env.headers()
    model = await env.client.post(
        "/app/rest/models", json={"modelType": 0, "key": "draft", "name": "草稿"}, headers=h
    )
    assert model.status_code == 200, model.text
    for path, body in (
        ("/extension/condition/save", {"name": "金额大", "expression": "${amount > 1000}"}),
        ("/extension/listener/save", {"name": "通知", "event": "start", "valueType": "1", "value": "a.B"}),
    ):
        assert (await env.client.post(path, json=body, headers=h)).status_code == 200
    reads = (
        ("/flowable/task/getFlowChart", {"modelId": model.json()["id"]}),
        ("/extension/condition/list", {}),
        ("/extension/listener/list", {}),
    )
    for path, params in reads:
        # when a user with no role reads them, then each is refused
        refused = await env.client.get(path, params=params, headers=env.headers("u-grace"))
        assert refused.status_code == 403, (path, refused.text)
        # while the administrator (who designs models) reads them
        assert (await env.client.get(path, params=params, headers=h)).status_code == 200, path
