"""Keeps 流程分析's facts and daily rollups up to date with history.

The trigger of migration 0017 queues an instance in ``wf_an_pending`` when its history row ends.
:func:`catch_up` claims queued instances in batches and, per batch, in one transaction: writes one
fact per instance (duration, path, 退回, 撤销, overdue, department) and one per node it waited at
(the sum of its visits: a countersign's signers overlap in one visit, a node sent back to is visited
again), then adds the new facts to the daily rollups, everyone's and their department's. A fact is
written once (``ON CONFLICT DO NOTHING``) and only facts written by this batch are added up, so an
instance queued twice is counted once. Batches of two callers never overlap (``SKIP LOCKED``), and
the rollup upserts of concurrent batches are serialised by an advisory lock so they cannot deadlock
on the same day rows.
"""

from __future__ import annotations

from sqlalchemy import TextClause, text
from sqlalchemy.ext.asyncio import AsyncSession

from loom_platform.db import transaction
from loom_workflow.analytics.tables import BUCKETS_PER_DOUBLING, OFFICE_VARIABLE

# pg_advisory_xact_lock key of the rollup upserts ('wfan' in ASCII)
_LOCK = 0x7766616E
# Nodes where nothing waits (they start and end in one command) have no waiting time to show.
_NO_WAIT = (
    "a.activity_type NOT IN ('sequenceFlow', 'startEvent', 'endEvent', 'boundaryEvent', "
    "'intermediateThrowEvent') AND a.activity_type NOT LIKE '%Gateway'"
)
# the initiator's department at the start, as the start recorded it
OFFICE_SQL = (
    "(SELECT nullif(v.value #>> '{}', '') FROM act_hi_varinst v WHERE v.proc_inst_id = p.id "
    f"AND v.name = '{OFFICE_VARIABLE}' AND v.task_id IS NULL LIMIT 1)"
)
_ON_PATH = "a.activity_type <> 'sequenceFlow' AND a.activity_type NOT LIKE '%Gateway'"


def bucket_sql(ms: str) -> str:
    """The log bucket of a duration in ms (a ratio of 2^(1/8) per bucket; 0 for 0 and 1 ms)."""
    return f"floor(ln(greatest({ms}, 1)::float8) / ln(2) * {BUCKETS_PER_DOUBLING})::smallint"


_CLAIM = text(
    "DELETE FROM wf_an_pending WHERE proc_inst_id IN "
    "(SELECT proc_inst_id FROM wf_an_pending LIMIT :batch FOR UPDATE SKIP LOCKED) RETURNING proc_inst_id"
)

_INSTANCES = text(f"""
INSERT INTO wf_an_instance
    (proc_inst_id, proc_def_id, start_user_id, office_id, day, duration_ms, bucket, path, backs, revoked, overdue)
SELECT p.id, p.proc_def_id, p.start_user_id, {OFFICE_SQL}, (p.start_time AT TIME ZONE 'UTC')::date, d.ms, {bucket_sql("d.ms")},
       coalesce(visited.path, ''), coalesce(sent_back.n, 0), coalesce(p.delete_reason LIKE 'revoke%', false),
       EXISTS (SELECT 1 FROM act_hi_taskinst t WHERE t.proc_inst_id = p.id AND t.end_time > t.due_date)
FROM act_hi_procinst p
CROSS JOIN LATERAL (SELECT greatest(coalesce(p.duration_ms,
    (extract(epoch FROM p.end_time - p.start_time) * 1000)::bigint), 0) AS ms) d
LEFT JOIN LATERAL (
    -- a node visited by several rows in a row (a countersign's signers) is one step of the path
    SELECT string_agg(v.activity_id, '>' ORDER BY v.start_time, v.transaction_order) AS path
    FROM (SELECT a.activity_id, a.start_time, a.transaction_order,
                 lag(a.activity_id) OVER (ORDER BY a.start_time, a.transaction_order) AS previous
          FROM act_hi_actinst a WHERE a.proc_inst_id = p.id AND {_ON_PATH}) v
    WHERE v.previous IS DISTINCT FROM v.activity_id
) visited ON true
LEFT JOIN LATERAL (
    SELECT count(*) AS n FROM act_hi_comment c WHERE c.proc_inst_id = p.id AND c.type = '_flow_back'
) sent_back ON true
WHERE p.id = ANY(:ids) AND p.end_time IS NOT NULL
ON CONFLICT (proc_inst_id) DO NOTHING
RETURNING proc_inst_id
""")

