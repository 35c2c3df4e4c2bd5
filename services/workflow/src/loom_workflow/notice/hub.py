"""The notice streams open in this process, by user. Every API process listens on one NATS subject
(:data:`PUSH_SUBJECT`, not kept by any stream) and hands each pushed notice to its user's streams,
so a notice reaches the user whichever process holds the connection."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import orjson

PUSH_SUBJECT = "loom.push.workflow.notice"
# A slow reader loses pushes past this many, never memory: the list is always there to reload.
QUEUE_SIZE = 100


class Hub:
    """Open streams by user id."""

    def __init__(self) -> None:
        self._streams: dict[str, set[asyncio.Queue[dict[str, Any]]]] = {}

    @asynccontextmanager
    async def stream(self, user_id: str) -> AsyncIterator[asyncio.Queue[dict[str, Any]]]:
        """A queue of the user's pushed notices while the caller holds it."""
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(QUEUE_SIZE)
        self._streams.setdefault(user_id, set()).add(queue)
        try:
            yield queue
        finally:
            streams = self._streams.get(user_id, set())
            streams.discard(queue)
            if not streams:
                self._streams.pop(user_id, None)

    def deliver(self, data: bytes) -> None:
        """Hands a pushed notice (``{userId, notice}``) to its user's open streams here."""
        pushed = orjson.loads(data)
        for queue in self._streams.get(str(pushed.get("userId")), ()):
            if not queue.full():
                queue.put_nowait(pushed["notice"])

    def open_streams(self) -> int:
        """How many streams are open (for tests and metrics)."""
        return sum(len(s) for s in self._streams.values())


def pushed(user_id: str, notice: dict[str, Any]) -> bytes:
    """The payload of a push on :data:`PUSH_SUBJECT`."""
    return orjson.dumps({"userId": user_id, "notice": notice})
