"""Task operations: BPMN assignment and the resolver hook, claim, transfer, delegate/resolve, listeners."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from loom_workflow.engine import IllegalState, Registry, TaskAssignment
from loom_workflow.engine.commands import AddComment, ClaimTask, GetVariables, RemoveCandidates
from loom_workflow.engine.hooks import AssignmentRequest
from loom_workflow.engine.runtime.entities import Comment, HistoricTaskInstance, IdentityLink

from .harness import Harness, bpmn, chain

APPROVAL = bpmn(
    '<startEvent id="s" flowable:initiator="applyUserId"/>'
    '<userTask id="approve" name="Approve ${title}" flowable:assignee="${boss}" '
    'flowable:candidateUsers="ann, ${deputy}" flowable:candidateGroups="hr,finance" '
    'flowable:formKey="/forms/leave" flowable:priority="${urgent ? 80 : 50}" flowable:dueDate="P2D"/>'
    '<userTask id="archive" name="Archive" flowable:assignee="${applyUserId}"/><endEvent id="e"/>'
    + chain("s", "approve", "archive", "e")
)


def _start(h: Harness) -> str:
    h.deploy(APPROVAL)
    return h.start(user="tom", title="leave", boss="bob", deputy="dan", urgent=True)


def test_user_task_attributes_are_evaluated_from_variables() -> None:
    # given
    h = Harness()
    # when
    pid = _start(h)
    # then
    task = h.task("Approve leave")
    assert (task.assignee, task.form_key, task.priority) == ("bob", "/forms/leave", 80)
    assert task.due_date is not None and (task.due_date - h.clock.now()).days == 2
    links = {(link.user_id, link.group_id) for link in h.links(task.id)}
    assert links == {("ann", None), ("dan", None), (None, "hr"), (None, "finance")}
    assert h.engine.execute(GetVariables(pid))["applyUserId"] == "tom"


def test_initiator_becomes_assignee_of_a_later_task() -> None:
    # given
    h = Harness()
    _start(h)
    # when
    h.complete("Approve leave")
    # then
    assert h.task("Archive").assignee == "tom"


class _Reviewers:
    """Resolves reviewer rules the way the workflow service will (here: a role lookup)."""

    def __init__(self) -> None:
        self.requests: list[AssignmentRequest] = []

    def resolve(self, request: AssignmentRequest) -> TaskAssignment:
        self.requests.append(request)
        if request.task_def_key == "approve":
            return TaskAssignment(candidate_users=("role-lead-1", "role-lead-2"))
        return request.default


def test_assignment_resolver_hook_replaces_the_bpmn_assignment() -> None:
    # given
    resolver = _Reviewers()
    h = Harness(resolver=resolver)
    # when
    _start(h)
    # then
    task = h.task("Approve leave")
    assert task.assignee is None
    assert sorted(link.user_id or "" for link in h.links(task.id)) == ["role-lead-1", "role-lead-2"]
    (request,) = resolver.requests
    assert request.default.assignee == "bob" and request.start_user_id == "tom"
    assert request.variables["title"] == "leave" and request.process_definition_key == "p"


def test_claim_refuses_a_task_claimed_by_someone_else() -> None:
    # given
    h = Harness()
    _start(h)
    task = h.task("Approve leave")
    # when / then
    with pytest.raises(IllegalState, match="already claimed"):
        h.engine.execute(ClaimTask(task.id, "eve"))
    h.engine.execute(ClaimTask(task.id, None))
    claimed = h.engine.execute(ClaimTask(task.id, "eve"))
    assert claimed.assignee == "eve" and claimed.claim_time is not None


def test_transfer_changes_the_assignee_and_history() -> None:
    # given
    h = Harness()
    _start(h)
    task = h.task("Approve leave")
    # when
    h.engine.set_assignee(task.id, "zoe")
    # then
    assert h.task("Approve leave").assignee == "zoe"
    assert h.store.raw(HistoricTaskInstance)[task.id].assignee == "zoe"


def test_delegate_then_resolve_returns_the_task_to_its_owner() -> None:
    # given
    h = Harness()
    _start(h)
    task = h.task("Approve leave")
    # when
    delegated = h.engine.delegate(task.id, "dan")
    with pytest.raises(IllegalState, match="should be resolved"):
        h.engine.complete_task(task.id)
    resolved = h.engine.resolve(task.id, {"opinion": "ok"})
    # then
    assert (delegated.owner, delegated.assignee, delegated.delegation_state) == ("bob", "dan", "PENDING")
    assert (resolved.owner, resolved.assignee, resolved.delegation_state) == ("bob", "bob", "RESOLVED")
    h.engine.complete_task(task.id)
    assert h.task("Archive")


def test_candidates_can_be_added_and_removed() -> None:
    # given
    h = Harness()
    _start(h)
    task = h.task("Approve leave")
    # when
    h.engine.add_candidates(task.id, ["kim"], ["ops"])
    remaining = h.engine.execute(RemoveCandidates(task.id, user_ids=["ann"], group_ids=["hr"]))
    # then
    assert {(link.user_id, link.group_id) for link in remaining} == {
        ("dan", None),
        ("kim", None),
        (None, "finance"),
        (None, "ops"),
    }
    participants = {
        link.user_id
        for link in h.store.rows(IdentityLink)
        if link.type == "participant" and link.task_id is None
    }
    assert {"bob", "ann", "dan", "kim"} <= participants


def test_comments_are_kept_in_history() -> None:
    # given
    h = Harness()
    pid = _start(h)
    task = h.task("Approve leave")
    # when
    h.engine.execute(AddComment("同意", task_id=task.id, type="_flow_agree"), user_id="bob")
    # then
    (comment,) = h.store.rows(Comment)
    assert (comment.proc_inst_id, comment.user_id, comment.type, comment.message) == (
        pid,
        "bob",
        "_flow_agree",
        "同意",
    )


def test_task_listeners_run_for_create_assignment_and_complete() -> None:
    # given
    seen: list[tuple[str, str | None]] = []

    def audit(task: object, fields: Mapping[str, object]) -> None:
        from loom_workflow.engine.agenda.facades import TaskFacade

        assert isinstance(task, TaskFacade)
        seen.append((str(task.event_name), task.task.assignee))

    registry = Registry()
    registry.register_class("com.acme.Audit", audit)
    h = Harness(registry=registry)
    h.deploy(
        bpmn(
            '<startEvent id="s"/><userTask id="t" name="T" flowable:assignee="ann"><extensionElements>'
            '<flowable:taskListener event="create" expression="${task.setVariableLocal(\'seen\', true)}"/>'
            '<flowable:taskListener event="all" class="com.acme.Audit"/>'
            '</extensionElements></userTask><endEvent id="e"/>' + chain("s", "t", "e")
        )
    )
    h.start()
    # when
    h.engine.set_assignee(h.task("T").id, "bob")
    h.complete("T")
    # then
    assert seen == [("create", "ann"), ("assignment", "ann"), ("assignment", "bob"), ("complete", "bob")]
