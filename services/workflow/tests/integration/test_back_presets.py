"""退回 presets (驳回到发起人, 驳回到上一步) and the node option under which a resubmission goes
straight back to the node that sent it back, through the HTTP API."""

from __future__ import annotations

from ..conftest import Env
from .helpers import audit, deploy, start, task_of, todo
from .test_operations import PAR_EXT, PARALLEL, steps


async def _through_the_branches(env: Env) -> tuple[str, str]:
    """An instance of the parallel process at its final node (accountant first, cashier last)."""
    await deploy(env, "par", "并行流程", PARALLEL, PAR_EXT)
    pid = await start(env, "u-alice", "par", "并行")
    await audit(env, "u-alice", (await task_of(env, "u-alice", pid))["task"]["id"])
    await audit(env, "u-bob", (await task_of(env, "u-bob", pid))["task"]["id"])
    await audit(env, "u-frank", (await task_of(env, "u-frank", pid))["task"]["id"])
    return pid, (await task_of(env, "u-erin", pid))["task"]["id"]


async def _open(env: Env, user: str, pid: str) -> list[str]:
    return [r["task"]["name"] for r in await todo(env, user) if r["task"]["processInstanceId"] == pid]


async def test_back_to_the_initiator_sends_the_task_to_the_initiators_node(env: Env) -> None:
    # given
    pid, final = await _through_the_branches(env)
    # when
    answer = await env.client.put(
        "/flowable/task/back",
        params={"taskId": final, "backType": "initiator", "message": "重填"},
        headers=env.headers("u-erin"),
    )
    # then: the applicant fills again; both branches are cut
    assert answer.status_code == 200, answer.text
    assert await _open(env, "u-alice", pid) == ["填写"]
    assert await _open(env, "u-bob", pid) == [] and await _open(env, "u-frank", pid) == []


async def test_back_to_the_previous_step_sends_the_task_to_the_last_completed_node(env: Env) -> None:
    # given: the cashier (b) approved last
    pid, final = await _through_the_branches(env)
    # when
    answer = await env.client.put(
        "/flowable/task/backNodes",
        params={"taskId": final, "backType": "previous"},
        headers=env.headers("u-erin"),
    )
    # then: the cashier again, the accountant's approval stands, the join waits for the cashier
    assert answer.status_code == 200, answer.text
    assert await _open(env, "u-frank", pid) == ["出纳"]
    assert await _open(env, "u-bob", pid) == []
    await audit(env, "u-frank", (await task_of(env, "u-frank", pid))["task"]["id"])
    assert await _open(env, "u-erin", pid) == ["总经理"]


async def test_an_unknown_back_type_is_refused_in_the_callers_language(env: Env) -> None:
    # given
    _, final = await _through_the_branches(env)
    # when
    zh = await env.client.put(
        "/flowable/task/back", params={"taskId": final, "backType": "nowhere"}, headers=env.headers("u-erin")
    )
    en = await env.client.put(
        "/flowable/task/back",
        params={"taskId": final, "backType": "nowhere"},
        headers=env.headers("u-erin", "en-US"),
    )
    # then
    assert zh.status_code == 400 and zh.json()["msg"].startswith("退回方式[nowhere]无效")
    assert en.status_code == 400 and en.json()["msg"].startswith("Unknown way of sending back [nowhere]")


async def test_with_back_return_the_resubmission_goes_straight_back_to_the_sender(env: Env) -> None:
    # given: the final node asks for resubmissions to come straight back
    pid, final = await _through_the_branches(env)
    saved = await env.client.post(
        "/extension/nodeSetting/save",
        json=[{"processDefId": "par", "taskDefId": "final", "key": "backReturn", "value": "1"}],
        headers=env.headers(),
    )
    assert saved.status_code == 200, saved.text
    backed = await env.client.put(
        "/flowable/task/back",
        params={"taskId": final, "backType": "initiator"},
        headers=env.headers("u-erin"),
    )
    assert backed.status_code == 200, backed.text
    # when: the applicant resubmits
    answer = await audit(env, "u-alice", (await task_of(env, "u-alice", pid))["task"]["id"], "已补充")
    # then: the general manager again, without the branches in between
    assert answer.status_code == 200, answer.text
    assert await _open(env, "u-erin", pid) == ["总经理"]
    assert await _open(env, "u-bob", pid) == [] and await _open(env, "u-frank", pid) == []
    assert [s[0] for s in await steps(env, pid)].count("fill") == 2


async def test_without_back_return_the_resubmission_follows_the_flow(env: Env) -> None:
    # given
    pid, final = await _through_the_branches(env)
    await env.client.put(
        "/flowable/task/back",
        params={"taskId": final, "backType": "initiator"},
        headers=env.headers("u-erin"),
    )
    # when
    await audit(env, "u-alice", (await task_of(env, "u-alice", pid))["task"]["id"])
    # then
    assert await _open(env, "u-bob", pid) == ["会计"] and await _open(env, "u-frank", pid) == ["出纳"]
    assert await _open(env, "u-erin", pid) == []
