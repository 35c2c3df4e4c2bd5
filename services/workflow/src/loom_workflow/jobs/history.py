"""History workers: apply the commands' history records to ACT_HI_* (see ``pgstore/history.py``).

A role of the worker processes (``history_workers`` threads in ``loom-workflow worker``) and a process
of its own (``loom-workflow history``), so that history is scaled apart from jobs. Each thread loops:
one batch (up to ``history_batch`` records of trees no one else is applying, applied and deleted in
one transaction), again at once while there is work, else after ``history_poll_seconds``.

Metrics (``history_metrics.py``): ``loom_workflow_history_lag_seconds`` (histogram: a record's age when applied, observed by
the process that applied it) and, refreshed by every API process from the queue itself,
``loom_workflow_history_pending_records`` and ``loom_workflow_history_oldest_pending_seconds`` (the
alert-worthy gauge: it grows when the workers fall behind).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from loom_workflow.history_metrics import OLDEST, PENDING, observe
from loom_workflow.pgstore import history
from loom_workflow.pgstore.store import PgStore

log = logging.getLogger(__name__)


def serve_metrics(port: int) -> None:
    """``/metrics`` of a worker or history process on ``port`` (nothing when 0)."""
    if port:
        from prometheus_client import start_http_server

        start_http_server(port)


class HistoryWorker:
    """One applying thread over a store's pool."""

    def __init__(self, store: PgStore, *, batch: int = 500, poll_seconds: float = 0.05) -> None:
        self.store = store
        self.batch = batch
        self.poll_seconds = poll_seconds
        self.applied = 0
        self.on_batch: Callable[[history.Applied], None] | None = None  # e.g. a benchmark's lag figures
        self._stop = threading.Event()

    def run(self) -> None:
        """Applies batches until stopped (a failed batch is logged and retried after a pause)."""
        while not self._stop.is_set():
            try:
                done = self.store.apply_history_batch(self.batch)
            except Exception:
                if self._stop.is_set():
                    break
                log.exception("history batch failed")
                self._stop.wait(1.0)
                continue
            observe(done)
            self.applied += done.records
            if self.on_batch is not None and done.records:
                self.on_batch(done)
            if done.records < self.batch:
                self._stop.wait(self.poll_seconds)

    def stop(self) -> None:
        """Ends the loop after the current batch."""
        self._stop.set()


@asynccontextmanager
async def history_workers(
    store: PgStore, count: int, *, batch: int, poll_seconds: float
) -> AsyncIterator[list[HistoryWorker]]:
    """``count`` applying threads for the duration of the context."""
    workers = [HistoryWorker(store, batch=batch, poll_seconds=poll_seconds) for _ in range(max(0, count))]
    threads = [
        threading.Thread(target=w.run, name=f"history-{i}", daemon=True) for i, w in enumerate(workers)
    ]
    for thread in threads:
        thread.start()
    try:
        yield workers
    finally:
        for worker in workers:
            worker.stop()
        loop = asyncio.get_running_loop()
        for thread in threads:
            await loop.run_in_executor(None, thread.join, 10)


@asynccontextmanager
async def lag_gauge(runtime: Any, seconds: float) -> AsyncIterator[None]:
    """Refreshes the pending-records gauges from the queue every ``seconds`` (API processes)."""

    async def refresh() -> None:
        while True:
            try:
                pending, oldest = await runtime.query(lambda tx: history.lag(tx.conn))
                PENDING.set(pending)
                OLDEST.set(oldest)
            except Exception:
                log.debug("history lag not read", exc_info=True)
            await asyncio.sleep(seconds)

    task = asyncio.create_task(refresh())
    try:
        yield
    finally:
        task.cancel()


async def run_history(settings: Any) -> None:
    """``loom-workflow history``: a process that only applies history, until SIGTERM."""
    import signal

    from loom_platform.logging import configure

    configure(f"{settings.service_name}-history", settings.log_level, settings.log_json)
    serve_metrics(settings.worker_metrics_port)
    store = PgStore(settings.database_url, min_size=1, max_size=max(1, settings.history_workers))
    from loom_workflow.collector import quiet_gc

    quiet_gc()
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stopping.set)
    try:
        async with history_workers(
            store,
            max(1, settings.history_workers),
            batch=settings.history_batch,
            poll_seconds=settings.history_poll_seconds,
        ):
            await stopping.wait()
    finally:
        await loop.run_in_executor(None, store.close)
