"""A node's deadline through the HTTP API and a real worker: the todo list shows it due, then
overdue; on expiry the task moves to the user the node names (超时转办), once."""

from __future__ import annotations

import asyncio

from ..conftest import Env
from .helpers import start, task_of, todo
from .test_approver_policy import _deploy, _open
from .test_operations import steps, worker


async def test_a_deadline_shows_in_the_todo_list_and_transfers_the_task_when_it_passes(env: Env) -> None:
    # given: the review is due one second after it is created and then goes to erin
    rules = {"t1": ("user", "u-bob"), "t2": ("user", "u-frank"), "t3": ("user", "u-erin")}
    await _deploy(
        env,
        rules,
        {"t1": {"dueDuration": "PT1S", "dueAction": "transfer", "dueTransferTo": "u-erin"}},
    )
    pid = await start(env, "u-alice", "pol", "超时转办")
    row = await task_of(env, "u-bob", pid)
    # then: due in a second, not overdue yet
    assert row["task"]["dueDate"] and row["task"]["overdue"] is False
    # when: the scheduler hands the due job to a worker
    async with worker(env):
        for _ in range(100):
            if await _open(env, "u-erin", pid):
                break
            await asyncio.sleep(0.1)
    # then: erin has it, bob no longer; the history says why, once
    assert await _open(env, "u-erin", pid) == ["审批"]
    assert await _open(env, "u-bob", pid) == []
    assert [s[2] for s in await steps(env, pid)].count("超时转办") == 1
    assert not [r for r in await todo(env, "u-bob") if r["task"]["processInstanceId"] == pid]
