"""Incidents read from the jobs table (dead letters)."""

from __future__ import annotations

from sqlalchemy import select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_workflow.common import iso
from loom_workflow.engine.runtime.entities import Job
from loom_workflow.engine.runtime.jobs import DEADLETTER, EXTERNAL_WORKER, HTTP_REQUEST, external_topic
from loom_workflow.incident.schemas import Incident
from loom_workflow.pgstore import tables as t

_TYPES = {EXTERNAL_WORKER: "failedExternalTask", HTTP_REQUEST: "failedHttpCall"}


async def incidents(session: AsyncSession, *, proc_inst_id: str | None, limit: int = 1000) -> list[Incident]:
    """Dead-letter jobs, of one instance or every one, newest first."""
    j = t.job
    stmt = select(j).where(j.c.job_type == DEADLETTER)
    if proc_inst_id:
        stmt = stmt.where(j.c.proc_inst_id == proc_inst_id)
    rows = (await session.execute(stmt.order_by(j.c.create_time.desc(), j.c.id).limit(limit))).all()
    out = []
    for r in rows:
        topic = external_topic(Job(**{k: v for k, v in r._mapping.items() if k != "rev"}, revision=r.rev))
        out.append(
            Incident(
                id=r.id,
                type=_TYPES.get(r.handler_type, "failedJob"),
                process_instance_id=r.proc_inst_id,
                process_definition_id=r.proc_def_id,
                activity_id=r.element_id,
                activity_name=r.element_name,
                message=r.exception_message,
                topic_name=topic or None,
                create_time=iso(r.create_time),
            )
        )
    return out
