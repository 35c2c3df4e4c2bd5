"""Injectable time and id sources, so tests and scenarios can pin both."""

from __future__ import annotations

import itertools
import uuid
from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    """Source of the current instant (timezone-aware, UTC)."""

    def now(self) -> datetime: ...


class SystemClock:
    """The wall clock."""

    def now(self) -> datetime:
        """Returns the current UTC instant."""
        return datetime.now(UTC)


class ManualClock:
    """A clock that only moves when told to (Flowable's ``setCurrentTime``)."""

    def __init__(self, start: datetime | None = None) -> None:
        self._now = start or datetime(2024, 1, 1, tzinfo=UTC)

    def now(self) -> datetime:
        """Returns the pinned instant."""
        return self._now

    def set(self, instant: datetime) -> None:
        """Pins the clock to ``instant``."""
        self._now = instant

    def advance(self, delta: timedelta) -> None:
        """Moves the clock forward by ``delta``."""
        self._now = self._now + delta


class IdGenerator(Protocol):
    """Source of row ids (strings, as everywhere in Loom)."""

    def next_id(self) -> str: ...


class UuidIdGenerator:
    """Random 32-hex ids."""

    def next_id(self) -> str:
        """Returns a new random id."""
        return uuid.uuid4().hex


class SequentialIdGenerator:
    """Predictable ids for tests: ``prefix1``, ``prefix2`` ..."""

    def __init__(self, prefix: str = "") -> None:
        self._prefix = prefix
        self._counter = itertools.count(1)

    def next_id(self) -> str:
        """Returns the next id in sequence."""
        return f"{self._prefix}{next(self._counter)}"
