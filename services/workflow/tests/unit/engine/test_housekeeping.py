"""History deletion, purging a key and suspending a definition with its instances: engine commands
on the store interface, so every store supports them."""

from __future__ import annotations

import pytest

from loom_workflow.engine import IllegalState
from loom_workflow.engine.commands import (
    AddComment,
    DeleteHistoricInstance,
    DeleteProcessInstance,
    PurgeDefinitions,
    SetDefinitionSuspended,
)
from loom_workflow.engine.runtime.entities import (
    Comment,
    Deployment,
    Execution,
    HistoricActivityInstance,
    HistoricProcessInstance,
    HistoricTaskInstance,
    ProcessDefinition,
    Task,
)
from loom_workflow.engine.store import ChangeSet

from .harness import Harness, bpmn, chain

BODY = '<startEvent id="s"/><userTask id="a" name="A"/><endEvent id="e"/>' + chain("s", "a", "e")
ONE_TASK = bpmn(BODY)


def _ended(h: Harness) -> str:
    instance = h.engine.start_process("p")
    (task,) = h.store.rows(Task)
    h.engine.execute(AddComment("ok", task_id=task.id))
    h.engine.complete_task(task.id)
    return instance.id


def test_deleting_history_removes_the_instance_its_tasks_activities_and_comments() -> None:
    # given
    h = Harness()
    h.deploy(ONE_TASK)
    ended = _ended(h)
    other = h.engine.start_process("p")
    # when
    assert h.engine.execute(DeleteHistoricInstance(ended)) is True
    # then
    for kind in (HistoricProcessInstance, HistoricTaskInstance, HistoricActivityInstance, Comment):
        assert [r for r in h.store.rows(kind) if ended in (getattr(r, "proc_inst_id", None), r.id)] == []
    assert [p.id for p in h.store.rows(HistoricProcessInstance)] == [other.id]


def test_history_of_a_running_instance_cannot_be_deleted() -> None:
    # given
    h = Harness()
    h.deploy(ONE_TASK)
    running = h.engine.start_process("p")
    # when / then
    with pytest.raises(IllegalState):
        h.engine.execute(DeleteHistoricInstance(running.id))
    assert h.engine.execute(DeleteHistoricInstance("nobody")) is False


def test_purging_a_key_removes_every_version_deployment_and_instance() -> None:
    # given
    h = Harness()
    h.deploy(ONE_TASK)
    _ended(h)
    h.deploy(ONE_TASK)
    h.engine.start_process("p")
    h.deploy(bpmn(BODY, process_id="q"))
    kept = h.engine.start_process("q")
    # when
    assert h.engine.execute(PurgeDefinitions("p")) == 2
    # then
    assert [d.key for d in h.store.rows(ProcessDefinition)] == ["q"]
    assert len(h.store.rows(Deployment)) == 1
    assert {e.proc_inst_id for e in h.store.rows(Execution)} == {kept.id}
    assert [p.id for p in h.store.rows(HistoricProcessInstance)] == [kept.id]
    assert h.store.rows(Comment) == []


def test_suspending_a_definition_with_its_instances_suspends_their_executions_and_tasks() -> None:
    # given
    h = Harness()
    h.deploy(ONE_TASK)
    first = h.engine.start_process("p")
    h.engine.start_process("p")
    h.engine.execute(DeleteProcessInstance(first.id, "gone"))
    (definition,) = h.store.rows(ProcessDefinition)
    # when
    h.engine.execute(SetDefinitionSuspended(definition.id, True, include_instances=True))
    # then
    assert all(e.suspended for e in h.store.rows(Execution))
    assert [t.suspended for t in h.store.rows(Task)] == [True]
    # and back
    h.engine.execute(SetDefinitionSuspended(definition.id, False, include_instances=True))
    assert not any(e.suspended for e in [*h.store.rows(Execution), *h.store.rows(Task)])


def test_a_change_set_names_the_user_who_ran_the_command() -> None:
    # given
    h = Harness()
    h.deploy(ONE_TASK)
    written: list[ChangeSet] = []
    apply = h.store._apply
    h.store._apply = lambda changes: (written.append(changes), apply(changes))[1]  # type: ignore[method-assign]
    # when
    h.engine.start_process("p", user_id="ann")
    # then
    assert [c.actor for c in written] == ["ann"]
