"""Timers of migrated instances (实例迁移, issue 40): a kept token's timers follow the new version.

A timer defined the same way keeps its due date, a changed one is re-armed by the new definition
counted from when the token reached its node, a removed one is cancelled, an added one is armed; a
countersign (multi-instance) carries its timers for all its signers at once. The PostgreSQL store
runs the same tests (``tests/integration/test_migration_pg.py``)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from loom_workflow.engine.commands import MigrateInstance, plan_mapping
from loom_workflow.engine.runtime.entities import Execution, Job, ProcessDefinition

from .harness import T0, Harness, bpmn, chain, flow


def _timer(event_id: str, attached: str, duration: str, *, interrupting: bool) -> str:
    return (
        f'<boundaryEvent id="{event_id}" attachedToRef="{attached}" cancelActivity="{str(interrupting).lower()}">'
        f"<timerEventDefinition><timeDuration>{duration}</timeDuration></timerEventDefinition></boundaryEvent>"
    )


def _countersign(**timers: tuple[str, bool]) -> str:
    """s -> sign (every reviewer signs) -> after -> e, with boundary timers on sign, each
    ``id=(duration, interrupting)``: an interrupting one leads to 过期, another to 催办."""
    boundaries = "".join(_timer(i, "sign", d, interrupting=cut) for i, (d, cut) in timers.items())
    leads = "".join(flow(f"f_{i}", i, "expired" if cut else "chase") for i, (_, cut) in timers.items())
    return bpmn(
        '<startEvent id="s"/>'
        '<userTask id="sign" name="会签" flowable:assignee="${reviewer}">'
        '<multiInstanceLoopCharacteristics isSequential="false" flowable:collection="reviewers" '
        'flowable:elementVariable="reviewer"/></userTask>'
        '<userTask id="after" name="归档"/><userTask id="expired" name="过期"/><userTask id="chase" name="催办"/>'
        '<endEvent id="e"/><endEvent id="e2"/>'
        + boundaries
        + chain("s", "sign", "after", "e")
        + flow("f_expired", "expired", "e")
        + flow("f_chase", "chase", "e2")
        + leads,
        process_id="cs",
        name="会签",
    )


def _plain(**timers: str) -> str:
    """s -> lead -> e, with non-interrupting timers on lead leading to 催办."""
    boundaries = "".join(_timer(i, "lead", d, interrupting=False) for i, d in timers.items())
    return bpmn(
        '<startEvent id="s"/><userTask id="lead" name="部门审批" flowable:assignee="u-lead"/>'
        '<userTask id="chase" name="催办"/><endEvent id="e"/><endEvent id="e2"/>'
        + boundaries
        + chain("s", "lead", "e")
        + flow("f_chase", "chase", "e2")
        + "".join(flow(f"f_{i}", i, "chase") for i in timers),
        process_id="plain",
        name="审批",
    )


@pytest.fixture
def harness() -> Harness:
    return Harness()


def _migrate(h: Harness, v1: str, v2: str, key: str, *, started: dict[str, object], after: timedelta) -> str:
    """Deploys ``v1``, starts an instance at T0, lets ``after`` pass, deploys ``v2`` and migrates the
    instance onto it; answers the instance's id."""
    h.deploy(v1)
    pid = h.start(key, **started)
    h.advance(seconds=after.total_seconds())
    h.deploy(v2)
    old, new = sorted((d for d in h.store.rows(ProcessDefinition) if d.key == key), key=lambda d: d.version)
    plan = plan_mapping(h.engine.execute(_Model(old.id)), h.engine.execute(_Model(new.id)))
    h.engine.execute(MigrateInstance(pid, new.id, plan.mapping))
    return pid


def _timers(h: Harness, pid: str) -> dict[str, Job]:
    found = [j for j in h.jobs("timer") if j.proc_inst_id == pid]
    assert len({j.element_id for j in found}) == len(found), found
    return {j.element_id: j for j in found}


def _signers(h: Harness, pid: str) -> list[str]:
    return sorted(t.assignee or "" for t in h.tasks(pid) if t.task_def_key == "sign")


def test_a_countersigns_changed_deadline_is_re_armed_from_when_it_began(harness: Harness) -> None:
    # given: a countersign of three whose deadline (interrupting) goes from a day to two hours, and
    # whose reminder stays at one hour; one signer has signed; migrated half an hour in
    h = harness
    h.deploy(_countersign(remind=("PT1H", False), expire=("P1D", True)))
    pid = h.start("cs", reviewers=["ann", "bob", "cat"])
    before = _timers(h, pid)
    h.clock.advance(timedelta(minutes=30))
    h.engine.complete_task(next(t.id for t in h.tasks(pid) if t.assignee == "ann"), user_id="ann")
    h.deploy(_countersign(remind=("PT1H", False), expire=("PT2H", True)))
    old, new = sorted(h.store.rows(ProcessDefinition), key=lambda d: d.version)
    plan = plan_mapping(h.engine.execute(_Model(old.id)), h.engine.execute(_Model(new.id)))
    # when
    outcome = h.engine.execute(MigrateInstance(pid, new.id, plan.mapping))
    # then: the deadline is the same job, due two hours after the countersign began; the reminder is kept
    after = _timers(h, pid)
    assert (after["expire"].id, after["expire"].due_date) == (before["expire"].id, T0 + timedelta(hours=2))
    assert (after["remind"].id, after["remind"].due_date) == (before["remind"].id, T0 + timedelta(hours=1))
    assert {j.proc_def_id for j in after.values()} == {new.id}
    roots = {e.id for e in h.store.rows(Execution) if e.is_mi_root}
    waiters = {e.id: e.parent_id for e in h.store.rows(Execution)}
    assert {waiters[j.execution_id] for j in after.values()} == roots  # on the countersign as a whole
    (change,) = [t for t in outcome.timers if t.element_id == "expire"]
    assert (change.due_before, change.due_after) == (T0 + timedelta(days=1), T0 + timedelta(hours=2))
    # and at two hours the deadline ends the countersign for both who have not signed
    h.advance(minutes=31)  # the reminder fired at one hour
    assert _signers(h, pid) == ["bob", "cat"]
    h.advance(hours=1)
    assert _signers(h, pid) == []
    assert "过期" in h.names(pid)


