"""Small helpers every gencode domain uses: events, the seed's field checks and a database's refusal."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from loom_contracts.loom.gencode.v1 import events_pb2
from loom_gencode.errors import SortRange, SortRequired, TooLong
from loom_platform.errors import LoomError
from loom_platform.outbox import record_changes

T = TypeVar("T")

publish = record_changes("gencode", events_pb2)
"""Adds ``loom.gencode.<entity>.<verb>`` to the session's transaction (outbox)."""


def blank(value: Any) -> bool:
    """None or an empty/whitespace string."""
    return value is None or (isinstance(value, str) and not value.strip())


def require(value: Any, error: type[LoomError], **params: Any) -> None:
    """Raises the named ``error(**params)`` when ``value`` is blank."""
    if blank(value):
        raise error(**params)


def check_length(value: str | None, max_length: int, field: str) -> None:
    """Refuses text longer than the seed's limit."""
    if value is not None and len(value) > max_length:
        raise TooLong(field=field, max=max_length)


def check_sort(value: Any, minimum: int = 0) -> int:
    """Sort is required and an integer from ``minimum`` to 99999."""
    if blank(value):
        raise SortRequired()
    try:
        number = int(str(value))
    except ValueError as exc:
        raise SortRange(min=minimum) from exc
    if not minimum <= number <= 99999:
        raise SortRange(min=minimum)
    return number


async def guarded(work: Awaitable[T], failed: Callable[..., LoomError]) -> T:
    """Awaits a database call; what the database refuses becomes ``failed(detail=<its reason's first
    line>)``, the reason being what the user needs (domain errors pass as they are)."""
    try:
        return await work
    except LoomError:
        raise
    except Exception as exc:
        text = str(getattr(exc, "orig", None) or exc).strip().splitlines()
        raise failed(detail=(text[0] if text else type(exc).__name__)[:300]) from exc
