"""The job lease: a scheduler leases due jobs (``FOR UPDATE SKIP LOCKED``), a worker takes a job's lease
before it runs it, a failed job is held back for a while. Statements on the caller's transaction."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import psycopg

from loom_workflow.engine.store.protocol import JobTake

LEASE = """
UPDATE act_ru_job j SET lock_owner = %(owner)s, lock_expiration_time = now() + make_interval(secs => %(lease)s)
WHERE j.id IN (
    SELECT id FROM act_ru_job
    WHERE job_type IN ('timer', 'message') AND retries > 0
      AND coalesce(due_date, create_time) <= now()
      AND (lock_expiration_time IS NULL OR lock_expiration_time < now())
    ORDER BY coalesce(due_date, create_time), id
    LIMIT %(limit)s FOR UPDATE SKIP LOCKED
)
RETURNING j.id, j.lock_expiration_time
"""
TAKE = """
UPDATE act_ru_job SET lock_owner = %(owner)s, lock_expiration_time = now() + make_interval(secs => %(lease)s)
WHERE id = %(id)s AND (lock_owner IS NULL OR lock_owner LIKE 'scheduler-%%' OR lock_owner = %(owner)s
                       OR lock_expiration_time < now())
RETURNING id
"""

_DELAY = (
    "UPDATE act_ru_job SET lock_owner = 'retry', lock_expiration_time = now() + make_interval(secs => %s) "
    "WHERE id = %s AND job_type <> 'deadletter'"
)


def lease_due_jobs(
    conn: psycopg.Connection[Any], owner: str, lease_seconds: float, limit: int
) -> list[tuple[str, datetime]]:
    """Leases due jobs (``FOR UPDATE SKIP LOCKED``: schedulers never hand out one job twice)."""
    rows = conn.execute(LEASE, {"owner": owner, "lease": lease_seconds, "limit": limit}).fetchall()
    return [(str(r[0]), r[1]) for r in rows]


def take_job(conn: psycopg.Connection[Any], job_id: str, owner: str, lease_seconds: float) -> JobTake:
    """'mine' when the lease is now ours, 'gone' when the job no longer exists, 'busy' otherwise."""
    if conn.execute(TAKE, {"id": job_id, "owner": owner, "lease": lease_seconds}).fetchone():
        return "mine"
    exists = conn.execute("SELECT 1 FROM act_ru_job WHERE id = %s", (job_id,)).fetchone()
    return "busy" if exists else "gone"


def delay_job(conn: psycopg.Connection[Any], job_id: str, seconds: float) -> None:
    """Keeps a failed job from being handed out again at once."""
    conn.execute(_DELAY, (seconds, job_id))
