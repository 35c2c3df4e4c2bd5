"""S-FEEL unary tests and expressions: comparisons, ranges, lists, not(...), strings, numbers,
booleans, dates and null."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from loom_workflow.engine.dmn import feel
from loom_workflow.engine.errors import DecisionError


@pytest.mark.parametrize(
    ("entry", "value", "expected"),
    [
        ("-", 7, True),
        ("", None, True),
        ("< 10", 9, True),
        ("< 10", 10, False),
        ("<= 10", 10, True),
        ("> maxAmount", 1500, True),
        (">= 1000", "1200", True),  # a form's numeric text compares as its number
        ("[1..5]", 5, True),
        ("[1..5[", 5, False),
        ("]1..5]", 1, False),
        ("(1..5)", 3, True),
        ('"gold", "silver"', "silver", True),
        ('"gold", "silver"', "bronze", False),
        ('not("gold", "silver")', "bronze", True),
        ('not("gold")', "gold", False),
        ("1, 3, [5..7]", 6, True),
        ("true", True, True),
        ("false", True, False),
        ("null", None, True),
        ("< 10", None, False),
        ('date("2024-01-01")', date(2024, 1, 1), True),
        ('< date("2024-01-01")', datetime(2023, 12, 31, 9, tzinfo=UTC), True),
        ('[date("2024-01-01")..date("2024-12-31")]', "2024-06-30", True),
        ('"a\\"b"', 'a"b', True),
        ("== 10", 10, True),
        ("!= 10", 11, True),
        ("? > 5", 6, True),
        ("-1", -1, True),
    ],
)
def test_unary_tests(entry: str, value: object, expected: bool) -> None:
    # given
    tests = feel.parse_unary_tests(entry)
    # when / then
    assert feel.matches(tests, value, {"maxAmount": 1000, "?": value}) is expected


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("1 + 2 * 3", 7),
        ("2 ** 3 ** 2", 512),
        ("(1 + 2) * 3", 9),
        ("10 / 4", 2.5),
        ('"a" + "b"', "ab"),
        ("amount > 1000 and vip", True),
        ('if amount > 1000 then "big" else "small"', "big"),
        ("applicant.age", 30),
        ("applicant.missing", None),
        ('date("2024-02-01") - date("2024-01-01") = duration("P31D")', True),
        ('upper case("loom")', "LOOM"),
        ('string length("abc") + count([1, 2])', 5),
        ("not(vip)", False),
        ("null", None),
        ("-amount", -1200),
    ],
)
def test_expressions(expression: str, expected: object) -> None:
    # given
    scope = {"amount": 1200, "vip": True, "applicant": {"age": 30}}
    # when / then
    assert feel.evaluate_text(expression, scope) == expected


@pytest.mark.parametrize("bad", ["unknownVariable > 1", '"open', "1 +", "__import__('os')", "foo(1)"])
def test_bad_expressions_are_decision_errors(bad: str) -> None:
    with pytest.raises(DecisionError):
        feel.evaluate_text(bad, {})
