"""The task center's own endpoints: copies (抄送), the home counts, an instance's form data and
saving a task's form without completing it, and the to-do search."""

from __future__ import annotations

import pytest

from ..conftest import Env
from .helpers import LEAVE, audit, deploy, node, start, task_of, todo

pytestmark = pytest.mark.asyncio

EXTENSIONS = [
    node("leave", "dept", [("user", "u-bob")], [("_flow_agree", "同意"), ("_flow_save", "保存")]),
    node("leave", "hr", [("role", "r-hr")]),
]


async def _leave(env: Env, title: str = "年假", days: int = 5) -> str:
    await deploy(env, "leave", "请假流程", LEAVE, EXTENSIONS)
    return await start(env, "u-alice", "leave", title, days=days)


async def test_a_handler_copies_an_instance_and_the_receiver_reads_it(env: Env) -> None:
    # given alice's leave waiting for bob
    pid = await _leave(env)
    task = await task_of(env, "u-bob", pid)
    # when bob copies it to grace at his node
    sent = await env.client.post(
        "/extension/flowCopy/save",
        data={"procInsId": pid, "taskId": task["task"]["id"], "userIds": "u-grace"},
        headers=env.headers("u-bob"),
    )
    assert sent.status_code == 200, sent.text
    assert sent.json() == "抄送成功"
    # then grace sees one unread copy naming the node and the sender, and her count says so
    listed = (await env.client.get("/extension/flowCopy/list", headers=env.headers("u-grace"))).json()
    assert listed["total"] == 1
    copy = listed["records"][0]
    assert (copy["procInsId"], copy["procInsName"], copy["taskName"], copy["status"]) == (
        pid,
        "年假",
        "部门审批",
        "0",
    )
    assert copy["createBy"]["name"] == "鲍勃"
    counts = (await env.client.get("/flowable/task/overview", headers=env.headers("u-grace"))).json()
    assert counts["copyUnread"] == 1
    # and she may read the instance's data, which she could not before
    data = await env.client.get(
        "/flowable/task/variables", params={"procInsId": pid}, headers=env.headers("u-grace")
    )
    assert data.status_code == 200 and data.json()["days"] == 5
    # when she opens it, it is read
    read = await env.client.put(
        "/extension/flowCopy/read", params={"ids": copy["id"]}, headers=env.headers("u-grace")
    )
    assert read.status_code == 200
    again = (await env.client.get("/extension/flowCopy/list", headers=env.headers("u-grace"))).json()
    assert again["records"][0]["status"] == "1"
    assert (await env.client.get("/flowable/task/overview", headers=env.headers("u-grace"))).json()[
        "copyUnread"
    ] == 0


async def test_copying_twice_keeps_one_copy(env: Env) -> None:
    # given a copy to grace
    pid = await _leave(env)
    for _ in range(2):
        answer = await env.client.post(
            "/extension/flowCopy/save",
            data={"procInsId": pid, "userIds": "u-grace"},
            headers=env.headers("u-alice"),
        )
        assert answer.status_code == 200
    # then she has one
    assert (await env.client.get("/extension/flowCopy/list", headers=env.headers("u-grace"))).json()[
        "total"
    ] == 1


async def test_someone_outside_the_instance_can_neither_copy_nor_read_it(env: Env) -> None:
    # given alice's leave, which frank has nothing to do with
    pid = await _leave(env)
    # when frank tries to copy it, or to read its data
    copy = await env.client.post(
        "/extension/flowCopy/save",
        data={"procInsId": pid, "userIds": "u-frank"},
        headers=env.headers("u-frank"),
    )
    data = await env.client.get(
        "/flowable/task/variables", params={"procInsId": pid}, headers=env.headers("u-frank")
    )
    # then both are refused with the reason, in the caller's language
    assert copy.status_code == 403 and "发起人" in copy.json()["msg"]
    assert data.status_code == 403
    english = await env.client.get(
        "/flowable/task/variables", params={"procInsId": pid}, headers=env.headers("u-frank", "en-US")
    )
    assert english.json()["msg"].startswith("Only the initiator")
    # and a monitor may read it
    assert (
        await env.client.get("/flowable/task/variables", params={"procInsId": pid}, headers=env.headers())
    ).status_code == 200


