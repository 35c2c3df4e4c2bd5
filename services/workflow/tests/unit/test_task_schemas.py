"""A task operation's fields are read once: the form's values as sent, the process variables typed."""

from __future__ import annotations

import pytest

from loom_platform.errors import InvalidArgument
from loom_workflow.task.schemas import AuditRequest, BackRequest, SignRequest, StartRequest


def test_a_start_keeps_its_own_fields_apart_from_the_form_values_and_types_the_variables() -> None:
    # given: the client's query plus vars JSON (a field sent twice: vars wins)
    fields = {
        "procDefKey": "leave",
        "businessTable": "oa_leave",
        "title": "请假",
        "days": "3",
        "code": "007",
        "urgent": "true",
        "vars": '{"reason": "探亲", "days": "4", "title": "ignored"}',
    }
    # when
    request = StartRequest.from_fields(fields)
    # then
    assert (request.key, request.business_table, request.title, request.definition_id) == (
        "leave",
        "oa_leave",
        "请假",
        None,
    )
    assert request.submitted == {"days": "4", "code": "007", "urgent": "true", "reason": "探亲"}
    assert request.variables == {"days": 4, "code": 7, "urgent": True, "reason": "探亲"}


def test_an_audit_reads_its_comment_and_takes_the_next_handler_from_it_when_not_given() -> None:
    # given
    fields = {
        "taskId": "t1",
        "vars": '{"amount": "12.5"}',
        "comment": '{"type": "_flow_agree", "status": "同意", "message": " 好 ", "assignee": "u-bob"}',
    }
    # when
    request = AuditRequest.from_fields(fields)
    # then
    assert request.task_id == "t1" and request.assignee == "u-bob"
    assert (request.comment.type, request.comment.status, request.comment.message) == (
        "_flow_agree",
        "同意",
        " 好 ",
    )
    assert request.submitted == {"amount": "12.5"} and request.variables == {"amount": 12.5}


def test_a_back_without_a_comment_leaves_its_defaults_to_the_service() -> None:
    # when
    request = BackRequest.from_fields("t1", {"backTaskDefKey": ""})
    # then
    assert request.target is None
    assert (request.comment.type, request.comment.status, request.comment.message) == (None, None, None)


@pytest.mark.parametrize("sent", ["u-a,u-b", '"u-a,u-b"', '["u-a", "u-b"]'])
def test_countersigners_read_the_same_however_the_client_joins_them(sent: str) -> None:
    # when / then
    assert SignRequest.from_fields({"taskId": "t1", "userIds": sent}).user_ids == ["u-a", "u-b"]


def test_vars_that_are_not_json_are_refused_naming_the_field() -> None:
    # when / then
    with pytest.raises(InvalidArgument) as refused:
        AuditRequest.from_fields({"taskId": "t1", "vars": "{days: 3"})
    assert (refused.value.key, refused.value.params) == ("workflow.json_invalid", {"detail": "vars"})
