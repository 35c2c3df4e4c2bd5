"""Workers' credentials: saved as a resource of the platform's CRUD (``resources.py``); a token is
issued (and the previous one revoked) by a call of its own and shown once."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import delete, select
from sqlmodel import col
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.crud import get
from loom_platform.wire import now
from loom_workflow.common import iso
from loom_workflow.external.auth import issue
from loom_workflow.external.errors import TopicsInvalid, WorkerNameTaken, WorkerNotFound
from loom_workflow.external.models import ExternalWorker
from loom_workflow.external.schemas import WorkerSave, WorkerToken


def render(worker: ExternalWorker) -> dict[str, Any]:
    """A worker as the list shows it: never its token's hash, only whether it has one and its end."""
    return {
        "id": worker.id,
        "name": worker.name,
        "topics": worker.topics,
        "enabled": worker.enabled,
        "remarks": worker.remarks,
        "hasToken": bool(worker.token_hash),
        "tokenHint": worker.token_hint,
        "lastSeen": iso(worker.last_seen),
        "createDate": iso(worker.create_date),
    }


def _topics(text: str) -> str:
    topics = [t.strip() for t in text.replace("，", ",").split(",")]
    if not topics or any(not t or len(t) > 255 or "\n" in t for t in topics):
        raise TopicsInvalid()
    return ",".join(dict.fromkeys(topics))


async def save(session: AsyncSession, body: WorkerSave, *, actor: str) -> ExternalWorker:
    """Creates or updates a worker's name, topics and state."""
    name = body.name.strip()
    taken = await session.execute(
        select(ExternalWorker.id).where(
            col(ExternalWorker.name) == name, col(ExternalWorker.id) != (body.id or "")
        )
    )
    if taken.first() is not None:
        raise WorkerNameTaken()
    worker = (
        await get(session, ExternalWorker, body.id, WorkerNotFound())
        if body.id
        else ExternalWorker(name=name, topics="", create_by=actor)
    )
    worker.name, worker.topics, worker.enabled, worker.remarks = (
        name,
        _topics(body.topics),
        body.enabled,
        body.remarks,
    )
    worker.update_by, worker.update_date = actor, now()
    session.add(worker)
    await session.flush()
    return worker


async def delete_many(session: AsyncSession, ids: Sequence[str]) -> None:
    """Deletes workers (their tokens stop working at once)."""
    await session.execute(delete(ExternalWorker).where(col(ExternalWorker.id).in_(list(ids))))


async def new_token(session: AsyncSession, worker_id: str, *, actor: str) -> WorkerToken:
    """Issues a worker's token (the previous one no longer works); the answer is the only place it shows."""
    worker = await get(session, ExternalWorker, worker_id, WorkerNotFound())
    token = issue(worker)
    worker.update_by, worker.update_date = actor, now()
    session.add(worker)
    await session.flush()
    return WorkerToken(id=worker.id, name=worker.name, token=token)
