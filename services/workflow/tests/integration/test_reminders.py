"""催办 is rate-limited: one per instance and urging user, and each handler hears of a task at most
once, within ten minutes."""

from __future__ import annotations

from typing import Any

from ..conftest import ADMIN, Env
from .helpers import deploy, start, task_of
from .test_operations import SIMPLE, SIMPLE_EXT


async def test_a_second_reminder_by_the_same_user_within_ten_minutes_is_refused(env: Env) -> None:
    # given
    await deploy(env, "simple", "简单流程", SIMPLE, SIMPLE_EXT)
    pid = await start(env, "u-alice", "simple", "催办两次")
    assert await task_of(env, "u-bob", pid)

    async def urge(lang: str | None = None) -> Any:
        return await env.client.post(
            "/flowable/task/urge",
            data={"procInsId": pid, "message": "快"},
            headers=env.headers("u-alice", lang),
        )

    # when
    first = await urge()
    second = await urge()
    english = await urge("en-US")
    # then
    assert first.status_code == 200, first.text
    assert second.status_code == 400
    assert second.json()["msg"] == "您已催办过该流程，10分钟内请勿重复催办"
    assert "wait 10 minutes" in english.json()["msg"]


async def test_the_handler_hears_of_a_task_once_whoever_urges(env: Env) -> None:
    # given
    await deploy(env, "simple", "简单流程", SIMPLE, SIMPLE_EXT)
    pid = await start(env, "u-alice", "simple", "两人催办")
    await task_of(env, "u-bob", pid)
    runtime = env.app.state.runtime
    # when alice and then the administrator urge it
    for user in ("u-alice", ADMIN):
        answer = await env.client.post(
            "/flowable/task/urge", data={"procInsId": pid, "message": "快"}, headers=env.headers(user)
        )
        assert answer.status_code == 200, answer.text
    # then bob is notified once
    urged = await runtime.query(
        lambda tx: tx.conn.execute(
            "SELECT count(*) FROM loom_outbox WHERE subject = 'loom.workflow.task.urged' "
            "AND position(convert_to(%s, 'UTF8') in payload) > 0",
            (pid,),
        ).fetchone()[0]
    )
    assert urged == 1
