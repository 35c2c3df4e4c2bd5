"""DMN XML (1.1 to 1.3, Camunda's and Flowable's dialects) -> immutable decisions.

A ``<definitions>`` holds decisions; each is a decision table or a literal expression and may
require other decisions of the same file (a decision requirement graph). Expressions keep their
text and language: S-FEEL by default, JUEL where ``expressionLanguage`` says so (Camunda's and
Flowable's older tables)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from lxml import etree

from ..errors import DecisionError

Element = etree._Element

HIT_POLICIES = ("UNIQUE", "FIRST", "PRIORITY", "ANY", "COLLECT", "RULE ORDER", "OUTPUT ORDER")
AGGREGATIONS = ("SUM", "MIN", "MAX", "COUNT")


@dataclass(frozen=True, slots=True)
class Expr:
    """An expression's text and language (None: the table's default, S-FEEL)."""

    text: str
    language: str | None = None

    @property
    def empty(self) -> bool:
        """True for an expression with no text (an input entry that matches anything)."""
        return not self.text.strip()


@dataclass(frozen=True, slots=True)
class Input:
    id: str
    label: str | None
    expression: Expr
    type_ref: str | None
    variable: str  # the name the input's value has in its entries (Camunda's ``inputVariable``)
    allowed: str | None  # inputValues (unary tests)


@dataclass(frozen=True, slots=True)
class Output:
    id: str
    label: str | None
    name: str
    type_ref: str | None
    values: str | None  # outputValues: the priority order of PRIORITY and OUTPUT ORDER


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    description: str | None
    inputs: tuple[Expr, ...]
    outputs: tuple[Expr, ...]


@dataclass(frozen=True, slots=True)
class DecisionTable:
    hit_policy: str
    aggregation: str | None
    inputs: tuple[Input, ...]
    outputs: tuple[Output, ...]
    rules: tuple[Rule, ...]


@dataclass(frozen=True, slots=True)
class LiteralExpression:
    expression: Expr
    variable: str
    type_ref: str | None


@dataclass(frozen=True, slots=True)
class Decision:
    id: str
    name: str | None
    version_tag: str | None
    logic: DecisionTable | LiteralExpression
    required: tuple[str, ...]  # ids of the decisions this one needs first


@dataclass(frozen=True, slots=True)
class DmnDefinitions:
    id: str | None
    name: str | None
    decisions: Mapping[str, Decision]

    def decision(self, key: str) -> Decision:
        """The decision ``key`` (its id)."""
        found = self.decisions.get(key)
        if found is None:
            raise DecisionError(f"No decision with id '{key}' in the DMN definitions")
        return found


def _local(el: Element) -> str:
    tag = el.tag
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _is_dmn(el: Element) -> bool:
    tag = el.tag
    return isinstance(tag, str) and "/DMN/" in tag.upper()


def _children(el: Element, name: str) -> list[Element]:
    return [c for c in el if _is_dmn(c) and _local(c) == name]


def _child(el: Element, name: str) -> Element | None:
    found = _children(el, name)
    return found[0] if found else None


def _attr(el: Element, name: str) -> str | None:
    """An attribute in no namespace or in any extension namespace (camunda:, flowable:)."""
    value = el.get(name)
    if value is not None:
        return value
    for key, found in el.attrib.items():
        if isinstance(key, str) and key.endswith("}" + name):
            return str(found)
    return None


def _text(el: Element | None) -> str:
    if el is None:
        return ""
    node = _child(el, "text")
    source = node if node is not None else el
    return "".join(t if isinstance(t, str) else t.decode() for t in source.itertext()).strip()


def _expr(el: Element | None, default_language: str | None) -> Expr:
    if el is None:
        return Expr("", default_language)
    language = el.get("expressionLanguage") or default_language
    return Expr(_text(el), _language(language))


def _language(value: str | None) -> str | None:
    """'juel', or None for FEEL (every FEEL URI and name)."""
    if value is None:
        return None
    lowered = value.strip().lower()
    if "juel" in lowered or lowered in ("http://www.omg.org/spec/uml/20110701", "uel"):
        return "juel"
    if "feel" in lowered:
        return None
    raise DecisionError(f"Unsupported expression language '{value}' (FEEL and JUEL are)")


def parse_xml(xml: str | bytes) -> Element:
    """Parses DMN XML without entity expansion or network access."""
    data = xml.encode("utf-8") if isinstance(xml, str) else xml
    parser = etree.XMLParser(resolve_entities=False, no_network=True, remove_comments=True, huge_tree=False)
    try:
        return etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise DecisionError(f"Invalid DMN XML: {exc}") from exc


def parse_dmn(xml: str | bytes) -> DmnDefinitions:
    """Parses a DMN document; every decision must have an id and known requirements, with no loop."""
    root = parse_xml(xml)
    if _local(root) != "definitions" or not _is_dmn(root):
        raise DecisionError("The root element of a DMN file must be a DMN <definitions>")
    language = _language(root.get("expressionLanguage"))
    decisions: dict[str, Decision] = {}
    for el in _children(root, "decision"):
        decision = _decision(el, language)
        if decision.id in decisions:
            raise DecisionError(f"Decision id '{decision.id}' appears twice")
        decisions[decision.id] = decision
    if not decisions:
        raise DecisionError("The DMN file holds no decision")
    for decision in decisions.values():
        for required in decision.required:
            if required not in decisions:
                raise DecisionError(f"Decision '{decision.id}' requires unknown decision '{required}'")
    for key in decisions:
        _check_no_loop(decisions, key, ())
    return DmnDefinitions(id=root.get("id"), name=root.get("name"), decisions=decisions)


def _check_no_loop(decisions: Mapping[str, Decision], key: str, path: tuple[str, ...]) -> None:
    if key in path:
        raise DecisionError(f"Decision '{key}' requires itself ({' -> '.join((*path, key))})")
    for required in decisions[key].required:
        _check_no_loop(decisions, required, (*path, key))


def _decision(el: Element, language: str | None) -> Decision:
    key = el.get("id")
    if not key:
        raise DecisionError("A decision has no id")
    required: list[str] = []
    for requirement in _children(el, "informationRequirement"):
        ref = _child(requirement, "requiredDecision")
        if ref is not None:
            href = (ref.get("href") or "").strip()
            if not href:
                raise DecisionError(f"Decision '{key}': a required decision without href")
            required.append(href.split("#", 1)[-1])
    table = _child(el, "decisionTable")
    literal = _child(el, "literalExpression")
    logic: DecisionTable | LiteralExpression
    if table is not None:
        logic = _table(key, table, language)
    elif literal is not None:
        variable = _child(el, "variable")
        logic = LiteralExpression(
            expression=_expr(literal, language),
            variable=(variable.get("name") if variable is not None else None) or key,
            type_ref=(variable.get("typeRef") if variable is not None else None) or literal.get("typeRef"),
        )
    else:
        raise DecisionError(f"Decision '{key}' is neither a decision table nor a literal expression")
    return Decision(
        id=key,
        name=el.get("name"),
        version_tag=_attr(el, "versionTag"),
        logic=logic,
        required=tuple(required),
    )


def _table(key: str, el: Element, language: str | None) -> DecisionTable:
    hit_policy = (el.get("hitPolicy") or "UNIQUE").strip().upper().replace("_", " ")
    if hit_policy not in HIT_POLICIES:
        raise DecisionError(f"Decision '{key}': unknown hit policy '{hit_policy}'")
    aggregation = (el.get("aggregation") or "").strip().upper() or None
    if aggregation is not None and (aggregation not in AGGREGATIONS or hit_policy != "COLLECT"):
        raise DecisionError(f"Decision '{key}': aggregation '{aggregation}' with hit policy {hit_policy}")
    inputs = tuple(_input(i, c, language) for i, c in enumerate(_children(el, "input")))
    outputs = tuple(_output(i, c) for i, c in enumerate(_children(el, "output")))
    if not outputs:
        raise DecisionError(f"Decision '{key}' has no output")
    names = [o.name for o in outputs]
    if len(outputs) > 1 and (len(set(names)) != len(names) or any(not o for o in names)):
        raise DecisionError(f"Decision '{key}': each output of a compound output needs its own name")
    rules = []
    for index, rule in enumerate(_children(el, "rule")):
        ins = tuple(_expr(e, language) for e in _children(rule, "inputEntry"))
        outs = tuple(_expr(e, language) for e in _children(rule, "outputEntry"))
        rule_id = rule.get("id") or f"rule{index + 1}"
        if len(ins) != len(inputs) or len(outs) != len(outputs):
            raise DecisionError(
                f"Decision '{key}', rule '{rule_id}': {len(ins)} input and {len(outs)} output entries "
                f"for {len(inputs)} inputs and {len(outputs)} outputs"
            )
        description = _child(rule, "description")
        rules.append(Rule(rule_id, _text(description) or None, ins, outs))
    return DecisionTable(hit_policy, aggregation, inputs, outputs, tuple(rules))


def _input(index: int, el: Element, language: str | None) -> Input:
    expression = _child(el, "inputExpression")
    allowed = _child(el, "inputValues")
    return Input(
        id=el.get("id") or f"input{index + 1}",
        label=el.get("label"),
        expression=_expr(expression, language),
        type_ref=expression.get("typeRef") if expression is not None else None,
        variable=_attr(el, "inputVariable") or "cellInput",
        allowed=_text(allowed) or None,
    )


def _output(index: int, el: Element) -> Output:
    values = _child(el, "outputValues")
    return Output(
        id=el.get("id") or f"output{index + 1}",
        label=el.get("label"),
        name=el.get("name") or "",
        type_ref=el.get("typeRef"),
        values=_text(values) or None,
    )
