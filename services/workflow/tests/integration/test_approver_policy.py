"""A node's approver policy: rules naming nobody (error by default, skip, administrator) and
automatic approval (the approver started the instance, or already approved an earlier node)."""

from __future__ import annotations

from typing import Any

from ..conftest import ADMIN, Env
from .helpers import audit, deploy, flow, node, process, start, task_of, todo
from .test_operations import steps

THREE = process(
    "pol",
    "审批策略",
    '<startEvent id="start" flowable:initiator="applyUserId"/><userTask id="t1" name="审批"/>'
    '<userTask id="t2" name="复核"/><userTask id="t3" name="归档"/><endEvent id="end"/>'
    + flow("f1", "start", "t1")
    + flow("f2", "t1", "t2")
    + flow("f3", "t2", "t3")
    + flow("f4", "t3", "end"),
)


async def _deploy(env: Env, rules: dict[str, tuple[str, str]], settings: dict[str, dict[str, str]]) -> None:
    await deploy(env, "pol", "审批策略", THREE, [node("pol", n, [r]) for n, r in rules.items()])
    items = [
        {"processDefId": "pol", "taskDefId": n, "key": k, "value": v}
        for n, values in settings.items()
        for k, v in values.items()
    ]
    if items:
        saved = await env.client.post("/extension/nodeSetting/save", json=items, headers=env.headers())
        assert saved.status_code == 200, saved.text


async def _open(env: Env, user: str, pid: str) -> list[str]:
    return [r["task"]["name"] for r in await todo(env, user) if r["task"]["processInstanceId"] == pid]


async def _ended(env: Env, pid: str) -> Any:
    answer = await env.client.get(
        "/flowable/process/queryProcessStatus", params={"procInsId": pid}, headers=env.headers()
    )
    return answer.json()


NOBODY = {"t1": ("user", "u-bob"), "t2": ("post", "p-nobody"), "t3": ("user", "u-erin")}


async def test_rules_naming_nobody_stop_the_operation_with_a_clear_error_by_default(env: Env) -> None:
    # given
    await _deploy(env, NOBODY, {})
    pid = await start(env, "u-alice", "pol", "无人默认")
    # when
    zh = await audit(env, "u-bob", (await task_of(env, "u-bob", pid))["task"]["id"])
    en = await audit(env, "u-bob", (await task_of(env, "u-bob", pid))["task"]["id"], lang="en-US")
    # then: refused, bob's task is still open
    assert zh.status_code == 400 and zh.json()["msg"] == "节点[复核]的审批人为空，请联系管理员设置审批人"
    assert en.status_code == 400 and en.json()["msg"].startswith("Node [复核] has no approver")
    assert await _open(env, "u-bob", pid) == ["审批"]


async def test_rules_naming_nobody_skip_the_node_when_it_says_so(env: Env) -> None:
    # given
    await _deploy(env, NOBODY, {"t2": {"emptyApprover": "skip"}})
    pid = await start(env, "u-alice", "pol", "无人跳过")
    # when
    answer = await audit(env, "u-bob", (await task_of(env, "u-bob", pid))["task"]["id"])
    # then: the review is skipped, recorded as such, and the archive is next
    assert answer.status_code == 200, answer.text
    assert await _open(env, "u-erin", pid) == ["归档"]
    assert ("t2", "", "自动跳过") in await steps(env, pid)


async def test_rules_naming_nobody_go_to_the_administrator_when_it_says_so(env: Env) -> None:
    # given
    await _deploy(env, NOBODY, {"t2": {"emptyApprover": "admin"}})
    pid = await start(env, "u-alice", "pol", "无人管理员")
    # when
    await audit(env, "u-bob", (await task_of(env, "u-bob", pid))["task"]["id"])
    # then
    assert await _open(env, ADMIN, pid) == ["复核"]
    assert "转管理员" in [s[2] for s in await steps(env, pid) if s[0] == "t2"]
    await audit(env, ADMIN, (await task_of(env, ADMIN, pid))["task"]["id"])
    assert await _open(env, "u-erin", pid) == ["归档"]


async def test_the_initiator_as_approver_approves_automatically(env: Env) -> None:
    # given: the first node is the initiator's
    rules = {"t1": ("applyUserId", ""), "t2": ("user", "u-bob"), "t3": ("user", "u-erin")}
    await _deploy(env, rules, {"t1": {"autoApprove": "initiator"}})
    # when
    pid = await start(env, "u-alice", "pol", "发起人自动")
    # then
    assert await _open(env, "u-alice", pid) == []
    assert await _open(env, "u-bob", pid) == ["复核"]
    assert ("t1", "爱丽丝", "自动通过") in await steps(env, pid)


async def test_an_approver_who_approved_an_earlier_node_approves_automatically(env: Env) -> None:
    # given: bob approves the first node and is the second's approver too
    rules = {"t1": ("user", "u-bob"), "t2": ("user", "u-bob"), "t3": ("user", "u-erin")}
    await _deploy(env, rules, {"t2": {"autoApprove": "initiator,approved"}})
    pid = await start(env, "u-alice", "pol", "已审自动")
    # when
    await audit(env, "u-bob", (await task_of(env, "u-bob", pid))["task"]["id"])
    # then
    assert await _open(env, "u-bob", pid) == []
    assert await _open(env, "u-erin", pid) == ["归档"]
    assert ("t2", "鲍勃", "自动通过") in await steps(env, pid)


async def test_without_the_option_the_same_approver_approves_again(env: Env) -> None:
    # given
    rules = {"t1": ("user", "u-bob"), "t2": ("user", "u-bob"), "t3": ("user", "u-erin")}
    await _deploy(env, rules, {})
    pid = await start(env, "u-alice", "pol", "不自动")
    # when
    await audit(env, "u-bob", (await task_of(env, "u-bob", pid))["task"]["id"])
    # then
    assert await _open(env, "u-bob", pid) == ["复核"]
