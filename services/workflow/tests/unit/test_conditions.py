"""Condition rows become JUEL with the product's own and/or mapping (seed §5.1)."""

from __future__ import annotations

from loom_workflow.engine.expr import compile_expression
from loom_workflow.modeler.bpmn import ConditionRow, condition_expression, weave_conditions


def test_and_rows_join_with_or_and_or_rows_with_and() -> None:
    # given
    rows = [
        ConditionRow("days", ">", "3", "and", 1),
        ConditionRow("type", "=", "病假", "and", 2),
        ConditionRow("amount", "<=", "100", "or", 3),
        ConditionRow("level", ">=", "2", "or", 4),
    ]
    # when
    expression = condition_expression(rows)
    # then
    assert expression == "${(amount<=100&&level>=2)&&days>3||type=='病假'}"
    assert compile_expression(expression).evaluate_bool({"days": 1, "type": "病假", "amount": 5, "level": 3})
    assert not compile_expression(expression).evaluate_bool(
        {"days": 5, "type": "事假", "amount": 500, "level": 3}
    )


def test_a_single_group_is_wrapped_alone() -> None:
    # given / when / then
    assert condition_expression([ConditionRow("days", "<", "3", "and", 1)]) == "${days<3}"


def test_weaving_sets_the_flow_condition_in_the_xml() -> None:
    # given
    xml = (
        '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"><process id="p">'
        '<sequenceFlow id="f1" sourceRef="a" targetRef="b"/></process></definitions>'
    )
    # when
    woven = weave_conditions(xml, {"f1": "${days>3}"})
    # then
    assert "<conditionExpression" in woven and "${days>3}" in woven
