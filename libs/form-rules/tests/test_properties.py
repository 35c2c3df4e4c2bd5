"""The numeric validators agree with arithmetic on every integer and decimal text (hypothesis)."""

from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from loom_form_rules import load, passes_validator

TABLE = load()
INTEGER_RULES = {
    "integer": lambda _n: True,
    "positiveInteger": lambda n: n > 0,
    "positiveIntegerBelow10000": lambda n: 0 < n < 10000,
    "integerGe0": lambda n: n >= 0,
    "integerNe0": lambda n: n != 0,
    "integerLt0": lambda n: n < 0,
    "integerLe0": lambda n: n <= 0,
    "zero": lambda n: n == 0,
}
DECIMAL_RULES = {
    "float": lambda _d: True,
    "floatEq0": lambda d: d == 0,
    "floatGt0": lambda d: d > 0,
    "floatGe0": lambda d: d >= 0,
    "floatNe0": lambda d: d != 0,
    "floatLt0": lambda d: d < 0,
    "floatLe0": lambda d: d <= 0,
}


@given(st.integers(min_value=-(10**12), max_value=10**12))
def test_integer_validators_accept_exactly_the_integers_their_rule_names(n):
    for name, rule in INTEGER_RULES.items():
        assert passes_validator(TABLE.validators[name], str(n)) == rule(n), (name, n)


@given(st.decimals(min_value=-(10**6), max_value=10**6, places=3, allow_nan=False, allow_infinity=False))
def test_decimal_validators_accept_exactly_the_numbers_their_rule_names(d):
    text = format(d, "f")
    if text.startswith("-0") and d == 0:
        return  # "-0.000" is its own case: a signed zero
    for name, rule in DECIMAL_RULES.items():
        assert passes_validator(TABLE.validators[name], text) == rule(Decimal(text)), (name, text)


@given(st.text(alphabet="0123456789", min_size=11, max_size=11))
def test_a_mobile_number_is_eleven_digits_starting_13_to_19(text):
    expected = text[0] == "1" and text[1] in "3456789"
    assert passes_validator(TABLE.validators["mobile"], text) == expected
