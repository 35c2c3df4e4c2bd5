"""Regression scenarios of issue 15 (inclusive join, boundary history, terminate in a sub-process,
asyncLeave on an end event), in the corpus format, on the in-memory store."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from .corpus_steps import Steps

REGRESSIONS = Path(__file__).parent / "regressions"
SCENARIOS: list[dict[str, Any]] = yaml.safe_load((REGRESSIONS / "SCENARIOS.yaml").read_text("utf-8"))[
    "scenarios"
]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s["id"] for s in SCENARIOS])
def test_regression_runs_as_flowable_does(scenario: dict[str, Any]) -> None:
    # given
    runner = Steps(scenario, REGRESSIONS)
    # when
    skipped = runner.run()
    # then: every step held
    assert skipped == []