async def test_a_copy_to_an_unknown_user_is_refused(env: Env) -> None:
    pid = await _leave(env)
    answer = await env.client.post(
        "/extension/flowCopy/save",
        data={"procInsId": pid, "userIds": "u-nobody"},
        headers=env.headers("u-alice"),
    )
    assert answer.status_code == 400 and "u-nobody" in answer.json()["msg"]
    empty = await env.client.post(
        "/extension/flowCopy/save", data={"procInsId": pid}, headers=env.headers("u-alice")
    )
    assert empty.status_code == 400 and empty.json()["msg"] == "请选择用户"


async def test_the_home_counts_follow_the_users_work(env: Env) -> None:
    # given two requests of alice, one of them finished by bob
    await deploy(env, "leave", "请假流程", LEAVE, EXTENSIONS)
    short = await start(env, "u-alice", "leave", "短假", days=1)
    await start(env, "u-alice", "leave", "长假", days=5)
    before = (await env.client.get("/flowable/task/overview", headers=env.headers("u-bob"))).json()
    assert before["todo"] == 2
    answer = await audit(env, "u-bob", (await task_of(env, "u-bob", short))["task"]["id"])
    assert answer.status_code == 200
    # then alice has one running of two, bob one task left
    alice = (await env.client.get("/flowable/task/overview", headers=env.headers("u-alice"))).json()
    assert (alice["applyRunning"], alice["applyTotal"], alice["todo"]) == (1, 2, 0)
    assert (await env.client.get("/flowable/task/overview", headers=env.headers("u-bob"))).json()["todo"] == 1


async def test_saving_a_form_keeps_the_values_and_the_task(env: Env) -> None:
    # given bob's task
    pid = await _leave(env, days=5)
    task_id = (await task_of(env, "u-bob", pid))["task"]["id"]
    # when he saves the form with a changed value
    saved = await env.client.post(
        "/flowable/task/saveForm",
        data={"taskId": task_id, "vars": '{"days": 2, "reason": "家事"}'},
        headers=env.headers("u-bob"),
    )
    assert saved.status_code == 200 and saved.json() == "保存成功"
    # then the task is still his and the instance carries the values, which decide the gateway
    assert (await task_of(env, "u-bob", pid))["task"]["id"] == task_id
    data = (
        await env.client.get(
            "/flowable/task/variables", params={"procInsId": pid}, headers=env.headers("u-bob")
        )
    ).json()
    assert (data["days"], data["reason"]) == (2, "家事")
    assert (await audit(env, "u-bob", task_id)).status_code == 200
    assert [r for r in await todo(env, "u-carol") if r["task"]["processInstanceId"] == pid] == []


async def test_only_the_handler_may_save_the_form(env: Env) -> None:
    pid = await _leave(env)
    task_id = (await task_of(env, "u-bob", pid))["task"]["id"]
    answer = await env.client.post(
        "/flowable/task/saveForm",
        data={"taskId": task_id, "vars": '{"days": 1}'},
        headers=env.headers("u-frank"),
    )
    assert answer.status_code == 403
    data = (
        await env.client.get("/flowable/task/variables", params={"procInsId": pid}, headers=env.headers())
    ).json()
    assert data["days"] == 5


async def test_the_todo_list_searches_by_title_and_process(env: Env) -> None:
    # given two requests waiting for bob
    await deploy(env, "leave", "请假流程", LEAVE, EXTENSIONS)
    await start(env, "u-alice", "leave", "年假申请", days=5)
    await start(env, "u-alice", "leave", "病假申请", days=2)

    async def titles(**params: str) -> list[str]:
        page = await env.client.get("/flowable/task/todo", params=params, headers=env.headers("u-bob"))
        assert page.status_code == 200, page.text
        return sorted(r["vars"]["title"] for r in page.json()["records"])

    # then a title narrows them, the process name matches both, another name none
    assert await titles(title="年假") == ["年假申请"]
    assert await titles(procDefName="请假") == ["年假申请", "病假申请"]
    assert await titles(procDefName="报销") == []
    page = (
        await env.client.get("/flowable/task/todo", params={"title": "病假"}, headers=env.headers("u-bob"))
    ).json()
    assert page["total"] == 1


