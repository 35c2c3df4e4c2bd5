"""The bound forms the online routes serve, kept per process, so a list page costs no query of
forms' own database. A form is forgotten when it changes (in this process at once, in the others on
its `loom.forms.make.*` event) and after a time-to-live in any case.

The cache stands below the domains: the forms' designs (``make/``) forget what they change, and the
online routes (``generate/``) hand it the loader of a bound form when the app is built."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

from nats.aio.msg import Msg
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_contracts.loom.forms.v1 import events_pb2

Online = TypeVar("Online")


class OnlineCache(Generic[Online]):
    """Bound forms by id, each with the moment it was loaded."""

    def __init__(self, ttl_seconds: float, load: Callable[[AsyncSession, str], Awaitable[Online]]) -> None:
        self._ttl = ttl_seconds
        self._load = load
        self._entries: dict[str, tuple[float, Online]] = {}

    async def get(self, session: AsyncSession, form_id: str) -> Online:
        """The bound form, loaded on a miss or when older than the TTL (errors are not kept)."""
        entry = self._entries.get(form_id)
        if entry is not None and time.monotonic() - entry[0] < self._ttl:
            return entry[1]
        online = await self._load(session, form_id)
        self._entries[form_id] = (time.monotonic(), online)
        return online

    def forget(self, form_id: str | None = None) -> None:
        """Forgets one form, or every form."""
        if form_id is None:
            self._entries.clear()
        else:
            self._entries.pop(form_id, None)

    def on_event(self, msg: Msg) -> None:
        """A `loom.forms.make.*` event (another instance changed or deleted a form)."""
        try:
            self.forget(events_pb2.RecordChanged.FromString(msg.data).id or None)
        except Exception:  # an unreadable event: forget everything rather than serve a stale form
            self.forget()
