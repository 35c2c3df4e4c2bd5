"""The leave process end to end: reviewers by the initiator's department and by role, the gateway on
``days``, the flow chart and the history the screens show."""

from __future__ import annotations

import asyncio

from ..conftest import Env
from .helpers import LEAVE, audit, deploy, node, start, task_of, todo

EXTENSIONS = [
    node(
        "leave",
        "dept",
        [("depart", "${applyUserOfficeId}")],
        [("_flow_agree", "同意"), ("_flow_back", "退回")],
    ),
    node("leave", "hr", [("role", "r-hr")], [("_flow_agree", "同意")]),
]


async def test_short_leave_is_approved_by_the_department_and_ends(env: Env) -> None:
    # given
    await deploy(env, "leave", "请假流程", LEAVE, EXTENSIONS)
    pid = await start(env, "u-alice", "leave", "alice请假2天", days=2)
    # when: a colleague of alice's department sees it as a claimable task and approves it
    row = await task_of(env, "u-bob", pid)
    answer = await audit(env, "u-bob", row["task"]["id"])
    # then
    assert row["status"] == "claim" and row["vars"] == {"title": "alice请假2天", "userName": "爱丽丝"}
    assert row["processDefinitionName"] == "请假流程" and row["task"]["processDefKey"] == "leave"
    assert answer.status_code == 200, answer.text
    assert answer.json() == "提交成功"
    chart = (
        await env.client.get(
            "/flowable/task/getFlowChart", params={"processInstanceId": pid}, headers=env.headers()
        )
    ).json()
    assert chart["activityIds"] == ["start", "dept", "gw", "end"]
    assert chart["flows"] == ["f1", "f2", "f_short"]
    assert "<process" in chart["bpmnXml"]
    steps = (
        await env.client.get(
            "/flowable/task/historicTaskList", params={"procInsId": pid}, headers=env.headers()
        )
    ).json()
    assert [(s["histIns"]["activityId"], s["assigneeName"], s["comment"]["status"]) for s in steps] == [
        ("start", "爱丽丝", "启动流程"),
        ("dept", "鲍勃", "同意"),
        ("end", "", "结束流程"),
    ]
    mine = (await env.client.get("/flowable/task/myApplyed", headers=env.headers("u-alice"))).json()
    assert mine["records"][0]["status"] == "已结束" and mine["records"][0]["code"] == 2


async def test_long_leave_goes_to_the_hr_role(env: Env) -> None:
    # given
    await deploy(env, "leave", "请假流程", LEAVE, EXTENSIONS)
    pid = await start(env, "u-alice", "leave", "alice请假5天", days=5)
    # when
    await audit(env, "u-erin", (await task_of(env, "u-erin", pid))["task"]["id"])
    # then: only the hr role's members see the second task
    assert await task_of(env, "u-carol", pid, "人事审批")
    assert await task_of(env, "u-dave", pid, "人事审批")
    assert not [r for r in await todo(env, "u-bob") if r["task"]["processInstanceId"] == pid]
    answer = await audit(env, "u-carol", (await task_of(env, "u-carol", pid))["task"]["id"])
    assert answer.status_code == 200
    chart = (
        await env.client.get(
            "/flowable/task/getFlowChart", params={"processInstanceId": pid}, headers=env.headers()
        )
    ).json()
    assert chart["activityIds"] == ["start", "dept", "gw", "hr", "end"]
    assert chart["flows"] == ["f1", "f2", "f_long", "f3"]


async def test_two_users_completing_one_task_get_one_success_and_one_clear_error(env: Env) -> None:
    # given
    await deploy(env, "leave", "请假流程", LEAVE, EXTENSIONS)
    pid = await start(env, "u-alice", "leave", "并发", days=1)
    task_id = (await task_of(env, "u-bob", pid))["task"]["id"]
    # when
    answers = await asyncio.gather(audit(env, "u-bob", task_id), audit(env, "u-frank", task_id))
    # then
    codes = sorted(a.status_code for a in answers)
    assert codes[0] == 200 and codes[1] in (403, 404), [a.text for a in answers]
    loser = [a for a in answers if a.status_code != 200][0]
    assert loser.json()["msg"] in (
        "任务不存在或已被他人处理，请刷新待办列表",
        "您不是该任务的办理人，无法办理",
    )
    steps = (
        await env.client.get(
            "/flowable/task/historicTaskList", params={"procInsId": pid}, headers=env.headers()
        )
    ).json()
    assert len([s for s in steps if s["histIns"]["activityId"] == "dept"]) == 1
