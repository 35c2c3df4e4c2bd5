"""The engine's work tests (decisions, external tasks, HTTP calls, BPMN errors) on the PostgreSQL store:
the same test functions, the harness over a real database."""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest

from loom_workflow.engine import Engine, ManualClock, SequentialIdGenerator
from loom_workflow.pgstore.store import conninfo

from ..unit.engine.harness import T0, Harness
from ..unit.engine.test_work import (  # noqa: F401 - collected here too, with the fixture below
    test_a_bpmn_error_from_a_worker_is_caught_by_the_boundary_event,
    test_a_decision_evaluated_alone_is_recorded_without_an_instance,
    test_a_handled_status_is_a_bpmn_error_and_a_failing_one_an_incident,
    test_a_lock_is_extended_or_given_back,
    test_a_missing_decision_fails_the_start,
    test_a_worker_fetches_locks_and_completes_an_external_task,
    test_an_http_connector_sets_its_output_parameters,
    test_an_http_task_calls_between_two_commands_and_maps_the_answer,
    test_business_rule_task_routes_by_its_decision,
    test_decision_bindings_pick_version_tag_and_deployment,
    test_decision_result_mappings,
    test_failures_count_down_to_an_incident_that_a_retry_clears,
    test_single_entry_of_a_compound_output_is_refused,
    test_without_result_variable_the_outputs_become_variables,
)
from .test_corpus_pg import TABLES, ScenarioStore, corpus_db  # noqa: F401 - the database fixture


class PgHarness(Harness):
    """The unit tests' harness on the PostgreSQL store."""

    def __init__(self, store: ScenarioStore) -> None:
        self.store = store  # type: ignore[assignment]
        self.clock = ManualClock(T0)
        self.engine = Engine(store, clock=self.clock, ids=SequentialIdGenerator())


@pytest.fixture
def h(corpus_db: str) -> Iterator[Harness]:  # noqa: F811 - the fixture the imported tests take
    with psycopg.connect(conninfo(corpus_db), autocommit=True) as conn:
        conn.execute(f"TRUNCATE {', '.join(TABLES)}")
    store = ScenarioStore(corpus_db)
    try:
        yield PgHarness(store)
    finally:
        store.close()
