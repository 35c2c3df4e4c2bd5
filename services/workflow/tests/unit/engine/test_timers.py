"""Timers: ISO arithmetic, intermediate catch, boundary timers (interrupting, cycles), idempotent jobs."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from loom_workflow.engine import IllegalArgument, UnsupportedFeature
from loom_workflow.engine.commands import GetVariables
from loom_workflow.engine.timers import first_due, next_due, parse_duration

from .harness import T0, Harness, bpmn, chain, flow


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("PT5M", datetime(2024, 5, 1, 9, 5, tzinfo=UTC)),
        ("P1DT2H", datetime(2024, 5, 2, 11, 0, tzinfo=UTC)),
        ("P2W", datetime(2024, 5, 15, 9, 0, tzinfo=UTC)),
        ("P1M", datetime(2024, 6, 1, 9, 0, tzinfo=UTC)),
        ("PT1.5S", datetime(2024, 5, 1, 9, 0, 1, 500000, tzinfo=UTC)),
    ],
)
def test_duration_is_added_to_the_clock(text: str, expected: datetime) -> None:
    # given / when / then
    assert parse_duration(text).add_to(T0) == expected


def test_month_arithmetic_clamps_to_the_last_day() -> None:
    # given / when / then
    assert parse_duration("P1M").add_to(datetime(2024, 1, 31, tzinfo=UTC)) == datetime(
        2024, 2, 29, tzinfo=UTC
    )


@pytest.mark.parametrize("text", ["P", "PT", "5M", "P1H", "PTM"])
def test_malformed_duration_is_refused(text: str) -> None:
    # given / when / then
    with pytest.raises(IllegalArgument):
        parse_duration(text)


def test_cycle_counts_down_its_repetitions() -> None:
    # given
    due, repeat = first_due("cycle", "R3/PT10H", T0)
    # when
    second = next_due(repeat or "", due)
    assert second is not None
    third = next_due(second[1] or "", second[0])
    assert third is not None
    fourth = next_due(third[1] or "", third[0])
    # then: three firings in all
    assert due == T0 + timedelta(hours=10)
    assert second == (T0 + timedelta(hours=20), "R2/PT10H")
    assert third == (T0 + timedelta(hours=30), "R1/PT10H")
    assert fourth is None


def test_cron_cycles_are_reported_unsupported() -> None:
    # given / when / then
    with pytest.raises(UnsupportedFeature):
        first_due("cycle", "0 0/5 * * * ?", T0)


def test_time_date_from_a_variable_expression() -> None:
    # given
    h = Harness()
    h.deploy(
        bpmn(
            '<startEvent id="s"/><intermediateCatchEvent id="wait" name="Wait">'
            "<timerEventDefinition><timeDate>${when}</timeDate></timerEventDefinition></intermediateCatchEvent>"
            '<userTask id="t" name="After"/><endEvent id="e"/>' + chain("s", "wait", "t", "e")
        )
    )
    pid = h.start(when="2024-05-03T10:00:00Z")
    # when
    fired_early = h.advance(days=1)
    fired_late = h.advance(days=2)
    # then
    assert (fired_early, fired_late) == (0, 1)
    assert h.names(pid) == ["After"]


def _escalation(cycle: str, cancel: bool) -> str:
    return bpmn(
        '<startEvent id="s"/><userTask id="work" name="Work"/><endEvent id="e"/>'
        f'<boundaryEvent id="remind" attachedToRef="work" cancelActivity="{str(cancel).lower()}">'
        f"<timerEventDefinition><timeCycle>{cycle}</timeCycle></timerEventDefinition></boundaryEvent>"
        '<userTask id="nudge" name="Nudge"/><endEvent id="e2"/>'
        + chain("s", "work", "e")
        + flow("r", "remind", "nudge")
        + flow("n", "nudge", "e2")
    )


def test_non_interrupting_cycle_fires_its_repetitions_then_stops() -> None:
    # given
    h = Harness()
    h.deploy(_escalation("R2/PT1H", cancel=False))
    pid = h.start()
    # when
    h.advance(hours=1, minutes=1)
    h.advance(hours=1)
    h.advance(hours=5)
    # then
    assert h.names(pid) == ["Nudge", "Nudge", "Work"]
    assert h.jobs() == []


def test_completing_the_activity_removes_its_boundary_timer() -> None:
    # given
    h = Harness()
    h.deploy(_escalation("R/PT1H", cancel=False))
    pid = h.start()
    assert len(h.jobs("timer")) == 1
    # when
    h.complete("Work")
    # then
    assert h.jobs() == []
    assert h.ended(pid)


def test_interrupting_boundary_timer_on_a_sub_process_cancels_it() -> None:
    # given
    h = Harness()
    h.deploy(
        bpmn(
            '<startEvent id="s"/><subProcess id="sub" name="Sub"><startEvent id="ss"/>'
            '<userTask id="inner" name="Inner"/><endEvent id="se"/>'
            + chain("ss", "inner", "se")
            + '</subProcess><endEvent id="e"/>'
            '<boundaryEvent id="late" attachedToRef="sub"><timerEventDefinition><timeDuration>P1D'
            '</timeDuration></timerEventDefinition></boundaryEvent><userTask id="late_task" name="Late"/>'
            + chain("s", "sub", "e")
            + flow("l", "late", "late_task")
            + flow("le", "late_task", "e")
        )
    )
    pid = h.start()
    assert h.names(pid) == ["Inner"]
    # when
    h.advance(days=1, seconds=1)
    # then
    assert h.names(pid) == ["Late"]
    inner = [t for t in h.historic_tasks() if t.name == "Inner"][0]
    assert inner.delete_reason == "boundary event (late)"


def test_executing_a_job_twice_is_a_no_op() -> None:
    # given
    h = Harness()
    h.deploy(
        bpmn(
            '<startEvent id="s"/><serviceTask id="svc" flowable:async="true" '
            "flowable:expression=\"${execution.setVariable('runs', runs + 1)}\"/>"
            '<userTask id="t" name="T"/><endEvent id="e"/>' + chain("s", "svc", "t", "e")
        )
    )
    pid = h.start(runs=0)
    (job,) = h.jobs("message")
    # when
    first = h.engine.execute_job(job.id)
    second = h.engine.execute_job(job.id)
    # then
    assert (first, second) == (True, False)
    assert h.engine.execute(GetVariables(pid))["runs"] == 1


def test_failing_job_counts_retries_then_becomes_a_dead_letter() -> None:
    # given
    h = Harness()
    h.deploy(
        bpmn(
            '<startEvent id="s"/>'
            '<serviceTask id="svc" flowable:async="true" flowable:expression="${missing}"/>'
            '<endEvent id="e"/>' + chain("s", "svc", "e")
        )
    )
    h.start()
    (job,) = h.jobs("message")
    # when
    for _ in range(3):
        with pytest.raises(Exception, match="Unknown property"):
            h.engine.execute_job(job.id)
    # then
    (dead,) = h.jobs()
    assert dead.job_type == "deadletter" and dead.retries == 0
    assert "Unknown property" in (dead.exception_message or "")
    assert h.engine.run_due_jobs() == 0
