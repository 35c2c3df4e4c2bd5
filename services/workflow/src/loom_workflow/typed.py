"""Variables typed on the wire (``{"value": ..., "type": "integer"}``): what the DMN API and the
external-task API take and answer, read once here. Type names are Flowable's lower-case ones or
Camunda's capitalised ones alike (string, integer, short, long, double, boolean, date, json, null)."""

from __future__ import annotations

from datetime import date, datetime

import orjson

from loom_workflow.errors import VariableTypeMismatch

_INTEGERS = ("integer", "short", "long")


def value_of(name: str, kind: str | None, value: object) -> object:
    """The value the engine stores (``"5"`` of type integer is 5, a date's ISO text a date, a json
    text its object); :class:`VariableTypeMismatch` when it is not of its type."""
    wanted = (kind or "").strip().lower()
    if value is None or wanted in ("", "null", "object"):
        return value
    try:
        if wanted == "string":
            return value if isinstance(value, str) else str(value)
        if wanted in _INTEGERS:
            if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
                raise ValueError(value)
            return int(value)  # type: ignore[call-overload]
        if wanted in ("double", "number"):
            if isinstance(value, bool):
                raise ValueError(value)
            return float(value)  # type: ignore[arg-type]
        if wanted == "boolean":
            if isinstance(value, bool):
                return value
            if str(value).lower() in ("true", "false"):
                return str(value).lower() == "true"
            raise ValueError(value)
        if wanted == "date":
            return datetime.fromisoformat(str(value).replace("Z", "+00:00"))
        if wanted == "json":
            return orjson.loads(value) if isinstance(value, str) else value
    except (TypeError, ValueError, orjson.JSONDecodeError) as exc:
        raise VariableTypeMismatch(name=name, type=kind or "") from exc
    raise VariableTypeMismatch(name=name, type=kind or "")


def type_of(value: object) -> str:
    """The (lower-case) type name of a stored value; a map or list is json."""
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer" if abs(value) < 2**31 else "long"
    if isinstance(value, float):
        return "double"
    if isinstance(value, str):
        return "string"
    if isinstance(value, datetime | date):
        return "date"
    return "null" if value is None else "json"


def wire_value(value: object) -> object:
    """A stored value as it is sent: a date as ISO text."""
    return value.isoformat() if isinstance(value, datetime | date) else value
