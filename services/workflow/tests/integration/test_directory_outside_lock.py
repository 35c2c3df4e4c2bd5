"""A slow sys never holds an instance lock nor delays others (issue 38): a command that needs an answer
of sys (a reviewer rule) rolls back, the answer is fetched outside the lock and the command runs again;
the answer is cached until sys announces a change."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Sequence
from typing import Any

import psycopg
import pytest

from loom_workflow.pgstore.store import conninfo

from ..conftest import Env
from .helpers import audit, deploy, flow, node, process, start, task_of

DELAY = 2.0
RULED = process(
    "slowsys",
    "目录较慢",
    '<startEvent id="start" flowable:initiator="applyUserId"/>'
    '<userTask id="t1" name="申请" flowable:assignee="${applyUserId}"/>'
    '<userTask id="t2" name="审批"/><endEvent id="end"/>'
    + flow("f1", "start", "t1")
    + flow("f2", "t1", "t2")
    + flow("f3", "t2", "end"),
)


class SlowSys:
    """The real sys directory, answering reviewer questions ``DELAY`` seconds late."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.asked = asyncio.Event()

    async def resolve_reviewers(self, rules: Sequence[tuple[str, str]], **context: str) -> list[str]:
        self.asked.set()
        await asyncio.sleep(DELAY)
        return list(await self.real.resolve_reviewers(rules, **context))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


@pytest.fixture
async def slow_sys(env: Env) -> AsyncIterator[SlowSys]:
    answers = env.app.state.runtime.resolver.answers
    real = answers._directory
    slow = answers._directory = SlowSys(real)
    answers.forget()
    yield slow
    answers._directory = real
    answers.forget()


def _locked(env: Env, proc_inst_id: str) -> bool:
    """Whether another transaction holds the instance's lock (its root execution row)."""
    with psycopg.connect(conninfo(env.settings.database_url)) as conn:
        try:
            conn.execute("SELECT id FROM act_ru_execution WHERE id = %s FOR UPDATE NOWAIT", (proc_inst_id,))
        except psycopg.errors.LockNotAvailable:
            return True
        return False


async def test_a_slow_sys_holds_no_instance_lock_and_delays_no_one_else(env: Env, slow_sys: SlowSys) -> None:
    # given: as many instances waiting at a ruled node as the engine has threads, and another one
    await deploy(env, "slowsys", "目录较慢", RULED, [node("slowsys", "t2", [("user", "u-bob")])])
    users = ["u-alice", "u-carol", "u-dave", "u-erin", "u-frank", "u-grace"]
    threads = env.settings.engine_threads
    busy = [await start(env, users[i % len(users)], "slowsys", f"慢{i}") for i in range(threads)]
    other = await start(env, "u-alice", "slowsys", "其他")
    tasks = [(await task_of(env, users[i % len(users)], pid))["task"]["id"] for i, pid in enumerate(busy)]
    # when: each hands its request on to the ruled node (sys answers only after 2 s)...
    handing = [asyncio.create_task(audit(env, users[i % len(users)], t)) for i, t in enumerate(tasks)]
    await asyncio.wait_for(slow_sys.asked.wait(), 10)
    # ...another user acts on another instance meanwhile
    began = time.perf_counter()
    stopped = await env.client.put(
        "/flowable/process/stop", params={"id": other, "message": "撤销"}, headers=env.headers("u-alice")
    )
    elapsed = time.perf_counter() - began
    # then: not delayed by sys, and no instance waiting for sys is locked
    assert stopped.status_code == 200, stopped.text
    assert elapsed < DELAY / 2, f"another instance's command took {elapsed:.2f} s"
    assert not any(_locked(env, pid) for pid in busy)
    answers = await asyncio.gather(*handing)
    assert all(a.status_code == 200 for a in answers), [a.text for a in answers]
    assert (await task_of(env, "u-bob", busy[0]))["task"]["name"] == "审批"


async def test_an_answer_of_sys_is_asked_once_until_sys_announces_a_change(
    env: Env, slow_sys: SlowSys
) -> None:
    # given: one answer fetched (slowly)
    await deploy(env, "slowsys", "目录较慢", RULED, [node("slowsys", "t2", [("user", "u-bob")])])
    first, second = [await start(env, "u-alice", "slowsys", n) for n in ("一", "二")]
    answers = env.app.state.runtime.resolver.answers
    await audit(env, "u-alice", (await task_of(env, "u-alice", first))["task"]["id"])
    asked = answers.asked
    # when: the same rule again, then after sys says a user changed
    began = time.perf_counter()
    await audit(env, "u-alice", (await task_of(env, "u-alice", second))["task"]["id"])
    cached = time.perf_counter() - began
    answers.on_sys_change("loom.sys.user.changed")
    third = await start(env, "u-alice", "slowsys", "三")
    await audit(env, "u-alice", (await task_of(env, "u-alice", third))["task"]["id"])
    # then: served from the cache at once, asked again after the change
    assert cached < DELAY / 2 and answers.asked == asked + 1
    for pid in (first, second, third):
        assert (await task_of(env, "u-bob", pid))["task"]["name"] == "审批"
