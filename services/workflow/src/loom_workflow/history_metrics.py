"""The history workers' metrics (see ``jobs/history.py``): a record's age when applied and the size of
a batch, observed by whichever process applied it (a history worker, or an API process reading its
own writes through ``engine_host``), and the queue's gauges that every API process refreshes."""

from __future__ import annotations

from prometheus_client import Gauge, Histogram

from loom_workflow.pgstore import history

LAG = Histogram(
    "loom_workflow_history_lag_seconds",
    "Age of a history record when it was applied to the history tables",
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0),
)
APPLIED = Histogram(
    "loom_workflow_history_batch_records",
    "History records applied per batch",
    buckets=(1, 2, 5, 10, 25, 50, 100, 250, 500, 1000),
)
PENDING = Gauge("loom_workflow_history_pending_records", "History records waiting to be applied")
OLDEST = Gauge(
    "loom_workflow_history_oldest_pending_seconds", "Age of the oldest history record not applied yet"
)


def observe(applied: history.Applied) -> None:
    """Records a batch's figures."""
    if applied.records:
        APPLIED.observe(applied.records)
        for lag in applied.lags:
            LAG.observe(lag)
