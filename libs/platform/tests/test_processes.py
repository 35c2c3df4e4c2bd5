"""A workflow form's record and its process: when it may be changed, started and deleted, and what its
list shows, in both languages."""

from __future__ import annotations

import pytest

from loom_platform.errors import ErrorCode
from loom_platform.i18n import current_language
from loom_platform.processes import (
    ProcessState,
    RecordClosed,
    RecordInProcess,
    RecordRunning,
    check_deletable,
    check_editable,
    shown,
)

RUNNING_ELSEWHERE = ProcessState("p1", "running", ("部门审批",))
SENT_BACK = ProcessState("p1", "running", ("发起人",), handler=True)
APPROVED = ProcessState("p1", "completed")


@pytest.mark.parametrize(
    ("state", "editable"),
    [
        (None, True),  # a draft
        (ProcessState("p1", "revoked"), True),  # withdrawn: the initiator's draft again
        (SENT_BACK, True),  # waits on the caller
        (RUNNING_ELSEWHERE, False),
        (APPROVED, False),
        (ProcessState("p1", "rejected"), False),
        (ProcessState("p1", "stopped"), False),
    ],
)
def test_a_record_may_be_changed_only_as_a_draft_or_by_whom_its_process_waits_on(state, editable):
    # when / then
    assert shown(state)["editable"] is editable
    if editable:
        check_editable(state)
    else:
        with pytest.raises((RecordInProcess, RecordClosed)) as refused:
            check_editable(state)
        assert refused.value.code is ErrorCode.FAILED_PRECONDITION


def test_the_refusals_speak_the_callers_language():
    # given an approved record and one in progress at another's node
    token = current_language.set("en-US")
    try:
        with pytest.raises(RecordClosed) as closed:
            check_editable(APPROVED)
        with pytest.raises(RecordInProcess) as running:
            check_editable(RUNNING_ELSEWHERE)
        english = (closed.value.message(), running.value.message())
    finally:
        current_language.reset(token)
    with pytest.raises(RecordClosed) as closed_zh:
        check_editable(APPROVED)
    # then
    assert english == (
        "The process has ended (Completed): the record can no longer be changed",
        "The process is in progress: only a draft or a record sent back to its initiator can be changed",
    )
    assert closed_zh.value.message() == "流程已结束，不能再修改"


def test_a_record_whose_process_runs_is_not_deleted():
    # when / then: running refuses the whole delete, ended or none is deleted
    with pytest.raises(RecordRunning) as refused:
        check_deletable([None, SENT_BACK])
    assert refused.value.message() == "流程审批中，不能删除：请先撤销或终止流程"
    check_deletable([None, APPROVED, ProcessState("p2", "revoked")])


def test_the_list_shows_the_status_and_the_current_node():
    # when
    running = shown(RUNNING_ELSEWHERE, "zh-CN")
    draft = shown(None, "en-US")
    # then
    assert (running["statusText"], running["taskName"], running["procInsId"]) == ("审批中", "部门审批", "p1")
    assert not running["startable"] and not running["deletable"]
    assert (draft["status"], draft["statusText"], draft["startable"]) == ("none", "Not started", True)


def test_a_state_survives_its_trip_over_nats():
    # when / then
    assert ProcessState.from_json(SENT_BACK.to_json()) == SENT_BACK
    assert ProcessState.from_json({"instance_id": "x", "status": "unheard-of"}).status == "deleted"
