"""``sys_log`` is partitioned by month of ``create_date``: a year of logs is twelve tables, a month
can be dropped at once, and a list bounded by dates reads only its months.

A month's partition is created ahead of time (this month and the next :data:`MONTHS_AHEAD`, when
sys starts and when the log consumer first stores a row of a new day). A row of a month without a
partition lands in ``sys_log_default``, so none is ever refused; creating that month later moves
its rows out of the default partition first.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

MONTHS_AHEAD = 2
DEFAULT = "sys_log_default"
# Two sys replicas creating a month at once wait for each other (pg_advisory_xact_lock's key).
LOCK_KEY = 7_402_861


def months(first: date, last: date) -> list[date]:
    """The first day of every month from ``first``'s to ``last``'s."""
    found, current = [], date(first.year, first.month, 1)
    while current <= last:
        found.append(current)
        current = _next(current)
    return found


def ahead(today: date) -> list[date]:
    """This month and the next :data:`MONTHS_AHEAD`."""
    last = date(today.year, today.month, 1)
    for _ in range(MONTHS_AHEAD):
        last = _next(last)
    return months(today, last)


def _next(month: date) -> date:
    return date(month.year + month.month // 12, month.month % 12 + 1, 1)


def name(month: date) -> str:
    return f"sys_log_{month.year:04d}_{month.month:02d}"


def statements(month: date) -> list[str]:
    """The statements that create ``month``'s partition if it is missing, moving any of its rows
    out of the default partition (PostgreSQL refuses a new partition whose rows sit in the default)."""
    start, stop = month.isoformat(), _next(month).isoformat()
    bounds = f"create_date >= '{start} 00:00:00+00' AND create_date < '{stop} 00:00:00+00'"
    table = name(month)
    return [
        f"CREATE TEMP TABLE IF NOT EXISTS {table}_moved ON COMMIT DROP AS "
        f"SELECT * FROM {DEFAULT} WHERE {bounds} AND NOT EXISTS "
        f"(SELECT 1 FROM pg_class WHERE relname = '{table}')",
        f"DELETE FROM {DEFAULT} WHERE {bounds} AND NOT EXISTS (SELECT 1 FROM pg_class WHERE relname = '{table}')",
        f"CREATE TABLE IF NOT EXISTS {table} PARTITION OF sys_log "
        f"FOR VALUES FROM ('{start} 00:00:00+00') TO ('{stop} 00:00:00+00')",
        f"INSERT INTO sys_log SELECT * FROM {table}_moved",
        f"DROP TABLE {table}_moved",
    ]


def ensure(wanted: Iterable[date]) -> list[str]:
    """The statements that create the partitions of ``wanted`` months (run in one transaction)."""
    return [f"SELECT pg_advisory_xact_lock({LOCK_KEY})", *(s for month in wanted for s in statements(month))]
