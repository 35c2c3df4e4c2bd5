"""The PostgreSQL store: revision-checked writes and the instance lock."""

from __future__ import annotations

import dataclasses
import threading
import time

import pytest

from loom_workflow.engine.commands import CompleteTask, StartProcess
from loom_workflow.engine.errors import ConcurrentModification
from loom_workflow.engine.runtime.entities import Task
from loom_workflow.engine.store.protocol import ChangeSet

from ..conftest import Env
from .helpers import deploy, flow, process

ONE = process(
    "one",
    "一步",
    '<startEvent id="s"/><userTask id="t" name="办理" flowable:assignee="u-bob"/>'
    '<endEvent id="e"/>' + flow("f1", "s", "t") + flow("f2", "t", "e"),
)


async def test_a_stale_revision_is_refused(env: Env) -> None:
    # given
    await deploy(env, "one", "一步", ONE)
    runtime = env.app.state.runtime
    instance = await runtime.run(StartProcess(key="one"))
    with runtime.store.transaction() as tx:
        task = tx.rows(Task, "proc_inst_id = %s", (instance.id,))[0]
    renamed = dataclasses.replace(task, name="改名", revision=task.revision + 1)
    with runtime.store.transaction() as tx:
        tx.write(ChangeSet(updates=[renamed]))
    # when / then: the same update again carries a revision that is no longer current
    with pytest.raises(ConcurrentModification), runtime.store.transaction() as tx:
        tx.write(ChangeSet(updates=[renamed]))


async def test_a_command_waits_for_the_instance_lock(env: Env) -> None:
    # given
    await deploy(env, "one", "一步", ONE)
    runtime = env.app.state.runtime
    instance = await runtime.run(StartProcess(key="one"))
    with runtime.store.transaction() as tx:
        task = tx.rows(Task, "proc_inst_id = %s", (instance.id,))[0]
    released = threading.Event()

    def hold() -> None:
        with runtime.store.transaction() as tx:
            tx.lock_instance(instance.id)
            time.sleep(0.5)
        released.set()

    holder = threading.Thread(target=hold)
    holder.start()
    time.sleep(0.1)
    # when
    began = time.monotonic()
    await runtime.run(CompleteTask(task.id), user_id="u-bob")
    waited = time.monotonic() - began
    holder.join()
    # then
    assert released.is_set() and waited >= 0.3
