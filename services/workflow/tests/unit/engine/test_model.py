"""BPMN parsing into the immutable graph."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from loom_workflow.engine import BpmnParseError
from loom_workflow.engine.model import CallActivity, EndEvent, TimerEvent, UserTask, parse_bpmn

from .harness import bpmn, chain, flow


def test_flowable_and_activiti_attributes_are_read_the_same() -> None:
    # given
    xml = bpmn(
        '<startEvent id="s"/><userTask id="a" flowable:assignee="x" flowable:candidateGroups="g"/>'
        '<userTask id="b" activiti:assignee="x" activiti:candidateGroups="g"/><endEvent id="e"/>'
        + chain("s", "a", "b", "e")
    )
    # when
    (model,) = parse_bpmn(xml)
    # then
    a, b = model.node("a"), model.node("b")
    assert isinstance(a, UserTask) and isinstance(b, UserTask)
    assert (a.assignee, a.candidate_groups) == (b.assignee, b.candidate_groups) == ("x", "g")


def test_graph_is_immutable_and_linked() -> None:
    # given
    (model,) = parse_bpmn(
        bpmn(
            '<startEvent id="s"/><userTask id="t"/><endEvent id="e"><terminateEventDefinition/></endEvent>'
            '<boundaryEvent id="b" attachedToRef="t" cancelActivity="false"><timerEventDefinition>'
            "<timeCycle>R3/PT1H</timeCycle></timerEventDefinition></boundaryEvent>"
            + chain("s", "t", "e")
            + flow("be", "b", "e")
        )
    )
    # when
    task, end, boundary = model.node("t"), model.node("e"), model.node("b")
    # then
    assert task.boundary_ids == ("b",) and task.incoming == ("f_s_t",) and task.outgoing == ("f_t_e",)
    assert isinstance(end, EndEvent) and end.terminate
    assert (
        isinstance(boundary, TimerEvent) and not boundary.cancel_activity and boundary.timer.kind == "cycle"
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        task.name = "changed"  # type: ignore[misc]


def test_call_activity_mappings_and_binding() -> None:
    # given
    (model,) = parse_bpmn(
        bpmn(
            '<startEvent id="s"/><callActivity id="c" calledElement="sub" flowable:sameDeployment="true" '
            'flowable:inheritBusinessKey="true"><extensionElements><flowable:in source="a" target="b"/>'
            '<flowable:in variables="all"/><flowable:out sourceExpression="${x}" target="y"/>'
            '</extensionElements></callActivity><endEvent id="e"/>' + chain("s", "c", "e")
        )
    )
    # when
    call = model.node("c")
    # then
    assert isinstance(call, CallActivity)
    assert (call.binding, call.inherit_business_key) == ("deployment", True)
    assert [(m.source, m.target, m.all_variables) for m in call.in_mappings] == [
        ("a", "b", False),
        (None, None, True),
    ]
    assert call.out_mappings[0].source_expression == "${x}"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('<startEvent id="s"/><eventBasedGateway id="g"/>', "Unsupported element <eventBasedGateway>"),
        ('<userTask id="t"/>', "No start event"),
        ('<startEvent id="s"/>' + flow("f", "s", "ghost"), "unknown target 'ghost'"),
        ('<startEvent id="s"/><startEvent id="s"/>', "unique id"),
        (
            '<startEvent id="s"/><exclusiveGateway id="g" default="nope"/>' + flow("f", "s", "g"),
            "Default flow",
        ),
        (
            '<startEvent id="s"/><userTask id="t"><multiInstanceLoopCharacteristics/></userTask>',
            "Must provide either loop cardinality or collection",
        ),
        ('<startEvent id="s"><messageEventDefinition/></startEvent>', "not supported"),
    ],
)
def test_invalid_or_unsupported_models_are_refused_at_deploy(body: str, message: str) -> None:
    # given / when / then
    with pytest.raises(BpmnParseError, match=message):
        parse_bpmn(bpmn(body))


def test_external_entities_are_never_expanded() -> None:
    # given
    doctype = '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
    head = '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"><process id="p">'
    in_attribute = doctype + head + '<startEvent id="s" name="&x;"/></process></definitions>'
    in_text = (
        doctype
        + head
        + '<startEvent id="s"><documentation>&x;</documentation></startEvent></process></definitions>'
    )
    # when
    (model,) = parse_bpmn(in_text)
    # then
    with pytest.raises(BpmnParseError):
        parse_bpmn(in_attribute)
    assert "root" not in (model.node("s").documentation or "")


def test_non_executable_processes_are_skipped() -> None:
    # given
    xml = bpmn('<startEvent id="s"/>').replace('<process id="p"', '<process id="p" isExecutable="false"')
    # when / then
    with pytest.raises(BpmnParseError, match="No executable process"):
        parse_bpmn(xml)


_SEED = bpmn(
    '<startEvent id="s" flowable:initiator="i"/><userTask id="t" name="T" flowable:assignee="${a}">'
    '<multiInstanceLoopCharacteristics isSequential="true"><loopCardinality>2</loopCardinality>'
    '</multiInstanceLoopCharacteristics></userTask><exclusiveGateway id="g" default="d"/>'
    '<boundaryEvent id="b" attachedToRef="t"><timerEventDefinition><timeDuration>PT1H</timeDuration>'
    '</timerEventDefinition></boundaryEvent><callActivity id="c" calledElement="x"/>'
    '<subProcess id="sp"><startEvent id="ss"/></subProcess><endEvent id="e"/>'
    + chain("s", "t", "g", "c", "sp", "e")
    + flow("d", "g", "e")
    + flow("be", "b", "e")
)


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(min_value=0, max_value=len(_SEED)),
    st.integers(min_value=0, max_value=40),
    st.text(max_size=8),
)
def test_mutated_documents_parse_or_fail_with_a_parse_error(start: int, length: int, insert: str) -> None:
    # given: a valid document with a slice replaced by random text
    xml = _SEED[:start] + insert + _SEED[start + length :]
    # when / then
    try:
        parse_bpmn(xml)
    except BpmnParseError:
        pass
