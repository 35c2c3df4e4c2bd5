"""Instance migration on the PostgreSQL store: the engine's migration tests (timers included), the
store swapped."""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest

from loom_workflow.pgstore.store import conninfo

from ..unit.engine.harness import Harness
from ..unit.engine.test_migration import (
    test_a_dry_run_tells_what_changes_and_writes_nothing,
    test_a_migrated_instance_runs_on_the_new_version_with_its_task_kept,
    test_a_migrated_timer_fires_on_the_new_version,
    test_a_node_mapped_by_hand_moves_the_token_and_the_new_version_assigns_it,
    test_an_instance_on_a_removed_node_cannot_move_and_stays_untouched,
)
from ..unit.engine.test_migration_timers import (
    test_a_countersigns_changed_deadline_is_re_armed_from_when_it_began,
    test_a_countersigns_removed_timer_is_cancelled_and_an_added_one_armed,
    test_a_tasks_timers_are_kept_re_armed_or_cancelled_per_the_new_definition,
    test_a_timer_already_past_its_new_due_date_fires_at_once,
    test_a_token_on_an_intermediate_timer_waits_as_the_new_version_says,
)
from .test_corpus_pg import TABLES, ScenarioStore, corpus_db

__all__ = [
    "corpus_db",
    "test_a_dry_run_tells_what_changes_and_writes_nothing",
    "test_a_migrated_instance_runs_on_the_new_version_with_its_task_kept",
    "test_a_migrated_timer_fires_on_the_new_version",
    "test_a_node_mapped_by_hand_moves_the_token_and_the_new_version_assigns_it",
    "test_an_instance_on_a_removed_node_cannot_move_and_stays_untouched",
    "test_a_countersigns_changed_deadline_is_re_armed_from_when_it_began",
    "test_a_countersigns_removed_timer_is_cancelled_and_an_added_one_armed",
    "test_a_tasks_timers_are_kept_re_armed_or_cancelled_per_the_new_definition",
    "test_a_timer_already_past_its_new_due_date_fires_at_once",
    "test_a_token_on_an_intermediate_timer_waits_as_the_new_version_says",
]


@pytest.fixture
def harness(corpus_db: str) -> Iterator[Harness]:
    """The engine's harness over an emptied PostgreSQL database."""
    with psycopg.connect(conninfo(corpus_db), autocommit=True) as conn:
        conn.execute(f"TRUNCATE {', '.join(TABLES)}")
    h = Harness()
    store = ScenarioStore(corpus_db)
    h.store = h.engine.store = store  # type: ignore[assignment]
    try:
        yield h
    finally:
        store.close()