def test_a_countersigns_removed_timer_is_cancelled_and_an_added_one_armed(harness: Harness) -> None:
    # given: v2 drops the countersign's deadline and adds a three-hour escalation
    h = harness
    pid = _migrate(
        h,
        _countersign(remind=("PT1H", False), expire=("PT4H", True)),
        _countersign(remind=("PT1H", False), escalate=("PT3H", False)),
        "cs",
        started={"reviewers": ["ann", "bob"]},
        after=timedelta(minutes=20),
    )
    # then: no deadline left, its waiting activity ended; the escalation counts from the start
    timers = _timers(h, pid)
    assert sorted(timers) == ["escalate", "remind"]
    assert timers["escalate"].due_date == T0 + timedelta(hours=3)
    (gone,) = [a for a in h.activities(pid) if a.activity_id == "expire"]
    assert gone.end_time is not None and gone.delete_reason
    # and past the old deadline both still sign; once they have, the countersign's timers are gone
    h.advance(hours=5)
    assert _signers(h, pid) == ["ann", "bob"]
    for task in [t for t in h.tasks(pid) if t.task_def_key == "sign"]:
        h.engine.complete_task(task.id, user_id=task.assignee)
    assert "归档" in h.names(pid)
    assert _timers(h, pid) == {}


def test_a_tasks_timers_are_kept_re_armed_or_cancelled_per_the_new_definition(harness: Harness) -> None:
    # given: a task with three reminders: one the same, one from four hours to two, one removed
    h = harness
    h.deploy(_plain(same="PT1H", changed="PT4H", dropped="PT5H"))
    pid = h.start("plain")
    before = _timers(h, pid)
    h.clock.advance(timedelta(minutes=30))
    h.deploy(_plain(same="PT1H", changed="PT2H"))
    old, new = sorted(h.store.rows(ProcessDefinition), key=lambda d: d.version)
    plan = plan_mapping(h.engine.execute(_Model(old.id)), h.engine.execute(_Model(new.id)))
    # when: a dry run, then the migration
    dry = h.engine.execute(MigrateInstance(pid, new.id, plan.mapping), dry_run=True)
    h.engine.execute(MigrateInstance(pid, new.id, plan.mapping))
    # then: the dry run said what the migration did
    shown = {t.element_id: (t.due_before, t.due_after) for t in dry.timers}
    assert shown == {
        "same": (T0 + timedelta(hours=1), T0 + timedelta(hours=1)),
        "changed": (T0 + timedelta(hours=4), T0 + timedelta(hours=2)),
        "dropped": (T0 + timedelta(hours=5), None),
    }
    after = _timers(h, pid)
    assert sorted(after) == ["changed", "same"]
    assert (after["same"].id, after["same"].due_date) == (before["same"].id, T0 + timedelta(hours=1))
    assert (after["changed"].id, after["changed"].due_date) == (before["changed"].id, T0 + timedelta(hours=2))


def test_a_timer_already_past_its_new_due_date_fires_at_once(harness: Harness) -> None:
    # given: a reminder shortened from four hours to one, migrated two hours in
    h = harness
    pid = _migrate(
        h, _plain(remind="PT4H"), _plain(remind="PT1H"), "plain", started={}, after=timedelta(hours=2)
    )
    # when the job executor next looks
    fired = h.advance(seconds=1)
    # then the reminder has fired
    assert fired == 1
    assert h.names(pid) == ["催办", "部门审批"]


def test_a_token_on_an_intermediate_timer_waits_as_the_new_version_says(harness: Harness) -> None:
    # given: a wait of three hours shortened to one hour, migrated ten minutes in
    def waiting(duration: str) -> str:
        return bpmn(
            '<startEvent id="s"/><intermediateCatchEvent id="wait" name="等待">'
            f"<timerEventDefinition><timeDuration>{duration}</timeDuration></timerEventDefinition>"
            '</intermediateCatchEvent><userTask id="go" name="继续"/><endEvent id="e"/>'
            + chain("s", "wait", "go", "e"),
            process_id="wait",
        )

    h = harness
    pid = _migrate(h, waiting("PT3H"), waiting("PT1H"), "wait", started={}, after=timedelta(minutes=10))
    # then
    assert _timers(h, pid)["wait"].due_date == T0 + timedelta(hours=1)
    h.advance(minutes=51)
    assert h.names(pid) == ["继续"]


class _Model:
    """Reads a definition's parsed model (a read-only command)."""

    def __init__(self, definition_id: str) -> None:
        self.definition_id = definition_id

    def execute(self, ctx):  # type: ignore[no-untyped-def]
        return ctx.model(ctx.session.definition(self.definition_id).id)