async def test_the_running_list_shows_a_suspended_definitions_instances_as_suspended(env: Env) -> None:
    # given a running leave
    definition = await deploy(env, "leave", "请假流程", LEAVE, EXTENSIONS)
    pid = await start(env, "u-alice", "leave", "挂起", days=5)

    async def suspended() -> bool:
        page = await env.client.get("/flowable/process/runningData", headers=env.headers())
        assert page.status_code == 200, page.text
        return bool(next(r for r in page.json()["records"] if r["id"] == pid)["suspended"])

    assert await suspended() is False
    # when its definition is suspended, then activated
    answer = await env.client.put(
        "/flowable/process/update/suspend", params={"procDefId": definition}, headers=env.headers()
    )
    assert answer.status_code == 200, answer.text
    assert await suspended() is True
    await env.client.put(
        "/flowable/process/update/active", params={"procDefId": definition}, headers=env.headers()
    )
    assert await suspended() is False


async def test_suspending_an_instance_suspends_that_instance_only(env: Env) -> None:
    # given two running leaves of one definition
    definition = await deploy(env, "leave", "请假流程", LEAVE, EXTENSIONS)
    first = await start(env, "u-alice", "leave", "挂起这一个", days=5)
    second = await start(env, "u-alice", "leave", "照常办理", days=5)

    async def rows() -> dict[str, dict]:
        page = await env.client.get("/flowable/process/runningData", headers=env.headers())
        assert page.status_code == 200, page.text
        return {r["id"]: r for r in page.json()["records"]}

    # when the first instance is suspended (挂起 in 运行中流程)
    answer = await env.client.put(
        "/flowable/process/instance/suspend", params={"procInsId": first}, headers=env.headers()
    )
    assert answer.status_code == 200, answer.text
    assert answer.json() == "已挂起该流程实例"
    # then it alone waits: the definition and the other instance stay active
    listed = await rows()
    assert (listed[first]["suspended"], listed[first]["instanceSuspended"]) == (True, True)
    assert listed[first]["definitionSuspended"] is False
    assert listed[second]["suspended"] is False
    definitions = (
        await env.client.get("/flowable/process/list", params={"allVersions": "1"}, headers=env.headers())
    ).json()["records"]
    assert not next(d for d in definitions if d["id"] == definition)["suspended"]
    # and its task cannot be completed while the other's can
    blocked = await audit(env, "u-bob", (await task_of(env, "u-bob", first))["task"]["id"])
    assert blocked.status_code >= 400, blocked.text
    passed = await audit(env, "u-bob", (await task_of(env, "u-bob", second))["task"]["id"])
    assert passed.status_code == 200, passed.text
    # a second suspension says so; activating lets it run on
    again = await env.client.put(
        "/flowable/process/instance/suspend",
        params={"procInsId": first},
        headers=env.headers("u-admin", "en-US"),
    )
    assert again.status_code in (400, 409) and "already suspended" in again.json()["msg"], again.text
    active = await env.client.put(
        "/flowable/process/instance/active", params={"procInsId": first}, headers=env.headers()
    )
    assert active.status_code == 200 and active.json() == "已激活该流程实例", active.text
    assert (await rows())[first]["suspended"] is False


async def test_suspending_an_unknown_instance_is_a_clear_404(env: Env) -> None:
    # when an instance that does not exist is suspended
    answer = await env.client.put(
        "/flowable/process/instance/suspend", params={"procInsId": "nope"}, headers=env.headers()
    )
    # then the answer names it
    assert answer.status_code == 404, answer.text
    assert answer.json()["msg"] == "流程实例不存在或已结束"
