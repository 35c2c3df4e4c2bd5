"""The engine's Flowable corpus scenarios, run against the PostgreSQL store instead of the in-memory
one: same runner, same steps; the store is swapped for one over a real database."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import psycopg
import pytest

from loom_platform.migrations import upgrade
from loom_platform.testing.fixtures import drop_database, recreate_database, worker_suffix
from loom_workflow.engine.runtime.events import EngineEvent
from loom_workflow.engine.store.protocol import ChangeSet
from loom_workflow.pgstore.codec import MAPPINGS
from loom_workflow.pgstore.store import PgStore, PgTx, conninfo

from ..conftest import SERVICE_DIR
from ..unit.engine import corpus_runner
from ..unit.engine.corpus_steps import Steps
from ..unit.engine.test_corpus import CORPUS, SCENARIOS
from ..unit.engine.test_regressions import REGRESSIONS
from ..unit.engine.test_regressions import SCENARIOS as REGRESSION_SCENARIOS

TABLES = [m.table for m in MAPPINGS.values()] + ["loom_outbox", "loom_history_queue"]


class ScenarioStore(PgStore):
    """A PostgreSQL store with the in-memory store's read helpers the runner uses."""

    def __init__(self, url: str) -> None:
        super().__init__(url, min_size=1, max_size=2)
        self.events: list[EngineEvent] = []
        self._pending: list[EngineEvent] = []

    def transaction(self) -> Any:  # type: ignore[override]
        store = self
        inner = super().transaction()

        class _Tx:
            def __enter__(self) -> PgTx:
                tx = inner.__enter__()
                original = tx.write

                def write(changes: ChangeSet) -> None:
                    original(changes)
                    store._pending.extend(changes.events)

                tx.write = write  # type: ignore[method-assign]
                return tx

            def __exit__(self, *exc: Any) -> Any:
                try:
                    return inner.__exit__(*exc)
                finally:
                    if exc[0] is None:
                        store.events.extend(store._pending)
                    store._pending.clear()

        return _Tx()

    def rows(self, kind: type) -> list[Any]:
        mapping = MAPPINGS[kind]
        self.apply_history()  # the history as the workers leave it once the lag is zero
        with self.pool.connection() as conn:
            found = conn.execute(f"{mapping.select} ORDER BY length(id), id").fetchall()
        return [mapping.to_row(r) for r in found]

    def raw(self, kind: type) -> dict[str, Any]:
        return {r.id: r for r in self.rows(kind)}


@pytest.fixture(scope="module")
def corpus_db(postgres_server_url: str) -> Iterator[str]:
    name = f"loom_workflow_corpus_{worker_suffix()}"
    url = recreate_database(postgres_server_url, name)
    upgrade(SERVICE_DIR, url)
    yield url
    drop_database(postgres_server_url, name)


def _uses_objects(scenario: dict[str, Any]) -> bool:
    return "<OBJ:" in str(scenario)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s["id"] for s in SCENARIOS])
def test_scenario_runs_on_postgresql(
    scenario: dict[str, Any], corpus_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if _uses_objects(scenario):
        pytest.skip("holds a Java object variable, which the PostgreSQL store refuses to persist")
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
        skipped = Steps(scenario, CORPUS).run()
    finally:
        for store in stores:
            store.close()
    # then: every non-optional step held
    assert all(isinstance(s, str) for s in skipped)


@pytest.mark.parametrize("scenario", REGRESSION_SCENARIOS, ids=[s["id"] for s in REGRESSION_SCENARIOS])
def test_regression_runs_on_postgresql(
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
        skipped = Steps(scenario, REGRESSIONS).run()
    finally:
        for store in stores:
            store.close()
    # then: every step held
    assert skipped == []
