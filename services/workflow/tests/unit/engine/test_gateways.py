"""Exclusive, parallel and inclusive gateways."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from loom_workflow.engine import EngineError

from .harness import Harness, bpmn, chain, flow
from .invariants import assert_consistent


def _leave_request(default: bool) -> str:
    default_attr = ' default="toManager"' if default else ""
    return bpmn(
        '<startEvent id="s"/><userTask id="apply" name="Apply"/>'
        f'<exclusiveGateway id="gw"{default_attr}/>'
        '<userTask id="hr" name="HR"/><userTask id="boss" name="Boss"/>'
        '<userTask id="manager" name="Manager"/>'
        '<endEvent id="e"/>'
        + chain("s", "apply", "gw")
        + flow("toHr", "gw", "hr", "\n   ${days > 3 && days <= 10}  \n")
        + flow("toBoss", "gw", "boss", "${days > 10}")
        + flow("toManager", "gw", "manager", None if default else "${days <= 3}")
        + chain("hr", "e")
        + flow("b", "boss", "e")
        + flow("m", "manager", "e")
    )


@pytest.mark.parametrize(("days", "expected"), [(1, "Manager"), (5, "HR"), (11, "Boss")])
def test_exclusive_gateway_takes_the_first_true_flow_or_the_default(days: int, expected: str) -> None:
    # given
    h = Harness()
    h.deploy(_leave_request(default=True))
    pid = h.start()
    # when
    h.complete("Apply", days=days)
    # then
    assert h.names(pid) == [expected]


def test_exclusive_gateway_without_a_matching_flow_fails_the_command() -> None:
    # given
    h = Harness()
    h.deploy(
        _leave_request(default=False)
        .replace("${days &lt;= 3}", "${days == 0}")
        .replace("${days <= 3}", "${days == 0}")
    )
    pid = h.start()
    # when
    with pytest.raises(EngineError, match="could be selected"):
        h.complete("Apply", days=2)
    # then: the failed command changed nothing
    assert h.names(pid) == ["Apply"]


def test_parallel_gateway_waits_for_every_branch() -> None:
    # given
    h = Harness()
    h.deploy(
        bpmn(
            '<startEvent id="s"/><parallelGateway id="fork"/><userTask id="a" name="A"/>'
            '<userTask id="b" name="B"/><userTask id="c" name="C"/><parallelGateway id="join"/>'
            '<userTask id="after" name="After"/><endEvent id="e"/>'
            + chain("s", "fork")
            + flow("1", "fork", "a")
            + flow("2", "fork", "b")
            + flow("3", "fork", "c")
            + flow("4", "a", "join")
            + flow("5", "b", "join")
            + flow("6", "c", "join")
            + chain("join", "after", "e")
        )
    )
    pid = h.start()
    # when
    h.complete("A")
    h.complete("C")
    # then
    assert h.names(pid) == ["B"]
    h.complete("B")
    assert h.names(pid) == ["After"]
    h.complete("After")
    assert h.ended(pid)


def _inclusive() -> str:
    return bpmn(
        '<startEvent id="s"/><inclusiveGateway id="fork" default="dflt"/>'
        '<userTask id="a" name="A"/><userTask id="b" name="B"/><userTask id="d" name="D"/>'
        '<inclusiveGateway id="join"/><userTask id="after" name="After"/><endEvent id="e"/>'
        + chain("s", "fork")
        + flow("toA", "fork", "a", "${amount > 100}")
        + flow("toB", "fork", "b", "${urgent}")
        + flow("dflt", "fork", "d")
        + flow("1", "a", "join")
        + flow("2", "b", "join")
        + flow("3", "d", "join")
        + chain("join", "after", "e")
    )


def test_inclusive_gateway_forks_to_every_true_flow_and_joins_only_those() -> None:
    # given
    h = Harness()
    h.deploy(_inclusive())
    pid = h.start(amount=500, urgent=True)
    assert h.names(pid) == ["A", "B"]
    # when
    h.complete("A")
    # then: B can still reach the join, so it waits
    assert h.names(pid) == ["B"]
    h.complete("B")
    assert h.names(pid) == ["After"]


def test_inclusive_gateway_joins_at_once_when_a_single_branch_was_taken() -> None:
    # given
    h = Harness()
    h.deploy(_inclusive())
    pid = h.start(amount=5, urgent=False)
    assert h.names(pid) == ["D"]
    # when
    h.complete("D")
    # then
    assert h.names(pid) == ["After"]


def test_condition_on_an_activity_flow_is_honoured() -> None:
    # given: a task with two conditional outgoing flows (no gateway)
    h = Harness()
    h.deploy(
        bpmn(
            '<startEvent id="s"/><userTask id="t" name="T"/><userTask id="x" name="X"/>'
            '<userTask id="y" name="Y"/><endEvent id="e"/>'
            + chain("s", "t")
            + flow("tx", "t", "x", "${go == 'x'}")
            + flow("ty", "t", "y", "${go == 'y'}")
            + chain("x", "e")
            + flow("ye", "y", "e")
        )
    )
    pid = h.start()
    # when
    h.complete("T", go="y")
    # then
    assert h.names(pid) == ["Y"]


NESTED = bpmn(
    '<startEvent id="s"/><parallelGateway id="f1"/><userTask id="a" name="A"/><userTask id="b" name="B"/>'
    '<parallelGateway id="f2"/><userTask id="b1" name="B1"/><userTask id="b2" name="B2"/>'
    '<parallelGateway id="j2"/><parallelGateway id="j1"/><userTask id="c" name="C"/><endEvent id="e"/>'
    + chain("s", "f1")
    + flow("1", "f1", "a")
    + flow("2", "f1", "b")
    + chain("b", "f2")
    + flow("3", "f2", "b1")
    + flow("4", "f2", "b2")
    + flow("5", "b1", "j2")
    + flow("6", "b2", "j2")
    + chain("j2", "j1")
    + flow("7", "a", "j1")
    + chain("j1", "c", "e")
)


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False))
def test_any_completion_order_through_nested_joins_reaches_the_end(rnd: Random) -> None:
    # given
    h = Harness()
    h.deploy(NESTED)
    pid = h.start()
    # when: complete whatever is open, in random order, until only C remains
    while h.names(pid) != ["C"]:
        h.complete(rnd.choice(h.names(pid)))
        assert_consistent(h.store)
    h.complete("C")
    # then
    assert h.ended(pid)
    assert all(a.end_time is not None for a in h.activities(pid))
