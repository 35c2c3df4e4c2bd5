"""Change state (move), back nodes and send-back."""

from __future__ import annotations

import pytest

from loom_workflow.engine import IllegalArgument
from loom_workflow.engine.commands import BackNodes, MoveActivities, MoveExecution, SendBack
from loom_workflow.engine.commands.back_nodes import upstream_user_tasks
from loom_workflow.engine.model import parse_bpmn
from loom_workflow.engine.runtime.entities import Execution, HistoricActivityInstance, Task

from .approval_steps import APPROVALS
from .harness import Harness, bpmn, chain, flow

LINEAR = bpmn(
    '<startEvent id="s"/><userTask id="apply" name="Apply"/><exclusiveGateway id="gw"/>'
    '<userTask id="lead" name="Lead"/><userTask id="hr" name="HR"/><endEvent id="e"/>'
    + chain("s", "apply", "gw", "lead", "hr", "e")
)

PARALLEL = bpmn(
    '<startEvent id="s"/><userTask id="apply" name="Apply"/><parallelGateway id="fork"/>'
    '<userTask id="a1" name="A1"/><userTask id="a2" name="A2"/><userTask id="b" name="B"/>'
    '<parallelGateway id="join"/><userTask id="final" name="Final"/><endEvent id="e"/>'
    + chain("s", "apply", "fork")
    + flow("fa", "fork", "a1")
    + flow("fb", "fork", "b")
    + chain("a1", "a2", "join")
    + flow("bj", "b", "join")
    + chain("join", "final", "e")
)


def test_back_nodes_are_the_visited_upstream_user_tasks() -> None:
    # given
    h = Harness()
    h.deploy(LINEAR)
    pid = h.start()
    h.complete("Apply")
    h.complete("Lead")
    # when
    nodes = h.engine.execute(BackNodes(h.task("HR").id))
    # then
    assert [(n.activity_id, n.name) for n in nodes] == [("apply", "Apply"), ("lead", "Lead")]
    assert pid


def test_send_back_returns_the_token_and_the_flow_continues_from_there() -> None:
    # given
    h = Harness()
    h.deploy(LINEAR)
    pid = h.start()
    h.complete("Apply")
    h.complete("Lead")
    # when
    h.engine.execute(SendBack(h.task("HR").id, "apply"))
    # then
    assert h.names(pid) == ["Apply"]
    hr = [t for t in h.historic_tasks() if t.name == "HR"][0]
    assert hr.delete_reason == "Change activity to apply"
    h.complete("Apply")
    assert h.names(pid) == ["Lead"]


def test_back_nodes_cross_an_open_fork_and_the_sibling_is_cut() -> None:
    # given
    h = Harness()
    h.deploy(PARALLEL)
    pid = h.start()
    h.complete("Apply")
    h.complete("A1")
    # when
    nodes = h.engine.execute(BackNodes(h.task("A2").id))
    h.engine.execute(SendBack(h.task("A2").id, "apply"))
    # then: A1 on the same branch and Apply before the fork; the open sibling B is cut with the move
    assert [n.activity_id for n in nodes] == ["apply", "a1"]
    assert h.names(pid) == ["Apply"]
    b = [t for t in h.historic_tasks() if t.name == "B"][0]
    assert b.delete_reason == "Change activity to apply"


def test_back_nodes_reach_into_a_joined_block() -> None:
    # given
    h = Harness()
    h.deploy(PARALLEL)
    pid = h.start()
    for name in ("Apply", "A1", "A2", "B"):
        h.complete(name)
    # when
    nodes = h.engine.execute(BackNodes(h.task("Final").id))
    h.engine.execute(SendBack(h.task("Final").id, "a2"))
    # then: every passed task is offered; the join waits for A2 alone
    assert [n.activity_id for n in nodes] == ["apply", "a1", "b", "a2"]
    h.complete("A2")
    assert h.names(pid) == ["Final"]


def test_sending_a_task_to_a_node_it_does_not_follow_is_refused() -> None:
    # given
    h = Harness()
    h.deploy(PARALLEL)
    h.start()
    h.complete("Apply")
    h.complete("B")
    # when / then: B (a sibling branch) is not upstream of A1
    with pytest.raises(IllegalArgument):
        h.engine.execute(SendBack(h.task("A1").id, "b"))


