"""The seed's task operations on real processes: countersign, add-sign, back after a join, transfer,
delegate, revoke, stop, reject-and-end and a timer that escalates."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import pytest

from ..conftest import Env
from .helpers import audit, deploy, flow, node, process, start, task_of, todo

COUNTERSIGN = process(
    "sign",
    "会签流程",
    '<startEvent id="start" flowable:initiator="applyUserId"/>'
    '<userTask id="vote" name="会签" flowable:assignee="${assignee}">'
    '<multiInstanceLoopCharacteristics isSequential="false" '
    'flowable:collection="${multiInstanceHandler.getList(execution)}" flowable:elementVariable="assignee">'
    "<completionCondition>${nrOfCompletedInstances/nrOfInstances >= 0.6}</completionCondition>"
    "</multiInstanceLoopCharacteristics></userTask>"
    '<userTask id="after" name="归档"/><endEvent id="end"/>'
    + flow("f1", "start", "vote")
    + flow("f2", "vote", "after")
    + flow("f3", "after", "end"),
)
SIGN_EXT = [
    node("sign", "vote", [("role", "r-hr"), ("user", "u-erin,u-frank,u-grace")]),
    node("sign", "after", [("applyUserId", "")]),
]

PARALLEL = process(
    "par",
    "并行流程",
    '<startEvent id="start" flowable:initiator="applyUserId"/>'
    '<userTask id="fill" name="填写"/><parallelGateway id="fork"/>'
    '<userTask id="a" name="会计"/><userTask id="b" name="出纳"/><parallelGateway id="join"/>'
    '<userTask id="final" name="总经理"/><endEvent id="end"/>'
    + flow("f1", "start", "fill")
    + flow("f2", "fill", "fork")
    + flow("f3", "fork", "a")
    + flow("f4", "fork", "b")
    + flow("f5", "a", "join")
    + flow("f6", "b", "join")
    + flow("f7", "join", "final")
    + flow("f8", "final", "end"),
)
PAR_EXT = [
    node("par", "fill", [("applyUserId", "")]),
    node("par", "a", [("user", "u-bob")]),
    node("par", "b", [("user", "u-frank")]),
    node("par", "final", [("role", "r-boss")]),
]

SIMPLE = process(
    "simple",
    "简单流程",
    '<startEvent id="start" flowable:initiator="applyUserId"/><userTask id="t1" name="审批"/>'
    '<userTask id="t2" name="复核"/><endEvent id="end"/>'
    + flow("f1", "start", "t1")
    + flow("f2", "t1", "t2")
    + flow("f3", "t2", "end"),
)
SIMPLE_EXT = [node("simple", "t1", [("user", "u-bob")]), node("simple", "t2", [("user", "u-erin")])]

ESCALATE = process(
    "esc",
    "超时升级",
    '<startEvent id="start" flowable:initiator="applyUserId"/><userTask id="t1" name="处理"/>'
    '<boundaryEvent id="timeout" name="超时" attachedToRef="t1" cancelActivity="true">'
    "<timerEventDefinition><timeDuration>PT1S</timeDuration></timerEventDefinition></boundaryEvent>"
    '<userTask id="boss" name="上级处理"/><endEvent id="end"/><endEvent id="end2"/>'
    + flow("f1", "start", "t1")
    + flow("f2", "t1", "end")
    + flow("f3", "timeout", "boss")
    + flow("f4", "boss", "end2"),
)
ESC_EXT = [node("esc", "t1", [("user", "u-bob")]), node("esc", "boss", [("role", "r-boss")])]


async def steps(env: Env, pid: str) -> list[tuple[str, str, str]]:
    answer = await env.client.get(
        "/flowable/task/historicTaskList", params={"procInsId": pid}, headers=env.headers()
    )
    return [(s["histIns"]["activityId"], s["assigneeName"], s["comment"]["status"]) for s in answer.json()]


async def test_countersign_completes_at_sixty_percent_and_add_sign_adds_a_voter(env: Env) -> None:
    # given: five voters (hr role carol+dave, erin, frank, grace)
    await deploy(env, "sign", "会签流程", COUNTERSIGN, SIGN_EXT)
    pid = await start(env, "u-alice", "sign", "会签")
    voters = ["u-carol", "u-dave", "u-erin", "u-frank", "u-grace"]
    for user in voters:
        assert (await task_of(env, user, pid))["status"] == "todo"
    # when: carol adds bob as a sixth voter, then carol, dave, erin and frank agree (4/6 >= 60%)
    carol_task = (await task_of(env, "u-carol", pid))["task"]["id"]
    added = await env.client.post(
        "/flowable/task/addSignTask",
        data={"taskId": carol_task, "userIds": '"u-bob"', "comment": "", "flag": "false"},
        headers=env.headers("u-carol"),
    )
    assert added.status_code == 200, added.text
    assert (await task_of(env, "u-bob", pid))["task"]["name"] == "会签"
    for user in ["u-carol", "u-dave", "u-erin"]:
        assert (await audit(env, user, (await task_of(env, user, pid))["task"]["id"])).status_code == 200
    assert await task_of(env, "u-frank", pid)  # 3/6 = 50%: still voting
    await audit(env, "u-frank", (await task_of(env, "u-frank", pid))["task"]["id"])
    # then: the vote is over, the other voters' tasks are gone and the initiator archives
    assert not [r for r in await todo(env, "u-grace") if r["task"]["processInstanceId"] == pid]
    assert (await task_of(env, "u-alice", pid))["task"]["name"] == "归档"
    done = [s for s in await steps(env, pid) if s[0] == "vote" and s[2] == "同意"]
    assert sorted(d[1] for d in done) == sorted(["卡罗尔", "戴夫", "艾琳", "弗兰克"])


async def test_back_after_a_parallel_join_reaches_into_one_branch_and_the_join_waits_for_it(
    env: Env,
) -> None:
    # given
    await deploy(env, "par", "并行流程", PARALLEL, PAR_EXT)
    pid = await start(env, "u-alice", "par", "并行")
    await audit(env, "u-alice", (await task_of(env, "u-alice", pid))["task"]["id"])
    await audit(env, "u-bob", (await task_of(env, "u-bob", pid))["task"]["id"])
    await audit(env, "u-frank", (await task_of(env, "u-frank", pid))["task"]["id"])
    final = (await task_of(env, "u-erin", pid))["task"]["id"]
    # when
    nodes = await env.client.put(
        "/flowable/task/backNodes", params={"taskId": final}, headers=env.headers("u-erin")
    )
    refused = await env.client.put(
        "/flowable/task/back",
        params={"taskId": final, "backTaskDefKey": "final"},
        headers=env.headers("u-erin"),
    )
    backed = await env.client.put(
        "/flowable/task/backNodes",
        params={"taskId": final, "backTaskDefKey": "a", "message": "请补充材料"},
        headers=env.headers("u-erin"),
    )
    # then: every passed node is offered; only the accountant's branch runs again
    assert nodes.json() == [
        {"taskDefKey": "fill", "taskName": "填写"},
        {"taskDefKey": "a", "taskName": "会计"},
        {"taskDefKey": "b", "taskName": "出纳"},
    ]
    assert refused.status_code == 400 and refused.json()["msg"] == "节点[final]不是可以退回的节点"
    assert backed.status_code == 200, backed.text
    assert (await task_of(env, "u-bob", pid))["task"]["name"] == "会计"
    assert not [r for r in await todo(env, "u-frank") if r["task"]["processInstanceId"] == pid]
    assert not [r for r in await todo(env, "u-erin") if r["task"]["processInstanceId"] == pid]
    assert ("final", "艾琳", "驳回") in await steps(env, pid)
    await audit(env, "u-bob", (await task_of(env, "u-bob", pid))["task"]["id"])
    assert (await task_of(env, "u-erin", pid))["task"]["name"] == "总经理"
    chart = (
        await env.client.get(
            "/flowable/task/getFlowChart", params={"processInstanceId": pid}, headers=env.headers()
        )
    ).json()
    assert chart["activityIds"][-1] == "final"


async def test_transfer_and_delegate_move_the_task_between_users(env: Env) -> None:
    # given
    await deploy(env, "simple", "简单流程", SIMPLE, SIMPLE_EXT)
    pid = await start(env, "u-alice", "simple", "转办委派")
    t1 = (await task_of(env, "u-bob", pid))["task"]["id"]
    # when: bob transfers to frank; frank delegates to grace; grace resolves; frank completes
    transferred = await env.client.put(
        "/flowable/task/transfer", params={"taskId": t1, "userId": "u-frank"}, headers=env.headers("u-bob")
    )
    assert transferred.json() == "转办成功"
    assert not [r for r in await todo(env, "u-bob") if r["task"]["processInstanceId"] == pid]
    delegated = await env.client.put(
        "/flowable/task/delegate", params={"taskId": t1, "userId": "u-grace"}, headers=env.headers("u-frank")
    )
    assert delegated.json() == "委派成功"
    row = await task_of(env, "u-grace", pid)
    assert (row["task"]["delegationState"], row["task"]["ownerName"]) == ("PENDING", "弗兰克")
    # the delegate is offered 办理 alone (it goes back to its owner), not the node's other buttons
    info = (
        await env.client.get(
            "/flowable/task/getTaskInfo", params={"taskId": t1}, headers=env.headers("u-grace")
        )
    ).json()
    assert [(b["code"], b["name"]) for b in info["flowButtonList"]] == [("_flow_agree", "办理")]
    assert (info["delegationState"], info["ownerName"]) == ("PENDING", "弗兰克")
    await audit(env, "u-grace", t1, message="已核对")
    back_to_owner = await task_of(env, "u-frank", pid)
    assert back_to_owner["task"]["delegationState"] != "PENDING" and back_to_owner["task"]["ownerName"] == ""
    owner_info = await env.client.get(
        "/flowable/task/getTaskInfo", params={"taskId": t1}, headers=env.headers("u-frank")
    )
    assert owner_info.json()["delegationState"] is None
    await audit(env, "u-frank", back_to_owner["task"]["id"])
    # then
    assert back_to_owner["task"]["id"] == t1
    assert (await task_of(env, "u-erin", pid))["task"]["name"] == "复核"
    statuses = [s[2] for s in await steps(env, pid) if s[0] == "t1"]
    assert statuses == ["同意"]


async def test_revoke_stop_and_reject_end_the_instance_with_their_own_status(env: Env) -> None:
    # given
    await deploy(env, "simple", "简单流程", SIMPLE, SIMPLE_EXT)
    revocable = await start(env, "u-alice", "simple", "撤销")
    handled = await start(env, "u-alice", "simple", "已处理")
    stopped = await start(env, "u-alice", "simple", "终止")
    rejected = await start(env, "u-alice", "simple", "驳回结束")
    await audit(env, "u-bob", (await task_of(env, "u-bob", handled))["task"]["id"])
    # when
    not_mine = await env.client.put(
        "/flowable/process/revokeProcIns", params={"id": revocable}, headers=env.headers("u-bob")
    )
    revoked = await env.client.put(
        "/flowable/process/revokeProcIns", params={"id": revocable}, headers=env.headers("u-alice")
    )
    too_late = await env.client.put(
        "/flowable/process/revokeProcIns", params={"id": handled}, headers=env.headers("u-alice")
    )
    stop = await env.client.put(
        "/flowable/process/stop", params={"id": stopped, "message": "不再需要"}, headers=env.headers()
    )
    reject_task = (await task_of(env, "u-bob", rejected))["task"]["id"]
    reject = await env.client.put(
        "/flowable/task/rejectAndOver",
        params={"procInsId": rejected, "taskId": reject_task, "message": "不同意"},
        headers=env.headers("u-bob"),
    )
    # then
    assert not_mine.status_code == 400 and not_mine.json()["msg"] == "只有流程发起人才能撤销流程"
    assert revoked.json() == "撤销流程成功"
    assert too_late.status_code == 400 and too_late.json()["msg"] == "流程已被处理，不能撤销"
    assert stop.json() == "终止流程成功" and reject.json() == "驳回并结束流程成功"
    mine = {
        r["processInstanceId"]: r
        for r in (await env.client.get("/flowable/task/myApplyed", headers=env.headers("u-alice"))).json()[
            "records"
        ]
    }
    assert (mine[revocable]["status"], mine[revocable]["code"]) == ("已撤销", 3)
    assert (mine[stopped]["status"], mine[stopped]["code"]) == ("已终止", 4)
    assert (mine[rejected]["status"], mine[rejected]["code"]) == ("驳回结束", 4)
    assert (mine[handled]["status"], mine[handled]["code"]) == ("审批中", 1)
    english = await env.client.get(
        "/flowable/process/queryProcessStatus",
        params={"procInsId": stopped},
        headers=env.headers(lang="en-US"),
    )
    assert english.json() == {"code": 4, "status": "Stopped", "level": "danger"}
    history = (await env.client.get("/flowable/process/historyListData", headers=env.headers())).json()
    assert {r["id"] for r in history["records"]} == {revocable, stopped, rejected}


@contextlib.asynccontextmanager
async def worker(env: Env) -> AsyncIterator[None]:
    from loom_workflow.jobs.worker import JobWorker

    job_worker = JobWorker(env.app.state.js, env.app.state.runtime, env.settings)
    task = asyncio.create_task(job_worker.run())
    try:
        yield
    finally:
        job_worker.stop()
        await task


async def test_a_timer_boundary_event_escalates_an_untouched_task(env: Env) -> None:
    # given
    await deploy(env, "esc", "超时升级", ESCALATE, ESC_EXT)
    pid = await start(env, "u-alice", "esc", "超时")
    assert await task_of(env, "u-bob", pid)
    # when: the scheduler hands the due timer to a worker
    async with worker(env):
        for _ in range(100):
            if [r for r in await todo(env, "u-erin") if r["task"]["processInstanceId"] == pid]:
                break
            await asyncio.sleep(0.1)
    # then
    assert (await task_of(env, "u-erin", pid))["task"]["name"] == "上级处理"
    assert not [r for r in await todo(env, "u-bob") if r["task"]["processInstanceId"] == pid]
    chart = (
        await env.client.get(
            "/flowable/task/getFlowChart", params={"processInstanceId": pid}, headers=env.headers()
        )
    ).json()
    assert chart["activityIds"] == ["start", "t1", "timeout", "boss"]
    assert chart["flows"] == ["f1", "f3"]


@pytest.mark.parametrize(
    "lang,expected",
    [
        (None, "任务不存在或已被他人处理，请刷新待办列表"),
        ("en-US", "The task does not exist or was already handled; reload your to-do list"),
    ],
)
async def test_a_double_submit_of_one_task_fails_the_second_time(
    env: Env, lang: str | None, expected: str
) -> None:
    # given
    await deploy(env, "simple", "简单流程", SIMPLE, SIMPLE_EXT)
    pid = await start(env, "u-alice", "simple", "双击")
    t1 = (await task_of(env, "u-bob", pid))["task"]["id"]
    # when
    answers = await asyncio.gather(audit(env, "u-bob", t1, lang=lang), audit(env, "u-bob", t1, lang=lang))
    # then
    assert sorted(a.status_code for a in answers) == [200, 404]
    assert [a.json()["msg"] for a in answers if a.status_code == 404] == [expected]
