"""减签 re-evaluates the countersign's completion condition: a removal that satisfies it completes the
node at once; one after which it could never be met is refused before anything is removed."""

from __future__ import annotations

from typing import Any

from ..conftest import Env
from .helpers import audit, deploy, start, task_of, todo
from .test_operations import COUNTERSIGN, SIGN_EXT

THREE_OF = COUNTERSIGN.replace(
    "${nrOfCompletedInstances/nrOfInstances >= 0.6}", "${nrOfCompletedInstances >= 3}"
).replace('id="sign"', 'id="sign3"')


async def _remove(env: Env, user: str, task_id: str, users: str) -> Any:
    return await env.client.post(
        "/flowable/task/delSignTask",
        data={"taskId": task_id, "userIds": users, "comment": ""},
        headers=env.headers(user),
    )


async def test_removing_signers_that_satisfies_sixty_percent_completes_the_node_at_once(env: Env) -> None:
    # given: five voters, carol and dave agreed (2/5 = 40%)
    await deploy(env, "sign", "会签流程", COUNTERSIGN, SIGN_EXT)
    pid = await start(env, "u-alice", "sign", "减签即通过")
    for user in ("u-carol", "u-dave"):
        await audit(env, user, (await task_of(env, user, pid))["task"]["id"])
    # when: erin removes frank and grace (2/3 = 67%)
    answer = await _remove(
        env, "u-erin", (await task_of(env, "u-erin", pid))["task"]["id"], "u-frank,u-grace"
    )
    # then: the vote is over without erin's vote; the initiator archives
    assert answer.status_code == 200, answer.text
    assert (await task_of(env, "u-alice", pid))["task"]["name"] == "归档"
    for user in ("u-erin", "u-frank", "u-grace"):
        assert not [r for r in await todo(env, user) if r["task"]["processInstanceId"] == pid]


async def test_a_removal_after_which_the_condition_cannot_hold_is_refused(env: Env) -> None:
    # given: three approvals needed of five voters
    await deploy(env, "sign3", "三人会签", THREE_OF, [dict(n, processDefId="sign3") for n in SIGN_EXT])
    pid = await start(env, "u-alice", "sign3", "三人通过")
    carol = (await task_of(env, "u-carol", pid))["task"]["id"]
    # when: carol would leave two voters
    zh = await _remove(env, "u-carol", carol, "u-erin,u-frank,u-grace")
    en = await env.client.post(
        "/flowable/task/delSignTask",
        data={"taskId": carol, "userIds": "u-erin,u-frank,u-grace"},
        headers=env.headers("u-carol", "en-US"),
    )
    # then: refused, and nobody was removed
    assert zh.status_code == 400, zh.text
    assert zh.json()["msg"] == "减签后会签的完成条件再也无法满足，无法减签"
    assert "could never be met" in en.json()["msg"]
    for user in ("u-erin", "u-frank", "u-grace"):
        assert (await task_of(env, user, pid))["task"]["name"] == "会签"
