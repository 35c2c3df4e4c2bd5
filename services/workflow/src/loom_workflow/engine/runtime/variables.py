"""Variable type names (ACT_RU_VARIABLE.TYPE_) for Python values."""

from __future__ import annotations

from datetime import date, datetime


def type_name_of(value: object) -> str:
    """The stored type of ``value``; 'object' values can live in memory but not in SQL."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer" if -(2**31) <= value < 2**31 else "long"
    if isinstance(value, float):
        return "double"
    if isinstance(value, str):
        return "string"
    if isinstance(value, datetime | date):
        return "date"
    if isinstance(value, list | dict | tuple):
        return "json"
    return "object"
