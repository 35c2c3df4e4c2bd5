"""Render slots shared fairly: a user holds at most ``per_user`` of them, so one user's heavy
renders (each bounded by its budget) queue behind each other and never behind nobody else's."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class FairSlots:
    """``total`` slots for everyone, at most ``per_user`` held by one user at a time."""

    def __init__(self, total: int, per_user: int = 1) -> None:
        self._total = asyncio.Semaphore(total)
        self._per_user = per_user
        self._users: dict[str, tuple[asyncio.Semaphore, list[int]]] = {}

    @asynccontextmanager
    async def hold(self, user: str) -> AsyncIterator[None]:
        """Waits for the user's own turn first (taking no shared slot meanwhile), then for a slot."""
        own, waiting = self._users.setdefault(user, (asyncio.Semaphore(self._per_user), [0]))
        waiting[0] += 1
        try:
            async with own, self._total:
                yield
        finally:
            waiting[0] -= 1
            if waiting[0] == 0:
                del self._users[user]
