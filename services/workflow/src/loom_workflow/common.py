"""Timestamps as the workflow screens read them (the base record model is ``loom_platform.records``)."""

from __future__ import annotations

from datetime import datetime


def iso(value: datetime | None) -> str | None:
    """A timestamp as the client formats it (ISO-8601)."""
    return value.isoformat() if value is not None else None


def millis(value: datetime | None) -> int | None:
    """A timestamp as epoch milliseconds (the flow-step screens divide it by 1000)."""
    return int(value.timestamp() * 1000) if value is not None else None
