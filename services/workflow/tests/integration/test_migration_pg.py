"""Instance migration on the PostgreSQL store: the engine's migration tests, the store swapped."""

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
from .test_corpus_pg import TABLES, ScenarioStore, corpus_db

__all__ = [
    "corpus_db",
    "test_a_dry_run_tells_what_changes_and_writes_nothing",
    "test_a_migrated_instance_runs_on_the_new_version_with_its_task_kept",
    "test_a_migrated_timer_fires_on_the_new_version",
    "test_a_node_mapped_by_hand_moves_the_token_and_the_new_version_assigns_it",
    "test_an_instance_on_a_removed_node_cannot_move_and_stays_untouched",
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
