"""The unit of work: what a command reports to the store, revisions, optimistic locking."""

from __future__ import annotations

import pytest

from loom_workflow.engine import (
    ConcurrentModification,
    Engine,
    InMemoryStore,
    ManualClock,
    SequentialIdGenerator,
)
from loom_workflow.engine.runtime.entities import Execution, HistoricActivityInstance, Task
from loom_workflow.engine.session import Session
from loom_workflow.engine.store import ChangeSet

from .harness import bpmn, chain

TWO_TASKS = bpmn(
    '<startEvent id="s"/><userTask id="a" name="A"/><userTask id="b" name="B"/><endEvent id="e"/>'
    + chain("s", "a", "b", "e")
)


class RecordingStore(InMemoryStore):
    """Keeps every change set written."""

    def __init__(self) -> None:
        super().__init__()
        self.written: list[ChangeSet] = []

    def _apply(self, changes: ChangeSet) -> None:
        self.written.append(changes)
        super()._apply(changes)


def _engine(store: InMemoryStore) -> Engine:
    engine = Engine(store, clock=ManualClock(), ids=SequentialIdGenerator())
    engine.deploy({"p.bpmn20.xml": TWO_TASKS})
    return engine


def test_completing_a_task_reports_inserts_updates_and_deletes() -> None:
    # given
    store = RecordingStore()
    engine = _engine(store)
    engine.start_process("p")
    (task,) = store.rows(Task)
    # when
    engine.complete_task(task.id)
    # then
    changes = store.written[-1]
    assert [type(r).__name__ for r in changes.deletes if isinstance(r, Task)] == ["Task"]
    assert {r.name for r in changes.inserts if isinstance(r, Task)} == {"B"}
    updated = [r for r in changes.updates if isinstance(r, HistoricActivityInstance)]
    assert updated and all(r.revision == 2 for r in updated)
    assert any(e.type == "TASK_COMPLETED" for e in changes.events)


def test_a_stale_revision_is_refused() -> None:
    # given
    store = InMemoryStore()
    engine = _engine(store)
    engine.start_process("p")
    (task,) = store.rows(Task)
    with store.transaction() as tx:
        stale = Session(tx)
        stale_task = stale.task(task.id)
    # when: another command changes the task first
    engine.set_assignee(task.id, "ann")
    stale_task.assignee = "bob"
    with pytest.raises(ConcurrentModification), store.transaction() as tx2:
        tx2.write(stale.flush())
    # then
    assert store.rows(Task)[0].assignee == "ann"


def test_a_failed_command_writes_nothing() -> None:
    # given
    store = RecordingStore()
    engine = _engine(store)
    pid = engine.start_process("p").id
    before = len(store.written)
    # when
    with pytest.raises(Exception, match="Cannot find task"):
        engine.complete_task("no-such-task")
    # then
    assert len(store.written) == before
    assert [e.id for e in store.rows(Execution) if e.proc_inst_id == pid]


def test_revision_grows_with_each_update() -> None:
    # given
    store = InMemoryStore()
    engine = _engine(store)
    engine.start_process("p")
    (task,) = store.rows(Task)
    # when
    engine.set_assignee(task.id, "ann")
    engine.set_assignee(task.id, "bob")
    # then
    assert store.rows(Task)[0].revision == 3
