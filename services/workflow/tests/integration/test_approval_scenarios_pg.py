"""The approval scenarios (issue 27) on the PostgreSQL store: same runner and steps as the in-memory
run, so a send-back writes exactly the rows it asserts there."""

from __future__ import annotations

from typing import Any

import psycopg
import pytest

from loom_workflow.pgstore.store import conninfo

from ..unit.engine import corpus_runner
from ..unit.engine.approval_steps import APPROVAL_SCENARIOS, APPROVALS, ApprovalSteps
from .test_corpus_pg import TABLES, ScenarioStore, corpus_db

__all__ = ["corpus_db"]


@pytest.mark.parametrize("scenario", APPROVAL_SCENARIOS, ids=[s["id"] for s in APPROVAL_SCENARIOS])
def test_approval_scenario_runs_on_postgresql(
    scenario: dict[str, Any], corpus_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # given: an empty database and the runner on the PostgreSQL store
    with psycopg.connect(conninfo(corpus_db), autocommit=True) as conn:
        conn.execute(f"TRUNCATE {', '.join(TABLES)}")
    stores: list[ScenarioStore] = []

    def factory() -> ScenarioStore:
        stores.append(ScenarioStore(corpus_db))
        return stores[-1]

    monkeypatch.setattr(corpus_runner, "InMemoryStore", factory)
    try:
        # when
        skipped = ApprovalSteps(scenario, APPROVALS).run()
    finally:
        for store in stores:
            store.close()
    # then: every step held
    assert skipped == []
