"""Deadlines that act, on the engine's clock (in-memory store): a node's due time arms a
``task-deadline`` job that reminds, approves, rejects or transfers exactly once; it survives a
transfer, is re-armed by a send-back, follows a countersign migrated onto a new version, and runs once
even when the first attempt dies mid-way."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta

import pytest

from loom_workflow.engine import Registry
from loom_workflow.engine.commands import MigrateInstance, SendBack, SetAssignee
from loom_workflow.engine.hooks import TASK_DEADLINE, AssignmentRequest, TaskAssignment
from loom_workflow.engine.runtime.entities import Comment, HistoricProcessInstance, ProcessDefinition
from loom_workflow.events import TASK_URGED
from loom_workflow.extension import deadline_policy
from loom_workflow.task import deadlines

from .engine.harness import Harness, bpmn, chain

PROCESS = bpmn(
    '<startEvent id="s"/><userTask id="apply" name="Apply" flowable:assignee="ann"/>'
    '<userTask id="review" name="Review" flowable:assignee="bob"/><endEvent id="e"/>'
    + chain("s", "apply", "review", "e")
)


class ReviewDue:
    """The review is due two hours after it is created, with ``action``."""

    def __init__(self, harness: Harness, action: str, to: str = "") -> None:
        self.harness, self.action, self.to = harness, action, to

    def resolve(self, request: AssignmentRequest) -> TaskAssignment:
        if request.task_def_key != "review":
            return request.default
        policy = {
            deadline_policy.DURATION: "PT2H",
            deadline_policy.ACTION: self.action,
            deadline_policy.TRANSFER_TO: self.to,
        }
        found = deadline_policy.deadline(policy, self.harness.clock.now())
        return TaskAssignment(assignee=request.default.assignee, deadline=found)


def _harness(action: str, to: str = "") -> Harness:
    registry = Registry()
    registry.register_job_handler(TASK_DEADLINE, deadlines.fire)
    h = Harness(registry=registry)
    h.engine.config.resolver = ReviewDue(h, action, to)  # type: ignore[misc]
    h.deploy(PROCESS)
    return h


def _notes(h: Harness, status: str) -> int:
    return sum(1 for c in h.store.rows(Comment) if json.loads(c.full_msg or "{}").get("status") == status)


def _urged(h: Harness) -> int:
    return sum(1 for e in h.store.events if e.type == TASK_URGED)


def test_the_review_is_due_two_hours_after_it_was_created() -> None:
    # given
    h = _harness("remind")
    pid = h.start()
    # when
    h.complete("Apply")
    # then
    review = h.task("Review")
    assert review.due_date == h.clock.now() + timedelta(hours=2)
    assert [j.handler_type for j in h.jobs("timer")] == [TASK_DEADLINE]
    assert pid


def test_remind_fires_once_and_leaves_the_task_open() -> None:
    # given
    h = _harness("remind")
    pid = h.start()
    h.complete("Apply")
    # when: two hours pass, then two more
    first = h.advance(hours=2)
    second = h.advance(hours=2)
    # then
    assert (first, second) == (1, 0)
    assert _urged(h) == 1 and _notes(h, "超时提醒") == 1
    assert h.names(pid) == ["Review"]


def test_auto_approve_completes_the_task_once() -> None:
    # given
    h = _harness("approve")
    pid = h.start()
    h.complete("Apply")
    # when
    h.advance(hours=2)
    h.advance(hours=2)
    # then
    assert h.ended(pid)
    assert _notes(h, "超时自动通过") == 1


def test_auto_reject_ends_the_instance_rejected() -> None:
    # given
    h = _harness("reject")
    pid = h.start()
    h.complete("Apply")
    # when
    h.advance(hours=2)
    # then
    assert h.ended(pid)
    assert (h.store.raw(HistoricProcessInstance)[pid].delete_reason or "").startswith("reject")


def test_transfer_fires_once_and_survives_an_earlier_transfer() -> None:
    # given: bob hands the review to carol before it falls due
    h = _harness("transfer", "dan")
    pid = h.start()
    h.complete("Apply")
    h.engine.execute(SetAssignee(h.task("Review").id, "carol"))
    # when
    h.advance(hours=2)
    h.advance(hours=2)
    # then: the deadline held across the transfer and moved the task to dan, once
    assert h.task("Review").assignee == "dan"
    assert _notes(h, "超时转办") == 1
    assert h.names(pid) == ["Review"]


def test_a_send_back_re_arms_the_deadline_for_the_new_task() -> None:
    # given: the review is sent back after an hour and resubmitted
    h = _harness("remind")
    pid = h.start()
    h.complete("Apply")
    h.advance(hours=1)
    h.engine.execute(SendBack(h.task("Review").id, "apply"))
    assert h.jobs("timer") == []
    h.complete("Apply")
    # when: the old due time passes, then the new one
    at_old_due = h.advance(hours=1)
    at_new_due = h.advance(hours=1)
    # then
    assert (at_old_due, at_new_due) == (0, 1)
    assert _urged(h) == 1
    assert h.names(pid) == ["Review"]


def test_a_completed_task_takes_its_deadline_with_it() -> None:
    # given
    h = _harness("approve")
    pid = h.start()
    h.complete("Apply")
    # when
    h.complete("Review")
    # then
    assert h.ended(pid) and h.jobs() == []


def test_a_worker_dying_mid_way_leaves_the_deadline_to_fire_once_on_the_retry() -> None:
    # given: the first attempt acts, then dies before its transaction commits
    registry = Registry()
    attempts: list[int] = []

    def dying(ctx: object, job: object, execution: object) -> None:
        deadlines.fire(ctx, job, execution)  # type: ignore[arg-type]
        attempts.append(1)
        if len(attempts) == 1:
            raise RuntimeError("worker killed")

    registry.register_job_handler(TASK_DEADLINE, dying)
    h = Harness(registry=registry)
    h.engine.config.resolver = ReviewDue(h, "approve")  # type: ignore[misc]
    h.deploy(PROCESS)
    pid = h.start()
    h.complete("Apply")
    h.clock.advance(timedelta(hours=2))
    (job,) = h.jobs("timer")
    # when
    with pytest.raises(RuntimeError):
        h.engine.execute_job(job.id)
    rolled_back = (h.names(pid), len(h.jobs("timer")))
    h.engine.run_due_jobs()
    # then: nothing of the first attempt stayed; the retry approved once
    assert rolled_back == (["Review"], 1)
    assert h.ended(pid) and _notes(h, "超时自动通过") == 1


def _countersign(after: str) -> str:
    return bpmn(
        '<startEvent id="s"/><userTask id="review" name="Review" flowable:assignee="${reviewer}">'
        '<multiInstanceLoopCharacteristics isSequential="false" flowable:collection="reviewers" '
        f'flowable:elementVariable="reviewer"/></userTask><userTask id="after" name="{after}"/><endEvent id="e"/>'
        + chain("s", "review", "after", "e")
    )


def test_a_countersigns_deadlines_survive_a_migration_and_act_on_the_new_version() -> None:
    # given: a countersign of two, each signer due two hours after it began (超时自动通过); one signs,
    # then the instance is migrated onto v2, which goes on to another node
    registry = Registry()
    registry.register_job_handler(TASK_DEADLINE, deadlines.fire)
    h = Harness(registry=registry)
    h.engine.config.resolver = ReviewDue(h, "approve")  # type: ignore[misc]
    h.deploy(_countersign("Archive"))
    pid = h.start(reviewers=["ann", "bob"])
    due = {j.id: j.due_date for j in h.jobs("timer")}
    h.clock.advance(timedelta(minutes=30))
    h.engine.complete_task(next(t.id for t in h.tasks(pid) if t.assignee == "ann"), user_id="ann")
    h.deploy(_countersign("Archive v2"))
    _, v2 = sorted(h.store.rows(ProcessDefinition), key=lambda d: d.version)
    mapping = {"s": "s", "review": "review", "after": "after", "e": "e"}
    # when
    h.engine.execute(MigrateInstance(pid, v2.id, mapping))
    # then: bob keeps his deadline, unchanged, now on v2
    (job,) = h.jobs("timer")
    assert (job.due_date, job.proc_def_id) == (due[job.id], v2.id)
    # and when it passes, bob is approved and the countersign goes on along v2
    h.advance(hours=2)
    assert h.names(pid) == ["Archive v2"]
    assert _notes(h, "超时自动通过") == 1


def test_the_working_day_calendar_skips_weekends_and_holidays() -> None:
    # given: Friday 2026-10-02 10:00, with Monday 10-05 a holiday
    friday = datetime(2026, 10, 2, 10, 0, tzinfo=UTC)
    holidays = [date(2026, 10, 5)]
    # when / then
    assert deadline_policy.due_at(friday, "P1D", workdays=True, holidays=holidays) == datetime(
        2026, 10, 6, 10, 0, tzinfo=UTC
    )
    assert deadline_policy.due_at(friday, "P1D", workdays=False) == datetime(2026, 10, 3, 10, 0, tzinfo=UTC)
    assert deadline_policy.due_at(friday, "PT20H", workdays=True) == datetime(2026, 10, 5, 6, 0, tzinfo=UTC)
    assert deadline_policy.holidays_of(["2026-10-01", "国庆", "2026-10-02 "]) == [
        date(2026, 10, 1),
        date(2026, 10, 2),
    ]


def test_a_bad_duration_sets_no_deadline() -> None:
    # given / when / then
    assert deadline_policy.deadline({deadline_policy.DURATION: "two hours"}, datetime.now(UTC)) is None
    assert deadline_policy.deadline({}, datetime.now(UTC)) is None
    assert deadline_policy.deadline({deadline_policy.DURATION: "P99999999D"}, datetime.now(UTC)) is None
    huge = {deadline_policy.DURATION: "P9999999D", deadline_policy.CALENDAR: deadline_policy.WORKDAY}
    assert deadline_policy.deadline(huge, datetime.now(UTC)) is None
