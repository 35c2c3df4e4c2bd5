"""减签, start permissions, candidate groups in todo, historic variables and the task notifier."""

from __future__ import annotations

from loom_platform.outbox import carried

from ..conftest import Env
from .helpers import audit, deploy, flow, process, start, task_of, todo
from .test_operations import COUNTERSIGN, SIGN_EXT

GROUP_TASK = process(
    "grp",
    "角色待办",
    '<startEvent id="start" flowable:initiator="applyUserId"/>'
    '<userTask id="hr" name="人事办理" flowable:candidateGroups="r-hr">'
    '<extensionElements><flowable:taskListener event="create" delegateExpression="${taskNotifier}"/>'
    "</extensionElements></userTask>"
    '<endEvent id="end"/>' + flow("f1", "start", "hr") + flow("f2", "hr", "end"),
)
RESTRICTED = process(
    "boss_only",
    "总经理发起",
    '<startEvent id="start"/><userTask id="t" name="办理" flowable:assignee="u-admin"/><endEvent id="end"/>'
    + flow("f1", "start", "t")
    + flow("f2", "t", "end"),
).replace(
    'isExecutable="true"',
    'isExecutable="true" flowable:candidateStarterGroups="r-boss" flowable:candidateStarterUsers="u-bob"',
)


async def test_del_sign_removes_a_voter_and_the_vote_goes_on_without_them(env: Env) -> None:
    # given: a countersign with five voters
    await deploy(env, "sign", "会签流程", COUNTERSIGN, SIGN_EXT)
    pid = await start(env, "u-alice", "sign", "减签")
    carol_task = (await task_of(env, "u-carol", pid))["task"]["id"]
    # the picker offers the other signers still open, and nobody else
    signers = await env.client.get(
        "/flowable/task/signers", params={"taskId": carol_task}, headers=env.headers("u-carol")
    )
    assert sorted(s["name"] for s in signers.json()) == sorted(["戴夫", "艾琳", "弗兰克", "格蕾丝"])
    # when: carol removes grace and frank
    answer = await env.client.post(
        "/flowable/task/delSignTask",
        data={"taskId": carol_task, "userIds": '"u-grace,u-frank"', "comment": "不需要"},
        headers=env.headers("u-carol"),
    )
    # then: they no longer see the task, and 2 of the remaining 3 agreeing (67%) ends the vote
    assert answer.status_code == 200, answer.text
    assert "减签成功" in answer.text
    for user in ("u-grace", "u-frank"):
        assert not [r for r in await todo(env, user) if r["task"]["processInstanceId"] == pid]
    for user in ("u-carol", "u-dave"):
        await audit(env, user, (await task_of(env, user, pid))["task"]["id"])
    assert (await task_of(env, "u-alice", pid))["task"]["name"] == "归档"
    # and the removed signers' steps say 减签, by carol, with her reason (not the engine's words)
    history = await env.client.get(
        "/flowable/task/historicTaskList", params={"procInsId": pid}, headers=env.headers("u-alice")
    )
    removed = {
        s["assigneeName"]: (s["comment"]["status"], s["comment"]["message"], s["comment"].get("by"))
        for s in history.json()
        if s["histIns"]["activityId"] == "vote" and s["assigneeName"] in ("格蕾丝", "弗兰克")
    }
    assert removed == {"格蕾丝": ("减签", "不需要", "卡罗尔"), "弗兰克": ("减签", "不需要", "卡罗尔")}
    # in English, the platform's own words (the status, the durations) are English too
    english = await env.client.get(
        "/flowable/task/historicTaskList",
        params={"procInsId": pid},
        headers={**env.headers("u-alice"), "Accept-Language": "en-US"},
    )
    statuses = {s["comment"]["status"] for s in english.json()}
    assert {"Started", "Signer removed", "Agreed"} <= statuses, statuses
    assert not any("秒" in s["durationTime"] for s in english.json())


async def test_del_sign_refuses_to_remove_every_voter(env: Env) -> None:
    # given: a countersign with five voters
    await deploy(env, "sign", "会签流程", COUNTERSIGN, SIGN_EXT)
    pid = await start(env, "u-alice", "sign", "全减")
    task = (await task_of(env, "u-carol", pid))["task"]["id"]
    # when: carol tries to remove all of them
    answer = await env.client.post(
        "/flowable/task/delSignTask",
        data={"taskId": task, "userIds": "u-carol,u-dave,u-erin,u-frank,u-grace"},
        headers=env.headers("u-carol"),
    )
    # then: refused with a clear message
    assert answer.status_code in (400, 409), answer.text
    assert "至少要保留一位审批人" in answer.json()["msg"]


