"""Evaluating a decision: its required decisions first (their results become variables, as in
Camunda's DMN engine), then its table or literal expression; every hit policy of DMN 1.3.

The answer carries the result (one entry map per rule kept by the hit policy, or the aggregate)
and an audit of every decision evaluated: inputs with their values, the rules that matched and
their outputs, which a business-rule task keeps in the instance's history.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from ..errors import DecisionError, ExpressionError
from ..expr import compile_expression
from . import feel
from .model import Decision, DecisionTable, DmnDefinitions, Expr, LiteralExpression, Output

ResultList = list[dict[str, object]]


@dataclass
class Evaluation:
    """The result of one decision (``results``) and the audit of it and the decisions it required."""

    key: str
    name: str | None
    results: ResultList
    collect_like: bool  # COLLECT or RULE ORDER: results are a list even when only one rule matched
    audit: list[dict[str, object]] = field(default_factory=list)


def evaluate_decision(definitions: DmnDefinitions, key: str, variables: Mapping[str, object]) -> Evaluation:
    """Evaluates decision ``key`` of ``definitions`` with ``variables`` (the DRG's required decisions first)."""
    order: list[Decision] = []
    _order(definitions, definitions.decision(key), order)
    scope: dict[str, object] = dict(variables)
    audits: list[dict[str, object]] = []
    evaluation: Evaluation | None = None
    for decision in order:
        evaluation = _evaluate_one(decision, scope)
        audits.append(evaluation.audit[0])
        if decision.id != key:
            _add_to_scope(evaluation, scope)
    assert evaluation is not None
    evaluation.audit = audits
    return evaluation


def _order(definitions: DmnDefinitions, decision: Decision, out: list[Decision]) -> None:
    if decision in out:
        return
    for required in decision.required:
        _order(definitions, definitions.decision(required), out)
    out.append(decision)


def _add_to_scope(evaluation: Evaluation, scope: dict[str, object]) -> None:
    """A required decision's result as variables: its entries when it has one result (not COLLECT or
    RULE ORDER), else each output name with the list of its values."""
    results = evaluation.results
    if not results:
        return
    if len(results) == 1 and not evaluation.collect_like:
        scope.update(results[0])
        return
    names = dict.fromkeys(n for r in results for n in r)
    for name in names:
        scope[name] = [r[name] for r in results if name in r]


def _evaluate_one(decision: Decision, scope: Mapping[str, object]) -> Evaluation:
    if isinstance(decision.logic, LiteralExpression):
        return _literal(decision, decision.logic, scope)
    return _table(decision, decision.logic, scope)


def _literal(decision: Decision, logic: LiteralExpression, scope: Mapping[str, object]) -> Evaluation:
    value = convert(_expression(logic.expression, scope), logic.type_ref)
    results: ResultList = [{logic.variable: value}]
    audit = {
        "decisionKey": decision.id,
        "decisionName": decision.name,
        "type": "literalExpression",
        "expression": logic.expression.text,
        "outputs": as_json(results),
    }
    return Evaluation(decision.id, decision.name, results, False, [audit])


# ----------------------------------------------------------------------------------- decision tables
def _table(decision: Decision, table: DecisionTable, scope: Mapping[str, object]) -> Evaluation:
    inputs: list[dict[str, object]] = []
    locals_: list[dict[str, object]] = []
    for item in table.inputs:
        value = None if item.expression.empty else convert(_expression(item.expression, scope), item.type_ref)
        inputs.append(
            {"id": item.id, "label": item.label, "expression": item.expression.text, "value": value}
        )
        locals_.append(
            {item.variable: value, "inputVariableName": item.variable, "?": value, "cellInput": value}
        )
    matched: list[tuple[int, dict[str, object]]] = []
    for index, rule in enumerate(table.rules):
        if all(
            _entry_matches(entry, local, scope) for entry, local in zip(rule.inputs, locals_, strict=True)
        ):
            outputs: dict[str, object] = {}
            for entry, output in zip(rule.outputs, table.outputs, strict=True):
                if not entry.empty:  # an empty output entry gives no entry (Camunda)
                    outputs[_name(output)] = convert(_expression(entry, scope), output.type_ref)
            matched.append((index, outputs))
    results, kept = _apply_hit_policy(decision.id, table, matched)
    audit: dict[str, object] = {
        "decisionKey": decision.id,
        "decisionName": decision.name,
        "type": "decisionTable",
        "hitPolicy": table.hit_policy,
        "aggregation": table.aggregation,
        "inputs": as_json(inputs),
        "matchedRules": [
            {"ruleId": table.rules[i].id, "ruleNumber": i + 1, "outputs": as_json(o)} for i, o in matched
        ],
        "keptRules": [table.rules[i].id for i in kept],
        "outputs": as_json(results),
    }
    collect_like = table.hit_policy in ("COLLECT", "RULE ORDER") and table.aggregation is None
    return Evaluation(decision.id, decision.name, results, collect_like, [audit])


def _name(output: Output) -> str:
    return output.name or output.id


def _entry_matches(entry: Expr, local: Mapping[str, object], scope: Mapping[str, object]) -> bool:
    if entry.empty:
        return True
    merged = {**scope, **local}
    if entry.language == "juel":
        return _juel(entry.text, merged) is True
    try:
        tests = feel.parse_unary_tests(entry.text)
    except DecisionError:
        # Flowable's tables write JUEL where S-FEEL has no word: ``.startsWith('x')``, ``== 'a'``
        return _juel(_juel_entry(entry.text), merged) is True
    return feel.matches(tests, local["?"], merged)


def _juel_entry(text: str) -> str:
    """An input entry in Flowable's JUEL dialect as a condition over the input (``cellInput``)."""
    entry = text.strip()
    if "${" in entry:
        return entry
    if entry.startswith("."):
        return "${cellInput" + entry + "}"
    if entry.startswith(("==", "!=", "<", ">")):
        return "${cellInput " + entry + "}"
    return "${cellInput == " + entry + "}"


def _expression(expr: Expr, scope: Mapping[str, object]) -> object:
    if expr.empty:
        return None
    if expr.language == "juel":
        return _juel(expr.text, scope)
    try:
        node = feel.parse_expression(expr.text)
    except DecisionError:
        # Flowable's outputs are JUEL (``'text'``, method calls): what S-FEEL cannot read is tried as that
        return _juel(expr.text if "${" in expr.text else "${" + expr.text + "}", scope)
    return feel.evaluate(node, scope)


def _juel(text: str, scope: Mapping[str, object]) -> object:
    try:
        return compile_expression(text).evaluate(scope)
    except ExpressionError as exc:
        raise DecisionError(exc.message) from exc


def _apply_hit_policy(
    key: str, table: DecisionTable, matched: list[tuple[int, dict[str, object]]]
) -> tuple[ResultList, list[int]]:
    """The results the hit policy keeps (and the indexes of the rules kept)."""
    policy = table.hit_policy
    outputs = [o for _, o in matched]
    if policy == "UNIQUE":
        if len(matched) > 1:
            raise DecisionError(
                f"DMN-03001 Hit policy UNIQUE of decision '{key}' allows one matching rule, "
                f"{len(matched)} matched: {[table.rules[i].id for i, _ in matched]}"
            )
        return outputs, [i for i, _ in matched]
    if policy == "ANY":
        if any(o != outputs[0] for o in outputs[1:]):
            raise DecisionError(
                f"DMN-03002 Hit policy ANY of decision '{key}' needs every matching rule to give the same outputs"
            )
        return outputs[:1], [i for i, _ in matched[:1]]
    if policy == "FIRST":
        return outputs[:1], [i for i, _ in matched[:1]]
    if policy in ("PRIORITY", "OUTPUT ORDER"):
        ordered = sorted(matched, key=lambda m: _priority(table.outputs, m[1]))
        if policy == "PRIORITY":
            ordered = ordered[:1]
        return [o for _, o in ordered], [i for i, _ in ordered]
    if policy == "RULE ORDER" or table.aggregation is None:
        return outputs, [i for i, _ in matched]
    return _aggregate(key, table, matched), [i for i, _ in matched]


def _priority(outputs: tuple[Output, ...], values: Mapping[str, object]) -> tuple[int, ...]:
    """A rule's rank: per output (in order), the position of its value in the output's values list."""
    rank: list[int] = []
    for output in outputs:
        allowed = feel.literal_values(output.values)
        value = values.get(_name(output))
        position = next((i for i, a in enumerate(allowed) if feel.equal(value, a)), len(allowed))
        rank.append(position)
    return tuple(rank)


def _aggregate(key: str, table: DecisionTable, matched: list[tuple[int, dict[str, object]]]) -> ResultList:
    """COLLECT with SUM, MIN, MAX or COUNT: one result holding one entry (none when nothing to sum)."""
    values: list[object] = []
    name: str | None = None
    for _, outputs in matched:
        if len(outputs) > 1:
            raise DecisionError(
                f"DMN-03003 Decision '{key}': aggregation {table.aggregation} cannot apply to a compound output"
            )
        for output_name, value in outputs.items():
            name = name or output_name
            values.append(value)
    name = name or _name(table.outputs[0])
    if table.aggregation == "COUNT":
        return [{name: len(values)}]
    numbers = [v for v in values if v is not None]
    if not numbers:
        return []
    if not all(feel.is_number(v) for v in numbers):
        raise DecisionError(
            f"DMN-03004 Decision '{key}': aggregation {table.aggregation} needs numbers, got {numbers!r}"
        )
    if table.aggregation == "SUM":
        total: Any = 0
        for number in numbers:
            total += number  # type: ignore[operator]
        return [{name: total}]
    pick = min if table.aggregation == "MIN" else max
    return [{name: pick(numbers)}]  # type: ignore[type-var]


# ---------------------------------------------------------------------------------------- types
def convert(value: object, type_ref: str | None) -> object:
    """A value as the ``typeRef`` of its input or output says (string, integer, long, double, number,
    boolean, date); other types and null pass unchanged. A value that cannot be converted is an error."""
    if value is None or not type_ref:
        return value
    kind = type_ref.strip().lower().removeprefix("feel:")
    try:
        if kind == "string":
            return value if isinstance(value, str) else feel.as_text(value)
        if kind in ("integer", "long", "int"):
            return _integer(value)
        if kind in ("double", "number"):
            return _number(value, kind)
        if kind == "boolean":
            return _boolean(value)
        if kind in ("date", "datetime", "date and time"):
            return _moment(value)
    except (TypeError, ValueError) as exc:
        raise DecisionError(f"Cannot convert {value!r} to type '{type_ref}'") from exc
    return value


def _integer(value: object) -> int:
    if isinstance(value, bool):
        raise TypeError("boolean")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        return int(value.strip())
    raise TypeError(type(value).__name__)


def _number(value: object, kind: str) -> int | float:
    if isinstance(value, bool):
        raise TypeError("boolean")
    if isinstance(value, int) and kind == "number":
        return value
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        text = value.strip()
        return int(text) if kind == "number" and text.lstrip("-").isdigit() else float(text)
    raise TypeError(type(value).__name__)


def _boolean(value: object) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    raise TypeError(type(value).__name__)


def _moment(value: object) -> datetime | date:
    if isinstance(value, datetime | date):
        return value
    if isinstance(value, str):
        return datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    raise TypeError(type(value).__name__)


def as_json(value: Any) -> Any:
    """The audit as JSON-ready data: dates as ISO text, other objects as their text."""
    if isinstance(value, dict):
        return {str(k): as_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [as_json(v) for v in value]
    if isinstance(value, datetime | date):
        return value.isoformat()
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)
