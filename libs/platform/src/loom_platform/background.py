"""A service's background loop (a durable consumer, a relay) run as a task for as long as a block
lasts: started on entering, stopped and awaited on leaving."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Protocol


class Loop(Protocol):
    """Something that runs until told to stop (``loom_platform.messaging.DurableConsumer``)."""

    async def run(self) -> None:
        """Runs until :meth:`stop`."""

    def stop(self) -> None:
        """Asks :meth:`run` to return."""


@asynccontextmanager
async def running(loop: Loop, *, name: str) -> AsyncIterator[None]:
    """Runs ``loop`` as the task ``name`` for the block's duration; on leaving, stops it and waits
    for it to end (what it raised then is dropped: the block's own outcome stands)."""
    task = asyncio.create_task(loop.run(), name=name)
    try:
        yield
    finally:
        loop.stop()
        await asyncio.gather(task, return_exceptions=True)
