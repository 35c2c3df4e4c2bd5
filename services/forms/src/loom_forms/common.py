"""What every forms domain shares: stamping who changed a record, events, JSON fields, names."""

from __future__ import annotations

from typing import Any

from loom_contracts.loom.forms.v1 import events_pb2
from loom_forms.errors import NameRequired, TooLong
from loom_platform.logging import caller
from loom_platform.outbox import record_changes
from loom_platform.records import Authored
from loom_platform.wire import now

publish = record_changes("forms", events_pb2)
"""Adds ``loom.forms.<entity>.<verb>`` to the session's transaction (outbox)."""


def touch(record: Authored, *, created: bool) -> None:
    """Stamps who changed a record and when."""
    who = caller.get()
    if created:
        record.create_by, record.create_date = who, now()
    record.update_by, record.update_date = who, now()


def text_of(value: Any) -> str:
    """A form value as text ('' for None)."""
    return "" if value is None else str(value).strip()


def required_name(value: Any) -> str:
    """A record's name as text: required, at most 100 characters."""
    name = text_of(value)
    if not name:
        raise NameRequired()
    if len(name) > 100:
        raise TooLong(field="name", max=100)
    return name
