"""S-FEEL (DMN 1.3, chapter 9): the expressions and unary tests of decision tables, parsed and evaluated
by our own tree walker. No Python ``eval``; a name resolves only to a variable of the evaluation.

Expressions: numbers, strings, ``true``/``false``/``null``, names and paths (``applicant.age``),
``+ - * / **``, comparisons (``= != < <= > >=``), ``and``/``or``, ``if … then … else``, lists
``[a, b]``, intervals ``[1..5]`` and the functions ``date``, ``time``, ``date and time``,
``duration``, ``number``, ``string``, ``not``, ``abs``, ``floor``, ``ceiling``, ``min``, ``max``,
``sum``, ``count``, ``contains``, ``starts with``, ``ends with``, ``upper case``, ``lower case``,
``string length``.

Unary tests (an input entry): ``-`` (anything), a comma-separated list of positive tests, or
``not(…)`` of such a list; a positive test is ``<``/``<=``/``>``/``>=``/``=``/``!=`` followed by an
endpoint, an interval (``[1..10[``, ``(1..10]``, ``]1..10]``), or an expression the input must equal
(a list: the input must be one of its items). Flowable's ``==`` is read as ``=``.

Values compare as FEEL does, with one leniency for values that come from forms: a numeric string
compares with a number as that number, an ISO text with a date as that date.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal, InvalidOperation

from ..errors import DecisionError
from .feel_syntax import (
    Fn,
    Interval,
    ListOf,
    Lit,
    Neg,
    Node,
    Op,
    Ref,
    Test,
    UnaryTests,
    parse_expression,
    parse_unary_tests,
)

Scope = Mapping[str, object]


# ------------------------------------------------------------------------------------ evaluation
def evaluate(node: Node, scope: Scope) -> object:
    """Evaluates an expression tree against ``scope``."""
    if isinstance(node, Lit):
        return node.value
    if isinstance(node, Ref):
        return _resolve(node.path, scope)
    if isinstance(node, Neg):
        value = evaluate(node.operand, scope)
        return None if value is None else _arith("-", 0, value)
    if isinstance(node, Op):
        return _operation(node, scope)
    if isinstance(node, Fn):
        return _function(node.name, [evaluate(a, scope) for a in node.args])
    if isinstance(node, ListOf):
        return [evaluate(i, scope) for i in node.items]
    if isinstance(node, Interval):
        return node
    test = evaluate(node.test, scope)
    return evaluate(node.then if test is True else node.otherwise, scope)


def evaluate_text(source: str, scope: Scope) -> object:
    """Parses and evaluates an S-FEEL expression."""
    return evaluate(parse_expression(source), scope)


def matches(tests: UnaryTests, value: object, scope: Scope) -> bool:
    """Whether ``value`` (the input) passes the unary tests."""
    if not tests.tests:
        return True
    hit = any(_passes(t, value, scope) for t in tests.tests)
    return not hit if tests.negated else hit


def _passes(test: Test, value: object, scope: Scope) -> bool:
    operand = test.operand
    if test.op == "in" or isinstance(operand, Interval):
        assert isinstance(operand, Interval)
        return _in_interval(value, operand, scope)
    expected = evaluate(operand, scope)
    if test.op == "=":
        if isinstance(expected, list):
            return any(_equal(value, item) for item in expected)
        if isinstance(expected, bool) and not isinstance(value, bool) and _uses_input(operand):
            return expected  # a boolean test over the input itself (``? > 5`` style)
        return _equal(value, expected)
    if test.op == "!=":
        return not _equal(value, expected)
    return _compare(test.op, value, expected) is True


def _uses_input(node: Node) -> bool:
    return isinstance(node, Op) and node.op in ("<", "<=", ">", ">=", "=", "!=", "and", "or")


def _in_interval(value: object, interval: Interval, scope: Scope) -> bool:
    low, high = evaluate(interval.low, scope), evaluate(interval.high, scope)
    lower = _compare(">" if interval.low_open else ">=", value, low)
    upper = _compare("<" if interval.high_open else "<=", value, high)
    return lower is True and upper is True


def _resolve(path: tuple[str, ...], scope: Scope) -> object:
    head, *rest = path
    if head not in scope:
        raise DecisionError(f"Unknown variable '{head}' in FEEL expression")
    value = scope[head]
    for part in rest:
        if isinstance(value, Mapping):
            value = value.get(part)
        elif value is None:
            return None
        else:
            raise DecisionError(f"Cannot read '{part}' of a {type(value).__name__}")
    return value


def _operation(node: Op, scope: Scope) -> object:
    if node.op in ("and", "or"):
        left = evaluate(node.left, scope)
        if node.op == "and" and left is False:
            return False
        if node.op == "or" and left is True:
            return True
        right = evaluate(node.right, scope)
        if node.op == "and":
            return True if left is True and right is True else (False if right is False else None)
        return True if right is True else (False if left is False and right is False else None)
    left, right = evaluate(node.left, scope), evaluate(node.right, scope)
    if node.op == "=":
        return _equal(left, right)
    if node.op == "!=":
        return not _equal(left, right)
    if node.op in ("<", "<=", ">", ">="):
        return _compare(node.op, left, right)
    return _arith(node.op, left, right)


# -------------------------------------------------------------------------------- values and types
def is_number(value: object) -> bool:
    """True for int, float and Decimal, not bool."""
    return isinstance(value, int | float | Decimal) and not isinstance(value, bool)


def _as_number(value: object) -> object:
    """A numeric string as its number (form values), else the value."""
    if isinstance(value, str):
        text = value.strip()
        try:
            return float(text) if any(c in text for c in ".eE") else int(text)
        except ValueError:
            return value
    return value


def _as_moment(value: object, like: object) -> object:
    """An ISO text as what ``like`` is (a date, a date-time or a time), so the two compare."""
    if not isinstance(value, str):
        return value
    try:
        if isinstance(like, datetime):
            return _aware(datetime.fromisoformat(value.replace("Z", "+00:00")))
        if isinstance(like, date):
            return date.fromisoformat(value[:10])
        if isinstance(like, time):
            return time.fromisoformat(value)
    except ValueError:
        return value
    return value


def _aware(value: datetime) -> datetime:
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


def _moments(a: object, b: object) -> tuple[object, object]:
    """Two moments made comparable: texts parsed; a date-time beside a date is its date; two
    date-times both with a zone (UTC when they have none)."""
    a, b = _as_moment(a, b), _as_moment(b, a)
    if isinstance(a, datetime) and isinstance(b, date) and not isinstance(b, datetime):
        return a.date(), b
    if isinstance(b, datetime) and isinstance(a, date) and not isinstance(a, datetime):
        return a, b.date()
    if isinstance(a, datetime) and isinstance(b, datetime):
        return _aware(a), _aware(b)
    return a, b


def _pair(a: object, b: object) -> tuple[object, object]:
    if is_number(a) and isinstance(b, str):
        return a, _as_number(b)
    if is_number(b) and isinstance(a, str):
        return _as_number(a), b
    if isinstance(a, date | time) or isinstance(b, date | time):
        return _moments(a, b)
    return a, b


def _equal(a: object, b: object) -> bool:
    if a is None or b is None:
        return a is None and b is None
    a, b = _pair(a, b)
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if is_number(a) and is_number(b):
        return float(a) == float(b)  # type: ignore[arg-type]
    return type(a) is type(b) and a == b or (isinstance(a, Mapping) and isinstance(b, Mapping) and a == b)


def _compare(op: str, a: object, b: object) -> bool | None:
    """FEEL comparison: null when either side is null or the two cannot be compared."""
    if a is None or b is None:
        return None
    a, b = _pair(a, b)
    if is_number(a) and is_number(b):
        x, y = float(a), float(b)  # type: ignore[arg-type]
    elif (
        (isinstance(a, str) and isinstance(b, str))
        or (isinstance(a, datetime) and isinstance(b, datetime))
        or (isinstance(a, date) and isinstance(b, date) and not isinstance(a, datetime))
        or (isinstance(a, time) and isinstance(b, time))
        or (isinstance(a, timedelta) and isinstance(b, timedelta))
    ):
        x, y = a, b  # type: ignore[assignment]
    else:
        return None
    if op == "<":
        return bool(x < y)  # type: ignore[operator]
    if op == "<=":
        return bool(x <= y)  # type: ignore[operator]
    if op == ">":
        return bool(x > y)  # type: ignore[operator]
    return bool(x >= y)  # type: ignore[operator]


def _arith(op: str, a: object, b: object) -> object:
    if a is None or b is None:
        return None
    a, b = _pair(a, b)
    if op == "+" and isinstance(a, str) and isinstance(b, str):
        return a + b
    if isinstance(a, datetime | date) and isinstance(b, timedelta) and op in ("+", "-"):
        return a + b if op == "+" else a - b
    if isinstance(a, date) and isinstance(b, date) and op == "-":
        return a - b
    if not (is_number(a) and is_number(b)):
        raise DecisionError(f"Cannot apply '{op}' to {type(a).__name__} and {type(b).__name__}")
    x, y = a, b
    try:
        if op == "+":
            return x + y  # type: ignore[operator]
        if op == "-":
            return x - y  # type: ignore[operator]
        if op == "*":
            return x * y  # type: ignore[operator]
        if op == "/":
            if float(y) == 0.0:  # type: ignore[arg-type]
                return None
            quotient = x / y  # type: ignore[operator]
            return (
                int(quotient)
                if float(quotient).is_integer() and isinstance(x, int) and isinstance(y, int)
                else quotient
            )
        result = x**y  # type: ignore[operator]
        if isinstance(result, int) and abs(result) > 2**63:
            raise DecisionError("Number too large")
        return result
    except (OverflowError, InvalidOperation) as exc:
        raise DecisionError(f"Arithmetic error: {exc}") from exc


# ------------------------------------------------------------------------------------- functions
_DURATION = re.compile(
    r"^(-)?P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$"
)


def _duration(text: object) -> timedelta:
    found = _DURATION.match(str(text).strip())
    if not found or str(text).strip() in ("P", "PT", "-P"):
        raise DecisionError(f"Invalid duration: {text}")
    sign, years, months, weeks, days, hours, minutes, seconds = found.groups()
    total = timedelta(
        days=int(years or 0) * 365 + int(months or 0) * 30 + int(weeks or 0) * 7 + int(days or 0),
        hours=int(hours or 0),
        minutes=int(minutes or 0),
        seconds=float(seconds or 0),
    )
    return -total if sign else total


def _date(*args: object) -> object:
    if len(args) == 3:
        return date(*(int(a) for a in args))  # type: ignore[call-overload]
    value = args[0] if args else None
    if value is None:
        return None
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value).strip())
    except ValueError as exc:
        raise DecisionError(f"Invalid date: {value}") from exc


def _date_and_time(*args: object) -> object:
    if len(args) == 2 and isinstance(args[0], date) and isinstance(args[1], time):
        return datetime.combine(args[0], args[1])
    value = args[0] if args else None
    if value is None or isinstance(value, datetime):
        return value
    try:
        return datetime.fromisoformat(str(value).strip().replace("Z", "+00:00"))
    except ValueError as exc:
        raise DecisionError(f"Invalid date and time: {value}") from exc


def _time(value: object) -> object:
    if value is None or isinstance(value, time):
        return value
    if isinstance(value, datetime):
        return value.timetz()
    try:
        return time.fromisoformat(str(value).strip().replace("Z", "+00:00"))
    except ValueError as exc:
        raise DecisionError(f"Invalid time: {value}") from exc


def _to_number(value: object) -> object:
    converted = _as_number(value)
    return converted if is_number(converted) or converted is None else None


def _numbers(args: Sequence[object]) -> list[float | int]:
    items = args[0] if len(args) == 1 and isinstance(args[0], list) else list(args)
    return [i for i in items if is_number(i)]  # type: ignore[misc]


def _text(fn: Callable[[str], object]) -> Callable[..., object]:
    def call(*args: object) -> object:
        return None if not args or not isinstance(args[0], str) else fn(args[0])

    return call


def _text2(fn: Callable[[str, str], object]) -> Callable[..., object]:
    def call(*args: object) -> object:
        if len(args) != 2 or not isinstance(args[0], str) or not isinstance(args[1], str):
            return None
        return fn(args[0], args[1])

    return call


_FUNCTIONS: dict[str, Callable[..., object]] = {
    "date": _date,
    "date and time": _date_and_time,
    "time": _time,
    "duration": lambda value: None if value is None else _duration(value),
    "number": _to_number,
    "string": lambda value: None if value is None else as_text(value),
    "not": lambda value: (not value) if isinstance(value, bool) else None,
    "abs": lambda value: abs(value) if is_number(value) else None,
    "floor": lambda value: math.floor(value) if is_number(value) else None,
    "ceiling": lambda value: math.ceil(value) if is_number(value) else None,
    "min": lambda *args: min(_numbers(args), default=None),
    "max": lambda *args: max(_numbers(args), default=None),
    "sum": lambda *args: sum(_numbers(args)),
    "count": lambda items=None: len(items) if isinstance(items, list) else None,
    "contains": _text2(lambda s, part: part in s),
    "starts with": _text2(lambda s, part: s.startswith(part)),
    "ends with": _text2(lambda s, part: s.endswith(part)),
    "upper case": _text(str.upper),
    "lower case": _text(str.lower),
    "string length": _text(len),
}


def as_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    return str(value)


def _function(name: str, args: list[object]) -> object:
    fn = _FUNCTIONS.get(name)
    if fn is None:
        raise DecisionError(f"Unknown FEEL function '{name}'")
    try:
        return fn(*args)
    except TypeError as exc:
        raise DecisionError(f"Wrong arguments for FEEL function '{name}'") from exc


# ------------------------------------------------------------------------------------- value lists
def literal_values(source: str | None) -> tuple[object, ...]:
    """The values of an output's ``outputValues`` (``"DECLINE","REFER"``): its priority order."""
    if not source or not source.strip():
        return ()
    tests = parse_unary_tests(source)
    return tuple(evaluate(t.operand, {}) for t in tests.tests if t.op == "=")


def equal(a: object, b: object) -> bool:
    """FEEL equality (with the leniencies above), for callers outside this module."""
    return _equal(a, b)
