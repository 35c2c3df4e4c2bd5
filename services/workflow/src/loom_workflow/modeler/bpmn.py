"""Checks a model's BPMN before deployment and weaves the node extensions into it.

Validation answers with messages a designer can act on (which node, what is missing).
Sequence flows whose node setting ``conditionType`` is '1' (form field) get their condition
expression built from the stored condition rows, with the product's own and/or mapping (seed §5.1).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from lxml import etree

from loom_workflow.engine import BpmnParseError
from loom_workflow.engine.model import DecisionTask, EndEvent, ProcessModel, StartEvent, parse_bpmn
from loom_workflow.modeler.errors import InvalidModel

BPMN_NS = "http://www.omg.org/spec/BPMN/20100524/MODEL"
XSI_NS = "http://www.w3.org/2001/XMLSchema-instance"
_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_.\-]*$")
_NUMBER = re.compile(r"^-?\d+(\.\d+)?$")
_NOT_EXECUTABLE = re.compile(r"<(\w+:)?process\b[^>]*\bisExecutable=\"false\"")
_EXECUTABLE = re.compile(r"<(\w+:)?process\b(?![^>]*\bisExecutable=\"false\")[^>]*>")


@dataclass(frozen=True)
class ConditionRow:
    field: str
    compare: str
    value: str
    logic: str
    sort: int


def _operand(value: str) -> str:
    text = value.strip()
    if _NUMBER.match(text) or text in ("true", "false"):
        return text
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def condition_expression(rows: Sequence[ConditionRow]) -> str:
    """``${...}`` from condition rows: 'and' rows joined with ||, 'or' rows with && (seed §5.1);
    with both groups ``(or-group)&&and-group``."""
    ordered = sorted(rows, key=lambda r: r.sort)
    parts = {
        logic: [
            f"{r.field.strip()}{'==' if r.compare == '=' else r.compare}{_operand(r.value)}"
            for r in ordered
            if (r.logic or "and") == logic and r.field.strip()
        ]
        for logic in ("and", "or")
    }
    and_group = "||".join(parts["and"])
    or_group = "&&".join(parts["or"])
    if and_group and or_group:
        return "${(" + or_group + ")&&" + and_group + "}"
    return "${" + (and_group or or_group) + "}"


def weave_conditions(xml: str, conditions: Mapping[str, str]) -> str:
    """Sets the condition expression of the named sequence flows (flow id -> expression)."""
    if not conditions:
        return xml
    root = etree.fromstring(xml.encode("utf-8"))
    for flow in root.iter(f"{{{BPMN_NS}}}sequenceFlow"):
        expression = conditions.get(flow.get("id") or "")
        if expression is None:
            continue
        for old in flow.findall(f"{{{BPMN_NS}}}conditionExpression"):
            flow.remove(old)
        cond = etree.SubElement(flow, f"{{{BPMN_NS}}}conditionExpression")
        cond.set(f"{{{XSI_NS}}}type", "tFormalExpression")
        cond.text = etree.CDATA(expression)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8").decode("utf-8")


def first_process_key(xml: str) -> str:
    """The first executable process of a diagram ("" when it does not parse: validation says why)."""
    try:
        models = parse_bpmn(xml)
    except BpmnParseError:
        return ""
    return models[0].id if models else ""


def validate(xml: str | None, key: str) -> list[ProcessModel]:
    """The parsed processes, or :class:`InvalidModel` naming what to fix."""
    if not xml or not xml.strip():
        raise InvalidModel("workflow.model.empty")
    if not _KEY.match(key or ""):
        raise InvalidModel("workflow.model.key_invalid", key=key)
    # a process saved as drawn stays non-executable until it is published from the designer
    if not re.search(_EXECUTABLE, xml) and re.search(_NOT_EXECUTABLE, xml):
        raise InvalidModel("workflow.model.not_executable", key=key)
    try:
        models = parse_bpmn(xml)
    except BpmnParseError as exc:
        raise InvalidModel(detail=exc.message) from exc
    if not models:
        raise InvalidModel("workflow.model.no_process")
    if key not in {m.id for m in models}:
        raise InvalidModel("workflow.model.key_mismatch", key=key, found=",".join(m.id for m in models))
    for model in models:
        _check_graph(model)
    return models


def _check_graph(model: ProcessModel) -> None:
    name = model.name or model.id
    top = [n for n in model.nodes.values() if n.parent_id is None]
    if not any(isinstance(n, StartEvent) for n in top):
        raise InvalidModel("workflow.model.no_start", name=name)
    if not any(isinstance(n, EndEvent) for n in model.nodes.values()):
        raise InvalidModel("workflow.model.no_end", name=name)
    for node in model.nodes.values():
        if node.kind in ("boundaryEvent",) or node.kind == "subProcess":
            continue
        starts = isinstance(node, StartEvent)
        ends = isinstance(node, EndEvent)
        if (not starts and not node.incoming) or (not ends and not node.outgoing):
            raise InvalidModel("workflow.model.dangling", node=node.name or node.id)


def decisions_in_deployment(xml: str) -> set[str]:
    """Keys of the decisions the business-rule tasks of ``xml`` bind to their own deployment."""
    try:
        models = parse_bpmn(xml)
    except BpmnParseError:
        return set()  # validate() says what is wrong
    return {
        node.decision.key
        for model in models
        for node in model.nodes.values()
        if isinstance(node, DecisionTask) and node.decision.binding == "deployment"
    }
