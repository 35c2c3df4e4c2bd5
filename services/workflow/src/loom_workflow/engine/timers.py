"""ISO-8601 timer arithmetic: timeDate, timeDuration (PnYnMnDTnHnMnS, PnW) and timeCycle (R[n]/...)."""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from .errors import IllegalArgument, UnsupportedFeature

_DURATION = re.compile(
    r"^(?P<sign>-)?P(?:(?P<weeks>\d+)W|(?:(?P<years>\d+)Y)?(?:(?P<months>\d+)M)?(?:(?P<days>\d+)D)?"
    r"(?:T(?:(?P<hours>\d+)H)?(?:(?P<minutes>\d+)M)?(?:(?P<seconds>\d+(?:[.,]\d+)?)S)?)?)$"
)


@dataclass(frozen=True)
class Duration:
    """A calendar-aware duration."""

    months: int = 0
    delta: timedelta = timedelta()

    def add_to(self, instant: datetime) -> datetime:
        """``instant`` + this duration (months clamp to the month's last day)."""
        if self.months:
            total = instant.month - 1 + self.months
            year, month = instant.year + total // 12, total % 12 + 1
            day = min(instant.day, calendar.monthrange(year, month)[1])
            instant = instant.replace(year=year, month=month, day=day)
        return instant + self.delta


def parse_duration(text: str) -> Duration:
    """Parses ``PT5M``, ``P1DT2H``, ``P2W``..."""
    m = _DURATION.match(text.strip())
    if m is None or text.strip() in ("P", "PT") or text.strip().endswith("T"):
        raise IllegalArgument(f"Invalid ISO-8601 duration: '{text}'")
    g = {k: v for k, v in m.groupdict().items() if v is not None}
    sign = -1 if g.pop("sign", None) else 1
    months = int(g.get("years", 0)) * 12 + int(g.get("months", 0))
    delta = timedelta(
        weeks=int(g.get("weeks", 0)),
        days=int(g.get("days", 0)),
        hours=int(g.get("hours", 0)),
        minutes=int(g.get("minutes", 0)),
        seconds=float(g.get("seconds", "0").replace(",", ".")),
    )
    return Duration(months=sign * months, delta=sign * delta)


def parse_datetime(text: str) -> datetime:
    """Parses an ISO-8601 date-time; naive values are taken as UTC."""
    try:
        value = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError as exc:
        raise IllegalArgument(f"Invalid ISO-8601 date: '{text}'") from exc
    return value if value.tzinfo else value.replace(tzinfo=UTC)


@dataclass(frozen=True)
class Cycle:
    """``R[n]/[start/]duration``; ``repetitions`` None means unbounded."""

    repetitions: int | None
    start: datetime | None
    duration: Duration
    text_duration: str

    def next_repeat(self) -> str | None:
        """The cycle text after one firing, or None when this was the last."""
        if self.repetitions is None:
            return f"R/{self.text_duration}"
        if self.repetitions <= 1:
            return None
        return f"R{self.repetitions - 1}/{self.text_duration}"


def parse_cycle(text: str) -> Cycle:
    """Parses an ISO repeating interval; cron expressions are not supported."""
    parts = text.strip().split("/")
    if not parts[0].startswith("R"):
        raise UnsupportedFeature(f"timeCycle '{text}' is not an ISO-8601 repeat (cron is not supported)")
    count = parts[0][1:]
    repetitions = int(count) if count else None
    if repetitions is not None and repetitions < 1:
        raise IllegalArgument(f"Invalid timeCycle: '{text}'")
    if len(parts) == 2:
        return Cycle(repetitions, None, parse_duration(parts[1]), parts[1])
    if len(parts) == 3:
        return Cycle(repetitions, parse_datetime(parts[1]), parse_duration(parts[2]), parts[2])
    raise IllegalArgument(f"Invalid timeCycle: '{text}'")


def first_due(kind: str, value: object, now: datetime) -> tuple[datetime, str | None]:
    """Due date of a new timer and its remaining repeat (for cycles)."""
    if isinstance(value, datetime):
        return (value if value.tzinfo else value.replace(tzinfo=UTC)), None
    text = str(value).strip()
    if kind == "date":
        return parse_datetime(text), None
    if kind == "duration":
        return parse_duration(text).add_to(now), None
    cycle = parse_cycle(text)
    due = cycle.start if cycle.start is not None else cycle.duration.add_to(now)
    return due, text


def next_due(repeat: str, previous_due: datetime) -> tuple[datetime, str | None] | None:
    """The following firing of a repeating timer, or None when the cycle is exhausted."""
    cycle = parse_cycle(repeat)
    remaining = cycle.next_repeat()
    if remaining is None:
        return None
    return cycle.duration.add_to(previous_due), remaining


def resolve_due_date(value: object, now: datetime) -> datetime | None:
    """A task due date from an expression value: a datetime, an ISO date, or an ISO duration from now."""
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=UTC)
    text = str(value).strip()
    if text.startswith(("P", "-P")):
        return parse_duration(text).add_to(now)
    return parse_datetime(text)