_NODES = text(f"""
INSERT INTO wf_an_node (proc_inst_id, act_id, proc_def_id, start_user_id, office_id, day, wait_ms, bucket, overdue)
SELECT w.proc_inst_id, w.activity_id, f.proc_def_id, f.start_user_id, f.office_id, f.day, w.ms, {bucket_sql("w.ms")}, w.overdue
FROM (
    SELECT v.proc_inst_id, v.activity_id, sum(v.ms)::bigint AS ms, bool_or(v.overdue) AS overdue
    FROM (
        SELECT i.proc_inst_id, i.activity_id,
               greatest(extract(epoch FROM max(i.end_time) - min(i.start_time)) * 1000, 0) AS ms,
               bool_or(i.overdue) AS overdue
        FROM (
            SELECT s.*, sum(s.new_visit) OVER (PARTITION BY s.proc_inst_id, s.activity_id
                                               ORDER BY s.start_time, s.transaction_order) AS visit
            FROM (
                -- a row that starts before an earlier row of its node ended (a countersign's signers)
                -- belongs to that visit; a row after a gap (sent back, come again) opens a new one
                SELECT a.proc_inst_id, a.activity_id, a.start_time, a.end_time, a.transaction_order,
                       coalesce(t.end_time > t.due_date, false) AS overdue,
                       CASE WHEN a.start_time < max(a.end_time) OVER (
                                PARTITION BY a.proc_inst_id, a.activity_id ORDER BY a.start_time, a.transaction_order
                                ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
                            THEN 0 ELSE 1 END AS new_visit
                FROM act_hi_actinst a
                LEFT JOIN act_hi_taskinst t ON t.id = a.task_id
                WHERE a.proc_inst_id = ANY(:ids) AND a.end_time IS NOT NULL AND {_NO_WAIT}
            ) s
        ) i
        GROUP BY i.proc_inst_id, i.activity_id, i.visit
    ) v
    GROUP BY v.proc_inst_id, v.activity_id
) w
JOIN wf_an_instance f ON f.proc_inst_id = w.proc_inst_id
ON CONFLICT DO NOTHING
""")


def _add_to_days(table: str, key: str) -> TextClause:
    """Adds the facts of the instances ``:ids`` to the histogram rollup ``table``, by definition, ``key``
    (``""`` or ``"office_id, "``), day, node and bucket."""
    only = "AND office_id IS NOT NULL" if key else ""
    return text(f"""
INSERT INTO {table} AS r (proc_def_id, {key}day, act_id, bucket, n, total_ms, overdue, backs, revoked)
SELECT proc_def_id, {key}day, '', bucket, count(*), sum(duration_ms), count(*) FILTER (WHERE overdue),
       sum(backs), count(*) FILTER (WHERE revoked)
FROM wf_an_instance WHERE proc_inst_id = ANY(:ids) {only} GROUP BY proc_def_id, {key}day, bucket
UNION ALL
SELECT proc_def_id, {key}day, act_id, bucket, count(*), sum(wait_ms), count(*) FILTER (WHERE overdue), 0, 0
FROM wf_an_node WHERE proc_inst_id = ANY(:ids) {only} GROUP BY proc_def_id, {key}day, act_id, bucket
ON CONFLICT (proc_def_id, {key}day, act_id, bucket) DO UPDATE SET
    n = r.n + excluded.n, total_ms = r.total_ms + excluded.total_ms, overdue = r.overdue + excluded.overdue,
    backs = r.backs + excluded.backs, revoked = r.revoked + excluded.revoked
""")


def _add_to_paths(table: str, key: str) -> TextClause:
    """Adds the paths of the instances ``:ids`` to the path rollup ``table`` (as :func:`_add_to_days`)."""
    only = "AND office_id IS NOT NULL" if key else ""
    return text(f"""
INSERT INTO {table} AS r (proc_def_id, {key}day, path_hash, path, n)
SELECT proc_def_id, {key}day, md5(path), path, count(*)
FROM wf_an_instance WHERE proc_inst_id = ANY(:ids) {only} GROUP BY proc_def_id, {key}day, path
ON CONFLICT (proc_def_id, {key}day, path_hash) DO UPDATE SET n = r.n + excluded.n
""")


# everyone's, then per department
_ADD = (
    _add_to_days("wf_an_day", ""),
    _add_to_paths("wf_an_path_day", ""),
    _add_to_days("wf_an_office_day", "office_id, "),
    _add_to_paths("wf_an_office_path_day", "office_id, "),
)


async def roll_up_batch(session: AsyncSession, batch: int = 5000) -> int:
    """Claims up to ``batch`` queued instances and rolls them up (the caller commits); returns how
    many were claimed."""
    claimed = list((await session.execute(_CLAIM, {"batch": batch})).scalars())
    if not claimed:
        return 0
    written = list((await session.execute(_INSTANCES, {"ids": claimed})).scalars())
    if written:
        await session.execute(_NODES, {"ids": written})
        await session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK})
        for add in _ADD:
            await session.execute(add, {"ids": written})
    return len(claimed)


async def catch_up(session: AsyncSession, batch: int = 5000) -> int:
    """Rolls up every queued instance, a transaction per batch; returns how many."""
    total = 0
    while True:
        async with transaction(session):
            done = await roll_up_batch(session, batch)
        total += done
        if done < batch:
            return total
