"""JUEL: parsing, JUEL semantics, templates, safety, and fuzzing (only ExpressionError ever escapes)."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from loom_workflow.engine.errors import ExpressionError
from loom_workflow.engine.expr import HostObject, compile_expression, evaluate, evaluate_bool


@pytest.mark.parametrize(
    ("source", "scope", "expected"),
    [
        (
            "${nrOfCompletedInstances/nrOfInstances>=0.6}",
            {"nrOfCompletedInstances": 3, "nrOfInstances": 5},
            True,
        ),
        (
            "${nrOfCompletedInstances/nrOfInstances>=0.6}",
            {"nrOfCompletedInstances": 2, "nrOfInstances": 5},
            False,
        ),
        (
            "${nrOfCompletedInstances/nrOfInstances >= 0.6 }",
            {"nrOfCompletedInstances": 4, "nrOfInstances": 6},
            True,
        ),
        ("${3/5}", {}, 0.6),
        ("${5-2}", {}, 3),
        ("${7 div 2}", {}, 3.5),
        ("${7 % 3} ${-7 mod 3}", {}, "1 -1"),
        ("${1 + 2 * 3}", {}, 7),
        ("${(1 + 2) * 3}", {}, 9),
        ("${'1' + 2}", {}, 3),
        ("${1.5 + 1}", {}, 2.5),
        ("${a == 1 && b != 2}", {"a": 1, "b": 3}, True),
        ("${a eq 1 and b ne 2}", {"a": "1", "b": 2}, False),
        ("${a lt 2 or a gt 5}", {"a": 7}, True),
        ("${a le 2 || a ge 5}", {"a": 3}, False),
        ("${!flag}", {"flag": False}, True),
        ("${not flag}", {"flag": "true"}, False),
        ("${empty list}", {"list": []}, True),
        ("${empty name}", {"name": "x"}, False),
        ("${empty nothing}", {"nothing": None}, True),
        ("${days > 3 ? 'long' : 'short'}", {"days": 5}, "long"),
        ("${x ? 1 : y ? 2 : 3}", {"x": False, "y": True}, 2),
        ("${m.k}", {"m": {"k": "v"}}, "v"),
        ("${m['k']}", {"m": {"k": "v"}}, "v"),
        ("${m.missing}", {"m": {}}, None),
        ("${l[1]}", {"l": [10, 20]}, 20),
        ("${l[5]}", {"l": [10, 20]}, None),
        ("${n.a.b}", {"n": None}, None),
        ("${null == x}", {"x": None}, True),
        ("${true}", {}, True),
        ("${'it''s'}".replace("''", "\\'"), {}, "it's"),
        ('${"a}b"}', {}, "a}b"),
        ("${approve == 'true'}", {"approve": True}, True),
        ("${1 == 1.0}", {}, True),
        ("${l.size() > 1 && l.contains('b')}", {"l": ["a", "b"]}, True),
        ("${s.startsWith('ab')}", {"s": "abc"}, True),
        ("${.5 + 1e1}", {}, 10.5),
    ],
)
def test_expression_evaluates_like_juel(source: str, scope: dict[str, object], expected: object) -> None:
    # given / when
    result = evaluate(source, scope)
    # then
    assert result == expected


def test_text_template_concatenates_parts() -> None:
    # given
    scope = {"loopCounter": 0, "who": None}
    # when / then
    assert evaluate("kermit_${loopCounter}", scope) == "kermit_0"
    assert evaluate("My Task ${loopCounter} for ${who}!", scope) == "My Task 0 for !"
    assert evaluate("plain text", scope) == "plain text"
    assert evaluate(r"cost \${not an expression}", scope) == "cost ${not an expression}"


def test_single_expression_keeps_its_type() -> None:
    # given / when / then
    assert evaluate("${list}", {"list": [1, 2]}) == [1, 2]
    assert evaluate("#{n}", {"n": 4}) == 4


def test_unknown_variable_is_an_error_not_null() -> None:
    # given
    source = "${input <= 1}"
    # when
    with pytest.raises(ExpressionError) as info:
        evaluate(source, {"iinput": 1})
    # then
    assert str(info.value) == "Unknown property used in expression: ${input <= 1}"


def test_division_by_zero_follows_java_doubles() -> None:
    # given / when / then
    assert evaluate("${1/0}", {}) == math.inf
    assert math.isnan(evaluate("${0/0}", {}))  # type: ignore[arg-type]
    with pytest.raises(ExpressionError):
        evaluate("${1 % 0}", {})


@pytest.mark.parametrize(
    "source",
    [
        "${a.__class__}",
        "${a.upper()}",
        "${''.join(l)}",
        "${s.__len__()}",
        "${fn:abs(1)}",
        "${abs(1)}",
        "${x = 1}",
        "${a +}",
        "${(1}",
        "${'unterminated}",
        "${1 2}",
        "${a ? b}",
        "${@}",
        "${",
    ],
)
def test_unsafe_or_malformed_expression_is_refused(source: str) -> None:
    # given
    scope = {"a": "text", "l": ["x"], "s": "abc", "b": 1}
    # when / then
    with pytest.raises(ExpressionError):
        evaluate(source, scope)


def test_condition_must_be_boolean() -> None:
    # given / when / then
    assert evaluate_bool("${'TRUE'}", {}) is True
    with pytest.raises(ExpressionError, match="non-Boolean"):
        evaluate_bool("${1}", {})


class _Counter(HostObject):
    def __init__(self) -> None:
        self.calls: list[str] = []

    def expr_property(self, name: str) -> object:
        if name == "count":
            return len(self.calls)
        raise ExpressionError(f"no {name}")

    def expr_call(self, name: str, args: object) -> object:
        if name == "hit":
            self.calls.append(str(args))
            return None
        raise ExpressionError(f"no {name}")


def test_host_object_exposes_only_its_allow_list() -> None:
    # given
    counter = _Counter()
    # when
    evaluate("${c.hit('x')}", {"c": counter})
    # then
    assert evaluate("${c.count}", {"c": counter}) == 1
    with pytest.raises(ExpressionError):
        evaluate("${c.reset()}", {"c": counter})


def test_deep_nesting_is_refused_cleanly() -> None:
    # given
    source = "${" + "(" * 500 + "1" + ")" * 500 + "}"
    # when / then
    with pytest.raises(ExpressionError):
        compile_expression(source)


_ALPHABET = st.sampled_from(
    list("${}#()[].,?:!<>=&|+-*/%'\"\\ abcxyz019_eEnulltrf") + ["and", "or", "eq", "empty"]
)
_SCOPE: dict[str, object] = {"a": 1, "b": "x", "c": [1, 2], "d": {"k": None}, "x": None, "y": 2.5, "z": True}


@settings(max_examples=600, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_ALPHABET, max_size=40).map("".join))
def test_random_juel_like_input_only_raises_expression_error(text: str) -> None:
    # given: arbitrary, mostly malformed JUEL-ish text
    # when / then: either it evaluates, or it fails with our error - never anything else
    try:
        evaluate(text, _SCOPE)
    except ExpressionError:
        pass


@settings(max_examples=300)
@given(st.text(max_size=60))
def test_arbitrary_unicode_only_raises_expression_error(text: str) -> None:
    # given / when / then
    for source in (text, "${" + text + "}"):
        try:
            evaluate(source, _SCOPE)
        except ExpressionError:
            pass


@settings(max_examples=300)
@given(st.integers(min_value=-(10**6), max_value=10**6), st.integers(min_value=1, max_value=10**6))
def test_division_is_real_division(a: int, b: int) -> None:
    # given / when
    result = evaluate("${a / b}", {"a": a, "b": b})
    # then
    assert result == pytest.approx(a / b)
