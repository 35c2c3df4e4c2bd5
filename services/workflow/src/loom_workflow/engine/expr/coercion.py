"""JUEL type coercions (EL 2.2 section 1.18), restricted to plain data."""

from __future__ import annotations

from collections.abc import Mapping, Sized
from decimal import Decimal

from ..errors import ExpressionError

Number = int | float


def is_number(value: object) -> bool:
    """True for int/float/Decimal but not bool (bool is an int subclass in Python)."""
    return isinstance(value, int | float | Decimal) and not isinstance(value, bool)


def is_floating(value: object) -> bool:
    """True when the value forces floating arithmetic (a float, or a string that looks like one)."""
    if isinstance(value, float | Decimal):
        return True
    return isinstance(value, str) and any(c in value for c in ".eE")


def to_number(value: object) -> Number:
    """Coerces to a number: null -> 0, numeric strings parse, booleans and others fail."""
    if value is None or value == "":
        return 0
    if isinstance(value, bool):
        raise ExpressionError(f"Cannot coerce boolean {value} to a number")
    if isinstance(value, int | float):
        return value
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, str):
        text = value.strip()
        try:
            return float(text) if any(c in text for c in ".eEnN") else int(text)
        except ValueError as exc:
            raise ExpressionError(f"Cannot coerce '{value[:40]}' to a number") from exc
    raise ExpressionError(f"Cannot coerce {type(value).__name__} to a number")


def to_float(value: object) -> float:
    """Coerces to a floating number."""
    return float(to_number(value))


def to_int(value: object) -> int:
    """Coerces to an integer (truncating floats, as Java's longValue does)."""
    num = to_number(value)
    if isinstance(num, float):
        if num != num or num in (float("inf"), float("-inf")):
            raise ExpressionError("Cannot coerce a non-finite number to an integer")
        return int(num)
    return num


def to_bool(value: object) -> bool:
    """Coerces to boolean: null and "" -> false, strings compare to "true" ignoring case."""
    if value is None:
        return False
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        return value.strip().lower() == "true"
    raise ExpressionError(f"Cannot coerce {type(value).__name__} to a boolean")


def to_str(value: object) -> str:
    """Coerces to string: null -> "", booleans lower-case as in Java, floats without Python quirks."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e16:
        return f"{value:.1f}"
    return str(value)


def is_empty(value: object) -> bool:
    """JUEL ``empty``: null, empty string, empty collection or map."""
    if value is None:
        return True
    if isinstance(value, str | list | tuple | set | frozenset | Mapping):
        return len(value) == 0
    if isinstance(value, Sized):
        return len(value) == 0
    return False
