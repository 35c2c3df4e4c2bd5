"""A worker's own credentials: ``Authorization: Bearer lwk_<worker id>_<secret>``. Only the secret's
hash is stored; a worker sees only the topics its record names. A signed-in user (a portal token) is
refused on the worker's routes, which take no user's rights."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy import update
from sqlmodel import col

from loom_platform.auth import token_from
from loom_platform.db import SessionDep
from loom_platform.errors import Unauthenticated
from loom_platform.wire import now
from loom_workflow.external.errors import TopicNotAllowed, WorkerTokenInvalid, WorkerTokenRequired
from loom_workflow.external.models import ExternalWorker

PREFIX = "lwk_"


@dataclass(frozen=True)
class Worker:
    """The worker a request comes from: its record and topics."""

    id: str
    name: str
    topics: frozenset[str]

    def owner(self, worker_id: str) -> str:
        """The lock owner of a task this worker's process ``worker_id`` holds (the record's id first,
        so two credentials never act on each other's locks)."""
        return f"{self.id}/{worker_id}"[:255]

    def check(self, topic: str) -> None:
        """403 for a topic the worker's record does not name."""
        if topic not in self.topics:
            raise TopicNotAllowed(topic=topic)


def digest(secret: str) -> str:
    """The stored hash of a token's secret."""
    return hashlib.sha256(secret.encode()).hexdigest()


def issue(worker: ExternalWorker) -> str:
    """A new token for ``worker`` (its hash and hint stored on the record; the token is not)."""
    secret = secrets.token_urlsafe(32)
    worker.token_hash = digest(secret)
    worker.token_hint = secret[-4:]
    return f"{PREFIX}{worker.id}_{secret}"


def is_worker_token(request: Request) -> bool:
    """True when the request carries a worker token (not a user's)."""
    return (token_from(request) or "").startswith(PREFIX)


async def current_worker(request: Request, session: SessionDep) -> Worker:
    """The worker of this request; 401 without a (valid) worker token, 403 for a user's token."""
    token = token_from(request)
    if token is None:
        raise Unauthenticated()
    if not token.startswith(PREFIX):
        raise WorkerTokenRequired()
    worker_id, _, secret = token[len(PREFIX) :].partition("_")
    record = await session.get(ExternalWorker, worker_id) if worker_id and secret else None
    if (
        record is None
        or record.enabled != "1"
        or not record.token_hash
        or not hmac.compare_digest(record.token_hash, digest(secret))
    ):
        raise WorkerTokenInvalid()
    seen = now()
    if record.last_seen is None or (seen - record.last_seen).total_seconds() > 60:  # one write a minute
        await session.execute(
            update(ExternalWorker).where(col(ExternalWorker.id) == record.id).values(last_seen=seen)
        )
        await session.commit()
    return Worker(id=record.id, name=record.name, topics=record.topic_set())


CurrentWorker = Annotated[Worker, Depends(current_worker)]
