"""A resolver's note on a new task: recorded as the task's comment; a completing note completes the
task at once (automatic approval, a skipped node) and the flow goes on in the same command."""

from __future__ import annotations

from loom_workflow.engine.hooks import AssignmentNote, AssignmentRequest, TaskAssignment
from loom_workflow.engine.runtime.entities import Comment

from .harness import Harness, bpmn, chain

PROCESS = bpmn(
    '<startEvent id="s"/><userTask id="apply" name="Apply" flowable:assignee="ann"/>'
    '<userTask id="review" name="Review" flowable:assignee="ann"/><endEvent id="e"/>'
    + chain("s", "apply", "review", "e")
)


class AutoApproveApply:
    """Approves the apply node automatically; notes the review without completing it."""

    def resolve(self, request: AssignmentRequest) -> TaskAssignment:
        complete = request.task_def_key == "apply"
        note = AssignmentNote("auto", f"note of {request.task_def_key}", complete)
        return TaskAssignment(assignee=request.default.assignee, note=note)


def test_a_completing_note_completes_the_task_and_the_flow_goes_on() -> None:
    # given
    h = Harness(resolver=AutoApproveApply())
    h.deploy(PROCESS)
    # when
    pid = h.start()
    # then: apply is done (history ended normally), review waits, both carry their note
    assert h.names(pid) == ["Review"]
    apply = [t for t in h.historic_tasks() if t.task_def_key == "apply"][0]
    assert apply.end_time is not None and apply.delete_reason is None
    notes = sorted((c.message, c.user_id, c.type) for c in h.store.rows(Comment))
    assert notes == [("note of apply", "ann", "auto"), ("note of review", "ann", "auto")]


def test_a_note_that_does_not_complete_leaves_the_task_open() -> None:
    # given
    h = Harness(resolver=AutoApproveApply())
    h.deploy(PROCESS)
    pid = h.start()
    # when
    h.complete("Review")
    # then
    assert h.ended(pid)