def test_upstream_rule_on_the_model_alone() -> None:
    # given
    (model,) = parse_bpmn(PARALLEL)
    # when / then
    assert upstream_user_tasks(model, "final") == {"apply", "a1", "a2", "b"}
    assert upstream_user_tasks(model, "a2") == {"apply", "a1"}
    assert upstream_user_tasks(model, "b") == {"apply"}


def test_move_activity_forward_skips_a_task() -> None:
    # given
    h = Harness()
    h.deploy(LINEAR)
    pid = h.start()
    # when
    h.engine.execute(MoveActivities(pid, ["apply"], ["hr"]))
    # then
    assert h.names(pid) == ["HR"]
    h.complete("HR")
    assert h.ended(pid)


def test_move_into_and_out_of_a_sub_process() -> None:
    # given
    h = Harness()
    h.deploy(
        bpmn(
            '<startEvent id="s"/><userTask id="before" name="Before"/>'
            '<subProcess id="sub"><startEvent id="ss"/><userTask id="inner" name="Inner"/><endEvent id="se"/>'
            + chain("ss", "inner", "se")
            + '</subProcess><userTask id="after" name="After"/><endEvent id="e"/>'
            + chain("s", "before", "sub", "after", "e")
        )
    )
    pid = h.start()
    # when: jump into the sub-process, then back out before it
    h.engine.execute(MoveActivities(pid, ["before"], ["inner"]))
    into = h.names(pid)
    h.engine.execute(MoveExecution(h.task("Inner").execution_id, "before"))
    # then
    assert into == ["Inner"]
    assert h.names(pid) == ["Before"]
    assert not [a for a in h.activities(pid) if a.end_time is None and a.activity_type == "subProcess"]
    h.complete("Before")
    h.complete("Inner")
    assert h.names(pid) == ["After"]


def test_move_to_an_unknown_activity_is_refused() -> None:
    # given
    h = Harness()
    h.deploy(LINEAR)
    pid = h.start()
    # when / then
    with pytest.raises(IllegalArgument):
        h.engine.execute(MoveActivities(pid, ["apply"], ["nowhere"]))


def _mi_nested_at_check(h: Harness) -> str:
    """backMultiNestedBranch (approvals/) with ann and ben both past Review (Left / Right) at Check."""
    h.deploy((APPROVALS / "backMultiNestedBranch.bpmn20.xml").read_text())
    pid = h.start("backMultiNestedBranch", signers=["ann", "ben"])
    h.complete("Apply")
    for name, who in (("Left", "ann"), ("Right", "ben"), ("Merge", "ann"), ("Merge", "ben")):
        h.engine.complete_task(_task_of(h, name, who).id, {})
    return pid


def _task_of(h: Harness, name: str, assignee: str) -> Task:
    (found,) = [t for t in h.tasks() if t.name == name and t.assignee == assignee]
    return found


def test_history_rows_name_the_multi_instance_instance_they_ran_in() -> None:
    # given: two instances that were inside the same nested sub-process at once
    h = Harness()
    pid = _mi_nested_at_check(h)
    rows = h.activities(pid)
    # then: each row of the body names its instance's scope execution, nested steps included
    scopes = {a.mi_scope_id for a in rows if a.activity_id in ("left", "right", "merge", "nest", "check")}
    assert None not in scopes and len(scopes) == 2
    (left,) = [a for a in rows if a.activity_id == "left"]
    check = _task_of(h, "Check", "ann")
    assert left.mi_scope_id == h.store.raw(Execution)[check.execution_id].parent_id
    assert {a.mi_scope_id for a in rows if a.activity_id in ("apply", "sub", "s")} == {None}


def test_rows_without_the_instance_column_fall_back_to_the_executions_history() -> None:
    # given: the rows as written before mi_scope_id (NULL)
    h = Harness()
    _mi_nested_at_check(h)
    for row in h.store.raw(HistoricActivityInstance).values():
        row.mi_scope_id = None
    # when
    ann = [n.activity_id for n in h.engine.execute(BackNodes(_task_of(h, "Check", "ann").id))]
    ben = [n.activity_id for n in h.engine.execute(BackNodes(_task_of(h, "Check", "ben").id))]
    # then: the old rule, which cannot tell two instances inside the same sub-process apart
    assert ann == ["apply", "left", "right", "merge"]
    assert ben == ["apply", "left", "right", "merge"]
