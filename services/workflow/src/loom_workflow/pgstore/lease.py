"""The job lease: a scheduler leases due jobs (``FOR UPDATE SKIP LOCKED``), a worker takes a job's lease
before it runs it, a failed job is held back for a while. Statements on the caller's transaction."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

import psycopg

from loom_workflow.engine.runtime.entities import Job
from loom_workflow.engine.store.protocol import JobTake
from loom_workflow.pgstore.codec import MAPPINGS, dump_json

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

_JOB_COLUMNS = ", ".join(f"j.{'rev' if f == 'revision' else f}" for f in MAPPINGS[Job].fields)
# An external task of one of the worker's topics, free (or its lock expired), with retries left, past
# its retry timeout, of an instance not suspended: locked for the worker (SKIP LOCKED: two workers
# never take one task), each for its topic's lock duration.
LOCK_EXTERNAL = f"""
UPDATE act_ru_job j SET lock_owner = %(worker)s,
    lock_expiration_time = %(now)s + make_interval(secs => (%(topics)s::jsonb ->> t.topic)::float8)
FROM (
    SELECT x.id, x.handler_config::jsonb ->> 'topic' AS topic FROM act_ru_job x
    JOIN act_ru_execution e ON e.id = x.execution_id
    WHERE x.job_type = 'external' AND (x.handler_config::jsonb ->> 'topic') = ANY(%(names)s)
      AND x.retries > 0 AND (x.due_date IS NULL OR x.due_date <= %(now)s)
      AND (x.lock_expiration_time IS NULL OR x.lock_expiration_time < %(now)s) AND NOT e.suspended
    ORDER BY x.create_time, x.id LIMIT %(limit)s FOR UPDATE OF x SKIP LOCKED
) t
WHERE j.id = t.id
RETURNING {_JOB_COLUMNS}
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


def lock_external_jobs(
    conn: psycopg.Connection[Any], worker_id: str, topics: Mapping[str, float], limit: int, now: datetime
) -> list[tuple[Any, ...]]:
    """Locks free external jobs of ``topics`` (topic -> lock seconds) for ``worker_id``; their rows."""
    params = {
        "worker": worker_id,
        "topics": dump_json(dict(topics)),
        "names": list(topics),
        "limit": limit,
        "now": now,
    }
    return list(conn.execute(LOCK_EXTERNAL, params).fetchall())
