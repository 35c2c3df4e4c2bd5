"""A node's deadline (issue 27): the settings that give its user tasks a due time, and that time.

Node settings (saved by the product panel with the node):

- ``dueDuration``: an ISO-8601 duration (``PT4H``, ``P2D``) from the task's creation;
- ``dueCalendar``: ``workday`` counts whole days on working days only (no Saturday, Sunday or date
  of the ``loom_holiday`` dictionary, whose values are ``yyyy-MM-dd``) and moves a due time that
  falls on a day off to the next working day;
- ``dueAction``: ``remind`` (the handlers hear of it, the default), ``approve`` (超时自动通过),
  ``reject`` (超时自动驳回: the instance ends rejected) or ``transfer`` (超时转办) to
  ``dueTransferTo`` (a user id, or ``role:<id>`` for a role's members).

The task gets its due date and a ``task-deadline`` timer job (the engine's :class:`Deadline`, armed by
``assignees.py``); what the job does when it runs is ``task/deadlines.py``'s.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from datetime import date, datetime, timedelta

from loom_workflow.engine.errors import EngineError
from loom_workflow.engine.hooks import Deadline
from loom_workflow.engine.timers import parse_duration

DURATION, CALENDAR, ACTION, TRANSFER_TO = "dueDuration", "dueCalendar", "dueAction", "dueTransferTo"
SETTINGS = (DURATION, CALENDAR, ACTION, TRANSFER_TO)
WORKDAY = "workday"
ACTIONS = ("remind", "approve", "reject", "transfer")
HOLIDAY_DICT = "loom_holiday"
MAX_WORKDAYS = 3660  # ten years of working days: enough for any approval, bounded for the loop


def _working(day: date, holidays: frozenset[date]) -> bool:
    return day.weekday() < 5 and day not in holidays


def due_at(start: datetime, duration: str, *, workdays: bool, holidays: Iterable[date] = ()) -> datetime:
    """``start`` + ``duration``; on the working-day calendar whole days count working days only and a
    due time on a day off moves to the next working day (same time of day)."""
    parsed = parse_duration(duration)
    if not workdays:
        return parsed.add_to(start)
    off = frozenset(holidays)
    days, rest = parsed.delta.days, parsed.delta - timedelta(days=parsed.delta.days)
    if days > MAX_WORKDAYS or parsed.months:
        raise ValueError(f"a working-day limit of at most {MAX_WORKDAYS} days, without months: {duration}")
    due = start
    while days > 0:
        due += timedelta(days=1)
        if _working(due.date(), off):
            days -= 1
    due += rest
    while not _working(due.date(), off):
        due += timedelta(days=1)
    return due


def holidays_of(values: Iterable[str]) -> list[date]:
    """The dates of the holiday dictionary's values (others ignored)."""
    found = []
    for value in values:
        try:
            found.append(date.fromisoformat(value.strip()[:10]))
        except ValueError:
            continue
    return found


def deadline(policy: Mapping[str, str], now: datetime, holidays: Iterable[date] = ()) -> Deadline | None:
    """The deadline a node's settings give a task created ``now`` (None without ``dueDuration`` or
    with one that does not parse: a bad setting never stops the flow)."""
    duration = (policy.get(DURATION) or "").strip()
    if not duration:
        return None
    action = policy.get(ACTION) or "remind"
    try:
        due = due_at(now, duration, workdays=policy.get(CALENDAR) == WORKDAY, holidays=holidays)
    except (EngineError, OverflowError, ValueError):
        return None  # a bad setting never stops the flow
    config = {"action": action if action in ACTIONS else "remind", "to": policy.get(TRANSFER_TO, "")}
    return Deadline(due, json.dumps(config))
