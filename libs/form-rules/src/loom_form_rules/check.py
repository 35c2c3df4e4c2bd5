"""Checks of one value against one rule; the semantics every side of Loom must share (see README.md)."""

from __future__ import annotations

import math
import re
from typing import Any

from loom_form_rules.table import Rule


def is_empty(value: Any) -> bool:
    """Null, the empty string, an empty list or object: what every fixed validator lets pass."""
    return value is None or value == "" or (isinstance(value, list | dict) and not value)


def as_text(value: Any) -> str | None:
    """The text a pattern is matched against, as JavaScript's String() gives it; None for objects."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isfinite(value) and value.is_integer() and abs(value) < 1e21:
            return str(int(value))
        return repr(value)
    if isinstance(value, str):
        return value
    return None


def matches(pattern: re.Pattern[str], value: Any) -> bool:
    """True when the whole text of the value (each item of a list) matches the pattern."""
    if isinstance(value, list):
        return all(matches(pattern, item) for item in value)
    text = as_text(value)
    return text is not None and pattern.fullmatch(text) is not None


def passes_validator(rule: Rule, value: Any) -> bool:
    """A fixed validator: empty values pass, anything else must match its pattern."""
    if is_empty(value):
        return True
    return rule.pattern is not None and matches(rule.pattern, value)


def json_kind(value: Any) -> set[str]:
    """The JSON kinds a value has: string, number (and integer), boolean, object, array."""
    if isinstance(value, bool):
        return {"boolean"}
    if isinstance(value, int):
        return {"number", "integer"}
    if isinstance(value, float):
        return {"number", "integer"} if value.is_integer() else {"number"}
    if isinstance(value, str):
        return {"string"}
    if isinstance(value, list):
        return {"array"}
    if isinstance(value, dict):
        return {"object"}
    return set()


def passes_data_type(rule: Rule, value: Any) -> bool:
    """A data type: empty values pass; otherwise its JSON kind is accepted or its text matches."""
    if is_empty(value):
        return True
    if json_kind(value) & set(rule.json_kinds):
        return True
    return isinstance(value, str) and rule.pattern is not None and rule.pattern.fullmatch(value) is not None
