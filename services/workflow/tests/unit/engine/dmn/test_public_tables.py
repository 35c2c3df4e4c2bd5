"""Public decision tables (Camunda's and Flowable's DMN engine test suites) give the results their
suites expect (``public/CASES.yaml`` names each file's source and test)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from loom_workflow.engine.dmn import evaluate_decision, parse_dmn
from loom_workflow.engine.errors import DecisionError

PUBLIC = Path(__file__).parent / "public"
TABLES: list[dict[str, Any]] = yaml.safe_load((PUBLIC / "CASES.yaml").read_text("utf-8"))["tables"]
CASES = [(t, i, case) for t in TABLES for i, case in enumerate(t["cases"])]


def _variables(case: dict[str, Any]) -> dict[str, object]:
    if (
        "args" in case
    ):  # HitPolicyTest.evaluateDecisionTable(input1, input2, input3, output1, output2, output3)
        names = ("input1", "input2", "input3", "output1", "output2", "output3")
        return dict(zip(names, case["args"], strict=True))
    return dict(case.get("vars") or {})


@pytest.mark.parametrize(("table", "index", "case"), CASES, ids=[f"{t['file']}#{i}" for t, i, _ in CASES])
def test_public_table_gives_its_suites_result(
    table: dict[str, Any], index: int, case: dict[str, Any]
) -> None:
    # given
    definitions = parse_dmn((PUBLIC / table["file"]).read_text("utf-8"))
    decision = table.get("decision", "decision")
    variables = _variables(case)
    # when / then
    if "error" in case:
        with pytest.raises(DecisionError) as failed:
            evaluate_decision(definitions, decision, variables)
        assert failed.value.message.startswith(case["error"]), (index, failed.value.message)
        return
    results = evaluate_decision(definitions, decision, variables).results
    if "entries" in case:
        assert [next(iter(r.values())) for r in results] == case["entries"]
        assert all(len(r) == 1 for r in results)
    else:
        assert results == case["results"]