async def test_only_named_starters_may_start_and_see_a_restricted_process(env: Env) -> None:
    # given: a process startable by role r-boss (erin) and user bob, and an open one
    await deploy(env, "boss_only", "总经理发起", RESTRICTED)
    await deploy(env, "grp", "角色待办", GROUP_TASK)
    # when: alice (neither) and erin (r-boss) start it
    refused = await env.client.post(
        "/flowable/task/start",
        params={"procDefKey": "boss_only", "title": "x"},
        headers=env.headers("u-alice"),
    )
    allowed = await env.client.post(
        "/flowable/task/start",
        params={"procDefKey": "boss_only", "title": "y"},
        headers=env.headers("u-erin"),
    )
    # then: alice is refused in zh-CN, erin starts it; the start list shows alice only the open one
    assert refused.status_code == 403, refused.text
    assert refused.json()["msg"] == "您没有发起流程'总经理发起'的权限，请联系管理员"
    assert allowed.status_code == 200, allowed.text
    for user, keys in (
        ("u-alice", {"grp"}),
        ("u-bob", {"grp", "boss_only"}),
        ("u-erin", {"grp", "boss_only"}),
    ):
        listed = await env.client.get(
            "/flowable/process/list", params={"startable": "1", "size": 50}, headers=env.headers(user)
        )
        assert {r["key"] for r in listed.json()["records"]} == keys, user


async def test_a_task_offered_to_a_role_is_in_the_todo_of_its_members_who_may_complete_it(env: Env) -> None:
    # given: a task offered to role r-hr (carol and dave), not to alice
    await deploy(env, "grp", "角色待办", GROUP_TASK)
    pid = await start(env, "u-alice", "grp", "角色")
    # when: carol and alice look at their todo
    carol = await task_of(env, "u-carol", pid)
    # then: carol sees it to claim, alice does not; dave completes it through the role
    assert carol["status"] == "claim"
    assert not [r for r in await todo(env, "u-alice") if r["task"]["processInstanceId"] == pid]
    done = await audit(env, "u-dave", carol["task"]["id"])
    assert done.status_code == 200, done.text
    assert not [r for r in await todo(env, "u-carol") if r["task"]["processInstanceId"] == pid]


async def test_the_seeded_task_notifier_queues_a_notice_for_the_candidates(env: Env) -> None:
    # given: a task whose create listener is ${taskNotifier}
    await deploy(env, "grp", "角色待办", GROUP_TASK)
    # when: the process starts
    pid = await start(env, "u-alice", "grp", "通知")
    # then: a loom.workflow.task.notified message for group r-hr is in the outbox
    rt = env.app.state.runtime

    def read(tx: object) -> list[bytes]:
        rows = tx.conn.execute("SELECT subject, payload FROM loom_outbox").fetchall()  # type: ignore[attr-defined]
        return [p for r in rows for s, p in carried(r[0], bytes(r[1])) if s == "loom.workflow.task.notified"]

    from loom_contracts.loom.workflow.v1 import events_pb2

    notices = [events_pb2.TaskEvent.FromString(p) for p in await rt.query(read)]
    mine = [n for n in notices if n.proc_inst_id == pid]
    assert mine and list(mine[0].user_ids) == ["group:r-hr"]


async def test_history_keeps_the_form_values_after_the_instance_ends(env: Env) -> None:
    # given: an instance started with form values that a handler changes
    await deploy(env, "grp", "角色待办", GROUP_TASK)
    pid = await start(env, "u-alice", "grp", "表单", days=3, reason="探亲")
    task = (await task_of(env, "u-carol", pid))["task"]["id"]
    # when: carol completes it with days=5 and the instance ends
    await audit(env, "u-carol", task, vars={"days": 5})
    answer = await env.client.get(
        "/flowable/process/historicVariables", params={"procInsId": pid}, headers=env.headers()
    )
    # then: the history shows the last values
    assert answer.status_code == 200, answer.text
    values = answer.json()
    assert values["days"] == 5 and values["reason"] == "探亲" and values["title"] == "表单"
