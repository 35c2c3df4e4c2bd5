"""Small helpers every gencode domain uses: events and the seed's field checks."""

from __future__ import annotations

from typing import Any

from loom_contracts.loom.gencode.v1 import events_pb2
from loom_gencode.errors import SortRange, SortRequired, TooLong
from loom_platform.errors import InvalidArgument, LoomError
from loom_platform.outbox import record_changes

publish = record_changes("gencode", events_pb2)
"""Adds ``loom.gencode.<entity>.<verb>`` to the session's transaction (outbox)."""


def blank(value: Any) -> bool:
    """None or an empty/whitespace string."""
    return value is None or (isinstance(value, str) and not value.strip())


def require(value: Any, error: type[LoomError] | str, **params: Any) -> None:
    """Raises ``error(**params)`` when ``value`` is blank: a named error, or (not yet named) an
    ``InvalidArgument`` of that message key."""
    if blank(value):
        raise error(**params) if isinstance(error, type) else InvalidArgument(error, **params)


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
