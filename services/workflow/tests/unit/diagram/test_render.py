"""The chart as SVG: shapes from the DI, the instance's done and waiting nodes marked, names escaped."""

from __future__ import annotations

from lxml import etree

from loom_workflow.diagram.render import svg

SVG_NS = "{http://www.w3.org/2000/svg}"
XML = """<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:omgdc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:omgdi="http://www.omg.org/spec/DD/20100524/DI" targetNamespace="x">
  <process id="p" isExecutable="true">
    <startEvent id="start"/>
    <userTask id="a" name="&lt;script&gt;alert(1)&lt;/script&gt;"/>
    <userTask id="b" name="复核"/>
    <endEvent id="end"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="a"/>
    <sequenceFlow id="f2" sourceRef="a" targetRef="b"/>
    <sequenceFlow id="f3" sourceRef="b" targetRef="end"/>
  </process>
  <bpmndi:BPMNDiagram id="d"><bpmndi:BPMNPlane id="pl" bpmnElement="p">
    <bpmndi:BPMNShape id="s1" bpmnElement="start"><omgdc:Bounds x="0" y="10" width="30" height="30"/></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="s2" bpmnElement="a"><omgdc:Bounds x="80" y="0" width="100" height="50"/></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="s3" bpmnElement="b"><omgdc:Bounds x="230" y="0" width="100" height="50"/></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="s4" bpmnElement="end"><omgdc:Bounds x="380" y="10" width="30" height="30"/></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="e1" bpmnElement="f1"><omgdi:waypoint x="30" y="25"/><omgdi:waypoint x="80" y="25"/></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</definitions>"""


def _states(document: str) -> dict[str, str | None]:
    root = etree.fromstring(document.encode())
    return {g.get("data-id"): g.get("data-state") for g in root.iter(f"{SVG_NS}g")}


def test_the_done_and_waiting_nodes_are_marked_and_the_rest_is_not() -> None:
    # when an instance that passed start and a waits in b is drawn
    document = svg(XML, done=["start", "a"], waiting=["b"], flows=["f1"])
    # then each node carries its state, and the flow taken is marked
    assert _states(document) == {"start": "done", "a": "done", "b": "waiting", "end": None}
    assert 'data-id="f1" data-state="done"' in document


def test_a_nodes_name_is_text_never_markup() -> None:
    # when a node's name holds markup
    document = svg(XML)
    # then it is escaped text in a well-formed document without a script element
    root = etree.fromstring(document.encode())
    assert not list(root.iter(f"{SVG_NS}script"))
    assert "&lt;script&gt;" in document


def test_a_process_without_a_diagram_is_laid_out_in_a_row() -> None:
    # given the same process without its DI
    bare = XML.split("<bpmndi:BPMNDiagram")[0] + "</definitions>"
    # when it is drawn with a waiting node
    document = svg(bare, waiting=["a"])
    # then every node is there and the waiting one is marked
    assert _states(document) == {"start": None, "a": "waiting", "b": None, "end": None}
