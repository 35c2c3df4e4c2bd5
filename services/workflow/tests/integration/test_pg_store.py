"""The PostgreSQL store: revision-checked writes and the instance lock."""

from __future__ import annotations

import dataclasses
import threading
import time
from typing import Any

import pytest

from loom_workflow.engine.commands import CompleteTask, StartProcess
from loom_workflow.engine.errors import ConcurrentModification
from loom_workflow.engine.runtime.entities import Execution, Task
from loom_workflow.engine.store.protocol import ChangeSet

from ..conftest import Env
from ..unit.engine.harness import cyclic_garbage
from .helpers import deploy, flow, process

ONE = process(
    "one",
    "一步",
    '<startEvent id="s"/><userTask id="t" name="办理" flowable:assignee="u-bob"/>'
    '<endEvent id="e"/>' + flow("f1", "s", "t") + flow("f2", "t", "e"),
)


async def _one_task(env: Env) -> tuple[Any, Any, Task]:
    """A started one-step instance: the runtime, the instance and its open task as read now."""
    await deploy(env, "one", "一步", ONE)
    runtime = env.app.state.runtime
    instance = await runtime.run(StartProcess(key="one"))
    with runtime.store.transaction() as tx:
        task = tx.rows(Task, "proc_inst_id = %s", (instance.id,))[0]
    return runtime, instance, task


async def test_a_stale_revision_is_refused(env: Env) -> None:
    # given
    runtime, _, task = await _one_task(env)
    renamed = dataclasses.replace(task, name="改名", revision=task.revision + 1)
    with runtime.store.transaction() as tx:
        tx.write(ChangeSet(updates=[renamed]))
    # when / then: the same update again carries a revision that is no longer current
    with pytest.raises(ConcurrentModification), runtime.store.transaction() as tx:
        tx.write(ChangeSet(updates=[renamed]))


async def test_a_stale_delete_is_refused_and_nothing_is_written(env: Env) -> None:
    # given: the task was changed after it was read
    runtime, instance, task = await _one_task(env)
    with runtime.store.transaction() as tx:
        tx.write(ChangeSet(updates=[dataclasses.replace(task, name="改名", revision=task.revision + 1)]))
    # when: a command deletes it with the revision it read, and renames the instance in the same write
    (execution,) = [e for e in _executions(runtime, instance.id) if e.id == instance.id]
    renamed = dataclasses.replace(execution, name="新名", revision=execution.revision + 1)
    with (
        pytest.raises(ConcurrentModification, match=f"Task {task.id}"),
        runtime.store.transaction() as tx,
    ):
        tx.write(ChangeSet(updates=[renamed], deletes=[task]))
    # then: the task is still there and the rename did not land either
    with runtime.store.transaction() as tx:
        assert tx.rows(Task, "id = %s", (task.id,))[0].name == "改名"
    assert [e.name for e in _executions(runtime, instance.id) if e.id == instance.id] == [execution.name]


async def test_a_stale_row_among_several_updated_together_is_refused(env: Env) -> None:
    # given: an instance with two executions, one of them changed after both were read
    await deploy(env, "one", "一步", ONE)
    runtime = env.app.state.runtime
    instance = await runtime.run(StartProcess(key="one"))
    first, second = _executions(runtime, instance.id)
    with runtime.store.transaction() as tx:
        tx.write(ChangeSet(updates=[dataclasses.replace(second, revision=second.revision + 1)]))
    # when: both are updated in one write (one statement for the two rows)
    both = [dataclasses.replace(e, name="x", revision=e.revision + 1) for e in (first, second)]
    with pytest.raises(ConcurrentModification), runtime.store.transaction() as tx:
        tx.write(ChangeSet(updates=both))
    # then
    assert [e.name for e in _executions(runtime, instance.id)] == [first.name, second.name]


def _executions(runtime: object, proc_inst_id: str) -> list[Execution]:
    with runtime.store.transaction() as tx:  # type: ignore[attr-defined]
        return tx.rows(Execution, "proc_inst_id = %s ORDER BY id", (proc_inst_id,))  # type: ignore[no-any-return]


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


async def test_a_nodes_reviewer_rules_and_settings_are_read_through_the_store_once_per_command(
    env: Env,
) -> None:
    # given: the leave process with rules and an approver setting at its first node
    from .helpers import LEAVE, node

    ext = node("leave", "dept", [("user", "u-bob"), ("role", "r-hr")], [("_flow_agree", "同意")])
    await deploy(env, "leave", "请假流程", LEAVE, [ext])
    runtime = env.app.state.runtime
    # when read in a command's transaction, twice
    with runtime.store.transaction() as tx:
        assert runtime.store.current_tx() is tx
        first = runtime.store.node_rules("leave", "dept")
        second = runtime.store.node_rules("leave", "dept")
    # then: one read (the same answer), the rules in order
    assert first is second
    assert [(r[0], r[1]) for r in first.rules] == [("user", "u-bob"), ("role", "r-hr")]
    # and outside a command, a transaction of its own answers the same
    assert runtime.store.node_rules("leave", "dept").rules == first.rules
    assert runtime.store.node_rules("leave", "nowhere").rules == []


async def test_commands_on_postgresql_leave_nothing_for_the_cyclic_collector(env: Env) -> None:
    # given a started instance, the runtime warmed up (definitions and rules cached, as in a service)
    runtime, _, task = await _one_task(env)
    await runtime.run(CompleteTask(task.id, {}))
    with cyclic_garbage() as left_by:
        # when another is started and its task completed, as the service runs them
        instance = await runtime.run(StartProcess(key="one"))
        with runtime.store.transaction() as tx:
            task = tx.rows(Task, "proc_inst_id = %s", (instance.id,))[0]
        await runtime.run(CompleteTask(task.id, {}))
        # then the collector finds nothing of the engine or its store: every command's graph was freed
        # when it returned (a cycle per command paused an API process 25-65 ms every few seconds)
        left = left_by()
    assert left == [], f"reference cycles left by the commands: {left}"
