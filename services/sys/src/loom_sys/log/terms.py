"""The distinct routes and login names the log holds, kept beside ``sys_log`` so that a "contains"
search of either runs over a few hundred values instead of a year of rows.

The embedded PostgreSQL has no ``pg_trgm``, so no index serves ``request_uri ILIKE '%x%'`` over
5 million rows. But routes and login names repeat: a platform has a few hundred routes and a few
hundred users. :func:`matching` finds the values that contain the text in ``sys_log_term``, and the
list then asks ``request_uri = ANY(values)`` (or ``create_by_name``), which the per-partition
indexes ``(request_uri, create_date)`` and ``(create_by_name, create_date)`` answer.

A term is noted in the transaction that stores its log row (:func:`note`: a conflict on a known
term writes nothing). Deleting logs leaves their terms: a term that matches no row only widens the
``ANY`` list. When more than :data:`MATCH_LIMIT` values match (a one-letter search, or a flood of
invented login names), the list falls back to the scan.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.paging import contains
from loom_sys.log.models import LogTerm

URI, LOGIN = "uri", "login"
MATCH_LIMIT = 1000

# Fills the terms from the rows already stored (the migration that adds the table, and the bench).
BACKFILL = (
    "INSERT INTO sys_log_term (kind, value) "
    f"SELECT DISTINCT '{URI}', request_uri FROM sys_log WHERE request_uri IS NOT NULL "
    f"UNION SELECT DISTINCT '{LOGIN}', create_by_name FROM sys_log WHERE create_by_name IS NOT NULL "
    "ON CONFLICT DO NOTHING"
)


async def note_many(session: AsyncSession, *, uris: set[str], login_names: set[str]) -> None:
    """Notes stored rows' routes and login names (in the rows' transaction: a rolled-back row leaves
    none), sorted so that two batches noting the same new terms lock them in the same order."""
    rows = [{"kind": URI, "value": v} for v in sorted(uris)] + [
        {"kind": LOGIN, "value": v} for v in sorted(login_names)
    ]
    if rows:
        await session.execute(insert(LogTerm).on_conflict_do_nothing(), rows)


async def matching(session: AsyncSession, kind: str, text: str) -> list[str] | None:
    """The values of ``kind`` that contain ``text`` (any case); None when more than :data:`MATCH_LIMIT` do."""
    stmt = (
        select(LogTerm.value)
        .where(LogTerm.kind == kind, contains(LogTerm.value, text))  # type: ignore[arg-type]
        .limit(MATCH_LIMIT + 1)
    )
    found = list((await session.execute(stmt)).scalars())
    return None if len(found) > MATCH_LIMIT else found
