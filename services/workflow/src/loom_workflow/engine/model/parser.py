"""BPMN 2.0 XML -> :class:`ProcessModel` (one per executable ``<process>``)."""

from __future__ import annotations

from typing import Any

from ..errors import BpmnParseError
from . import elements as el_
from .nodes import flows_of, read_node
from .process import ProcessModel
from .xml import Element, bpmn_children, ext, listeners, local, parse_xml, text_of


class _Collector:
    def __init__(self) -> None:
        self.nodes: dict[str, tuple[type[el_.FlowNode], dict[str, Any]]] = {}
        self.flows: dict[str, dict[str, Any]] = {}
        self.order: list[str] = []
        self._anon = 0

    def container(self, el: Element, parent_id: str | None) -> None:
        for child in el:
            read = read_node(child, parent_id)
            if read is None:
                continue
            cls, kwargs = read
            if kwargs["id"] in self.nodes:
                raise BpmnParseError(f"Element must have an unique id: '{kwargs['id']}'")
            if local(child) == "subProcess":
                cls = el_.SubProcess
                if (child.get("triggeredByEvent") or "").lower() == "true":
                    raise BpmnParseError(f"Event sub-process '{kwargs['id']}' is not supported")
            self.nodes[kwargs["id"]] = (cls, kwargs)
            self.order.append(kwargs["id"])
            if cls is el_.SubProcess:
                self.container(child, kwargs["id"])
        for flow in flows_of(el):
            self._flow(flow, parent_id)

    def _flow(self, flow: Element, parent_id: str | None) -> None:
        flow_id = flow.get("id")
        if not flow_id:
            self._anon += 1
            flow_id = f"_flow_{self._anon}"
        source, target = flow.get("sourceRef"), flow.get("targetRef")
        if not source or not target:
            raise BpmnParseError(f"Sequence flow '{flow_id}' needs sourceRef and targetRef")
        cond = [c for c in flow if local(c) == "conditionExpression"]
        self.flows[flow_id] = {
            "id": flow_id,
            "name": flow.get("name"),
            "source": source,
            "target": target,
            "condition": text_of(cond[0]) if cond else None,
            "parent_id": parent_id,
            "listeners": listeners(flow, "executionListener"),
        }


def _link(c: _Collector) -> tuple[dict[str, el_.FlowNode], dict[str, el_.SequenceFlow]]:
    incoming: dict[str, list[str]] = {n: [] for n in c.nodes}
    outgoing: dict[str, list[str]] = {n: [] for n in c.nodes}
    boundaries: dict[str, list[str]] = {n: [] for n in c.nodes}
    for fid, f in c.flows.items():
        for end in ("source", "target"):
            if f[end] not in c.nodes:
                raise BpmnParseError(f"Sequence flow '{fid}' refers to unknown {end} '{f[end]}'")
        outgoing[f["source"]].append(fid)
        incoming[f["target"]].append(fid)
    for nid in c.order:
        attached = c.nodes[nid][1].get("attached_to")
        if attached is not None:
            if attached not in c.nodes:
                raise BpmnParseError(f"Boundary event '{nid}' is attached to unknown '{attached}'")
            boundaries[attached].append(nid)
    nodes: dict[str, el_.FlowNode] = {}
    for nid in c.order:
        cls, kwargs = c.nodes[nid]
        kwargs = dict(
            kwargs,
            incoming=tuple(incoming[nid]),
            outgoing=tuple(outgoing[nid]),
            boundary_ids=tuple(boundaries[nid]),
        )
        if cls is el_.SubProcess:
            kwargs["start_id"] = _start_of(c, nid)
        default = kwargs.get("default_flow")
        if default is not None and default not in outgoing[nid]:
            raise BpmnParseError(f"Default flow '{default}' of '{nid}' is not one of its outgoing flows")
        nodes[nid] = cls(**kwargs)
    flows = {fid: el_.SequenceFlow(**f) for fid, f in c.flows.items()}
    return nodes, flows


def _start_of(c: _Collector, scope_id: str | None) -> str:
    starts = [
        n for n in c.order if c.nodes[n][1]["kind"] == "startEvent" and c.nodes[n][1]["parent_id"] == scope_id
    ]
    if not starts:
        where = f"sub-process '{scope_id}'" if scope_id else "the process"
        raise BpmnParseError(f"No start event found in {where}")
    return starts[0]


def parse_process(el: Element) -> ProcessModel:
    """Parses one ``<process>`` element."""
    process_id = el.get("id")
    if not process_id:
        raise BpmnParseError("Process has no id")
    c = _Collector()
    c.container(el, None)
    nodes, flows = _link(c)
    return ProcessModel(
        id=process_id,
        name=el.get("name"),
        nodes=nodes,
        flows=flows,
        start_id=_start_of(c, None),
        candidate_starter_users=ext(el, "candidateStarterUsers"),
        candidate_starter_groups=ext(el, "candidateStarterGroups"),
        documentation=text_of(next(iter(bpmn_children(el, "documentation")), None)),
        listeners=listeners(el, "executionListener"),
    )


def parse_bpmn(xml: str | bytes) -> list[ProcessModel]:
    """Parses a BPMN document and returns its executable processes (``isExecutable`` not false)."""
    root = parse_xml(xml)
    if local(root) != "definitions":
        raise BpmnParseError(f"Root element must be <definitions>, found <{local(root)}>")
    processes = [
        p for p in bpmn_children(root, "process") if (p.get("isExecutable") or "true").lower() != "false"
    ]
    if not processes:
        raise BpmnParseError("No executable process found")
    return [parse_process(p) for p in processes]
