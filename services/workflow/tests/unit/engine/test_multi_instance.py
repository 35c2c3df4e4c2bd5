"""Multi-instance: countersign completion condition, add-sign, delete, sequential order."""

from __future__ import annotations

import pytest

from loom_workflow.engine import IllegalArgument
from loom_workflow.engine.commands import (
    AddMultiInstanceExecution,
    DeleteMultiInstanceExecution,
    GetVariables,
)
from loom_workflow.engine.runtime.entities import Execution

from .harness import Harness, bpmn, chain


def _countersign(
    sequential: bool = False, condition: str = "${nrOfCompletedInstances/nrOfInstances>=0.6}"
) -> str:
    return bpmn(
        '<startEvent id="s"/>'
        '<userTask id="sign" name="Sign ${loopCounter}" flowable:assignee="${reviewer}">'
        f'<multiInstanceLoopCharacteristics isSequential="{str(sequential).lower()}" '
        'flowable:collection="reviewers" flowable:elementVariable="reviewer">'
        f"<completionCondition>{condition}</completionCondition></multiInstanceLoopCharacteristics>"
        '</userTask><userTask id="after" name="After"/><endEvent id="e"/>' + chain("s", "sign", "after", "e")
    )


def _by_assignee(h: Harness, user: str) -> str:
    return next(t.id for t in h.tasks() if t.assignee == user)


def test_countersign_passes_at_sixty_percent_and_cancels_the_rest() -> None:
    # given
    h = Harness()
    h.deploy(_countersign())
    pid = h.start(reviewers=["ann", "bob", "cat", "dan", "eve"])
    assert sorted(t.assignee or "" for t in h.tasks(pid)) == ["ann", "bob", "cat", "dan", "eve"]
    # when
    for user in ("ann", "bob"):
        h.engine.complete_task(_by_assignee(h, user))
    still_open = len(h.tasks(pid))
    h.engine.complete_task(_by_assignee(h, "cat"))
    # then: 2/5 = 0.4 keeps waiting, 3/5 = 0.6 passes
    assert still_open == 3
    assert h.names(pid) == ["After"]
    cancelled = sorted(t.assignee or "" for t in h.historic_tasks() if t.delete_reason is not None)
    assert cancelled == ["dan", "eve"]


def test_mi_counters_are_visible_to_each_instance() -> None:
    # given
    h = Harness()
    h.deploy(_countersign(condition="${nrOfCompletedInstances == 99}"))
    pid = h.start(reviewers=["ann", "bob"])
    task = h.tasks(pid)[0]
    # when
    seen = h.engine.execute(GetVariables(task.execution_id))
    # then
    assert {k: seen[k] for k in ("nrOfInstances", "nrOfCompletedInstances", "nrOfActiveInstances")} == {
        "nrOfInstances": 2,
        "nrOfCompletedInstances": 0,
        "nrOfActiveInstances": 2,
    }
    assert seen["reviewer"] in ("ann", "bob") and seen["loopCounter"] in (0, 1)


def test_add_sign_adds_a_parallel_instance_counted_by_the_condition() -> None:
    # given
    h = Harness()
    h.deploy(_countersign())
    pid = h.start(reviewers=["ann", "bob"])
    # when
    h.engine.execute(AddMultiInstanceExecution("sign", pid, {"reviewer": "zoe"}))
    # then
    assert sorted(t.assignee or "" for t in h.tasks(pid)) == ["ann", "bob", "zoe"]
    assert "Sign 2" in h.names(pid)
    h.engine.complete_task(_by_assignee(h, "zoe"))
    h.engine.complete_task(_by_assignee(h, "ann"))  # 2/3 >= 0.6
    assert h.names(pid) == ["After"]


def test_deleting_an_instance_shrinks_the_loop() -> None:
    # given
    h = Harness()
    h.deploy(_countersign(condition="${false}"))
    pid = h.start(reviewers=["ann", "bob", "cat"])
    # when
    h.engine.execute(DeleteMultiInstanceExecution(h.task("Sign 1").execution_id, completed=False))
    h.engine.complete_task(_by_assignee(h, "ann"))
    h.engine.complete_task(_by_assignee(h, "cat"))
    # then
    assert h.names(pid) == ["After"]


def test_sequential_instances_run_one_after_another_in_collection_order() -> None:
    # given
    h = Harness()
    h.deploy(_countersign(sequential=True, condition="${false}"))
    pid = h.start(reviewers=["ann", "bob", "cat"])
    order = []
    # when
    while h.names(pid) != ["After"]:
        (task,) = h.tasks(pid)
        order.append(task.assignee)
        h.engine.complete_task(task.id)
    # then
    assert order == ["ann", "bob", "cat"]


def test_empty_collection_skips_the_activity() -> None:
    # given
    h = Harness()
    h.deploy(_countersign())
    # when
    pid = h.start(reviewers=[])
    # then
    assert h.names(pid) == ["After"]
    assert not [e for e in h.store.rows(Execution) if e.is_mi_root]


def test_deleting_a_non_mi_execution_is_refused() -> None:
    # given
    h = Harness()
    h.deploy(bpmn('<startEvent id="s"/><userTask id="t" name="T"/><endEvent id="e"/>' + chain("s", "t", "e")))
    h.start()
    # when / then
    with pytest.raises(IllegalArgument):
        h.engine.execute(DeleteMultiInstanceExecution(h.task("T").execution_id))


def test_parallel_multi_instance_sub_process_runs_each_inner_flow() -> None:
    # given
    h = Harness()
    h.deploy(
        bpmn(
            '<startEvent id="s"/><subProcess id="sub"><multiInstanceLoopCharacteristics isSequential="false">'
            "<loopCardinality>2</loopCardinality></multiInstanceLoopCharacteristics>"
            '<startEvent id="ss"/><userTask id="check" name="Check ${loopCounter}"/><endEvent id="se"/>'
            + chain("ss", "check", "se")
            + '</subProcess><userTask id="after" name="After"/><endEvent id="e"/>'
            + chain("s", "sub", "after", "e")
        )
    )
    pid = h.start()
    assert h.names(pid) == ["Check 0", "Check 1"]
    # when
    h.complete("Check 1")
    h.complete("Check 0")
    # then
    assert h.names(pid) == ["After"]
