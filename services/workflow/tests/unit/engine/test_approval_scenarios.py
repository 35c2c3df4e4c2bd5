"""The approval scenarios (issue 27): send-back into and out of parallel, inclusive, countersign and
sub-process sections, with transfer, delegate, add-sign and deadlines, on the in-memory store; every
step asserts the task, execution, timer and history rows it leaves."""

from __future__ import annotations

from typing import Any

import pytest

from .approval_steps import APPROVAL_SCENARIOS, APPROVALS, ApprovalSteps


@pytest.mark.parametrize("scenario", APPROVAL_SCENARIOS, ids=[s["id"] for s in APPROVAL_SCENARIOS])
def test_approval_scenario_leaves_the_rows_of_a_fresh_run(scenario: dict[str, Any]) -> None:
    # given
    runner = ApprovalSteps(scenario, APPROVALS)
    # when
    skipped = runner.run()
    # then: every step held
    assert skipped == []
