"""Download tickets: a signed-in user asks for one, and the URL it yields fetches one file once,
within a minute, without the access token ever appearing in a URL (or an access log)."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta
from typing import Any

from sqlalchemy import Row, delete
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.wire import now
from loom_sys.file.errors import TicketInvalid
from loom_sys.file.models import DownloadTicket

TICKET_SECONDS = 60


def _hash(ticket: str) -> str:
    return hashlib.sha256(ticket.encode()).hexdigest()


async def issue(session: AsyncSession, *, source: str, user_id: str) -> str:
    """A new ticket for ``source`` (already checked readable by ``user_id``); expired ones are swept."""
    await session.execute(delete(DownloadTicket).where(DownloadTicket.expires_at < now()))  # type: ignore[arg-type]
    ticket = secrets.token_urlsafe(32)
    session.add(
        DownloadTicket(
            ticket_hash=_hash(ticket),
            source=source,
            user_id=user_id,
            expires_at=now() + timedelta(seconds=TICKET_SECONDS),
        )
    )
    await session.flush()
    return ticket


async def take(session: AsyncSession, *, ticket: str) -> Row[Any] | None:
    """Deletes a ticket and answers what it was for (used up whatever happens next)."""
    stmt = (
        delete(DownloadTicket)
        .where(DownloadTicket.ticket_hash == _hash(ticket))  # type: ignore[arg-type]
        .returning(DownloadTicket.source, DownloadTicket.user_id, DownloadTicket.expires_at)  # type: ignore[arg-type]
    )
    return (await session.execute(stmt)).first()


def holder(taken: Row[Any] | None, *, source: str) -> str:
    """The user a taken ticket speaks for; refused when used before, expired or for another file."""
    if taken is None or taken.expires_at < now() or taken.source != source:
        raise TicketInvalid()
    return str(taken.user_id)
