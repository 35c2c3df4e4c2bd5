"""A service's process-wide state as a FastAPI dependency.

A service keeps what its routes share beyond the session (settings, clients, caches) in one object
that its lifespan puts on ``app.state``; :func:`app_state` makes the dependency that hands it over.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

from fastapi import Request

T = TypeVar("T")


def app_state(name: str, _kind: type[T]) -> Callable[[Request], Awaitable[T]]:
    """The dependency answering ``request.app.state.<name>``, typed as ``_kind`` (app.state is not)."""

    async def get_state(request: Request) -> T:
        state: T = getattr(request.app.state, name)
        return state

    return get_state
