"""Per-kind readers: one XML element -> constructor keyword arguments for its frozen node."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import BpmnParseError
from . import elements as el_
from .connectors import http_of_connector, http_of_fields
from .xml import (
    Element,
    bpmn_children,
    error_code,
    ext,
    ext_bool,
    extension_children,
    fields_of,
    first_bpmn_child,
    is_bpmn,
    listeners,
    local,
    text_of,
    timer_definition,
)

Reader = Callable[[Element], tuple[type[el_.FlowNode], dict[str, Any]]]


def common(el: Element, parent_id: str | None) -> dict[str, Any]:
    """Attributes every node has."""
    node_id = el.get("id")
    if not node_id:
        raise BpmnParseError(f"Element <{local(el)}> has no id")
    return {
        "id": node_id,
        "name": el.get("name"),
        "kind": local(el),
        "parent_id": parent_id,
        "default_flow": el.get("default"),
        "async_before": ext_bool(el, "async") or ext_bool(el, "asyncBefore"),
        "async_after": ext_bool(el, "asyncLeave") or ext_bool(el, "asyncAfter"),
        "exclusive": ext_bool(el, "exclusive", True),
        "listeners": listeners(el, "executionListener"),
        "loop": loop_characteristics(el),
        "documentation": text_of(first_bpmn_child(el, "documentation")),
    }


def loop_characteristics(el: Element) -> el_.LoopCharacteristics | None:
    """``multiInstanceLoopCharacteristics`` (standard and flowable attributes)."""
    mi = first_bpmn_child(el, "multiInstanceLoopCharacteristics")
    if mi is None:
        return None
    collection = ext(mi, "collection") or text_of(first_bpmn_child(mi, "loopDataInputRef"))
    element_var = ext(mi, "elementVariable")
    item = first_bpmn_child(mi, "inputDataItem")
    if element_var is None and item is not None:
        element_var = item.get("name") or item.get("id")
    cardinality = text_of(first_bpmn_child(mi, "loopCardinality"))
    if cardinality is None and collection is None:
        raise BpmnParseError(
            f"Multi-instance '{el.get('id')}': Must provide either loop cardinality or collection"
        )
    return el_.LoopCharacteristics(
        sequential=(mi.get("isSequential") or "false").strip().lower() == "true",
        loop_cardinality=cardinality,
        collection=collection.strip() if collection else None,
        element_variable=element_var,
        completion_condition=text_of(first_bpmn_child(mi, "completionCondition")),
    )


def _plain(_: Element) -> tuple[type[el_.FlowNode], dict[str, Any]]:
    return el_.FlowNode, {}


def _start(el: Element) -> tuple[type[el_.FlowNode], dict[str, Any]]:
    for definition in (
        "messageEventDefinition",
        "signalEventDefinition",
        "timerEventDefinition",
        "errorEventDefinition",
        "conditionalEventDefinition",
    ):
        if first_bpmn_child(el, definition) is not None:
            raise BpmnParseError(f"Start event '{el.get('id')}': {definition} is not supported")
    return el_.StartEvent, {"initiator": ext(el, "initiator"), "form_key": ext(el, "formKey")}


def _end(el: Element) -> tuple[type[el_.FlowNode], dict[str, Any]]:
    term = first_bpmn_child(el, "terminateEventDefinition")
    for child in el:
        if is_bpmn(child) and local(child).endswith("EventDefinition") and child is not term:
            raise BpmnParseError(f"End event '{el.get('id')}': {local(child)} is not supported")
    return el_.EndEvent, {
        "terminate": term is not None,
        "terminate_all": term is not None and ext_bool(term, "terminateAll"),
    }


def _user_task(el: Element) -> tuple[type[el_.FlowNode], dict[str, Any]]:
    return el_.UserTask, {
        "assignee": ext(el, "assignee"),
        "owner": ext(el, "owner"),
        "candidate_users": ext(el, "candidateUsers"),
        "candidate_groups": ext(el, "candidateGroups"),
        "form_key": ext(el, "formKey"),
        "due_date": ext(el, "dueDate"),
        "priority": ext(el, "priority"),
        "category": ext(el, "category"),
        "task_listeners": listeners(el, "taskListener"),
    }


def _service_task(el: Element) -> tuple[type[el_.FlowNode], dict[str, Any]]:
    holder = [c for c in el if is_bpmn(c, "extensionElements")]
    fields = fields_of(holder[0]) if holder else ()
    service_type = (ext(el, "type") or "").strip()
    connector = extension_children(el, "connector")
    if service_type in ("external", "external-worker"):
        return _external_task(el)
    if service_type == "http":
        return el_.HttpTask, {"http": http_of_fields(el.get("id") or "", fields)}
    if connector:
        return el_.HttpTask, {"http": http_of_connector(el.get("id") or "", connector[0])}
    if service_type == "dmn" or ext(el, "decisionRef") is not None:
        return _decision_task(el, fields)
    return el_.ServiceTask, {
        "class_name": ext(el, "class"),
        "expression": ext(el, "expression"),
        "delegate_expression": ext(el, "delegateExpression"),
        "result_variable": ext(el, "resultVariable") or ext(el, "resultVariableName"),
        "service_type": ext(el, "type"),
        "fields": fields,
    }


def _external_task(el: Element) -> tuple[type[el_.FlowNode], dict[str, Any]]:
    topic = (ext(el, "topic") or "").strip()
    if not topic:
        raise BpmnParseError(f"External task '{el.get('id')}': topic Must provide a value")
    if "\n" in topic or len(topic) > 255:
        raise BpmnParseError(f"External task '{el.get('id')}': a topic is one line of at most 255 characters")
    return el_.ExternalTask, {"topic": topic, "priority": ext(el, "taskPriority")}


def _decision_task(
    el: Element, fields: tuple[el_.FieldInjection, ...]
) -> tuple[type[el_.FlowNode], dict[str, Any]]:
    by_name = {f.name: f.string_value or f.expression for f in fields}
    key = (ext(el, "decisionRef") or by_name.get("decisionTableReferenceKey") or "").strip()
    if not key:
        raise BpmnParseError(f"Business rule task '{el.get('id')}': decisionRef Must provide a value")
    binding = (ext(el, "decisionRefBinding") or "latest").strip() or "latest"
    if binding not in ("latest", "deployment", "version", "versionTag"):
        raise BpmnParseError(f"Business rule task '{el.get('id')}': unknown decisionRefBinding '{binding}'")
    if ext_bool(el, "sameDeployment") or (by_name.get("sameDeployment") or "").strip() == "true":
        binding = "deployment"
    version_text = (ext(el, "decisionRefVersion") or "").strip()
    if binding == "version" and not version_text.isdigit():
        raise BpmnParseError(f"Business rule task '{el.get('id')}': version binding needs decisionRefVersion")
    tag = (ext(el, "decisionRefVersionTag") or "").strip() or None
    if binding == "versionTag" and tag is None:
        raise BpmnParseError(
            f"Business rule task '{el.get('id')}': versionTag binding needs decisionRefVersionTag"
        )
    mapping = (ext(el, "mapDecisionResult") or "resultList").strip()
    if mapping not in ("singleEntry", "singleResult", "collectEntries", "resultList"):
        raise BpmnParseError(f"Business rule task '{el.get('id')}': unknown mapDecisionResult '{mapping}'")
    decision = el_.DecisionRef(
        key=key,
        binding=binding,
        version=int(version_text) if binding == "version" else None,
        version_tag=tag if binding == "versionTag" else None,
        tenant_id=(ext(el, "decisionRefTenantId") or "").strip() or None,
        mapping=mapping,
    )
    result = ext(el, "resultVariable") or ext(el, "resultVariableName")
    return el_.DecisionTask, {"decision": decision, "result_variable": (result or "").strip() or None}


def _script_task(el: Element) -> tuple[type[el_.FlowNode], dict[str, Any]]:
    return el_.ScriptTask, {
        "script_format": (el.get("scriptFormat") or "juel").strip().lower(),
        "script": text_of(first_bpmn_child(el, "script")) or "",
        "result_variable": ext(el, "resultVariable") or ext(el, "resultVariableName"),
    }


def _error_boundary(el: Element, definition: Element) -> tuple[type[el_.FlowNode], dict[str, Any]]:
    attached = el.get("attachedToRef")
    if not attached:
        raise BpmnParseError(f"Boundary event '{el.get('id')}' has no attachedToRef")
    if (el.get("cancelActivity") or "true").strip().lower() == "false":
        raise BpmnParseError(f"Error boundary event '{el.get('id')}' is always interrupting")
    return el_.ErrorEvent, {
        "attached_to": attached,
        "error_code": error_code(definition),
        "code_variable": ext(definition, "errorCodeVariable"),
        "message_variable": ext(definition, "errorMessageVariable"),
    }


def _timer_event(el: Element) -> tuple[type[el_.FlowNode], dict[str, Any]]:
    kind = local(el)
    error = first_bpmn_child(el, "errorEventDefinition")
    if error is not None and kind == "boundaryEvent":
        return _error_boundary(el, error)
    timer = timer_definition(el)
    if timer is None:
        if kind == "intermediateThrowEvent":
            return el_.FlowNode, {}
        defs = [local(c) for c in el if is_bpmn(c) and local(c).endswith("EventDefinition")]
        raise BpmnParseError(
            f"{kind} '{el.get('id')}': {', '.join(defs) or 'no event definition'} "
            "is not supported (only timers)"
        )
    attached = el.get("attachedToRef") if kind == "boundaryEvent" else None
    if kind == "boundaryEvent" and not attached:
        raise BpmnParseError(f"Boundary event '{el.get('id')}' has no attachedToRef")
    cancel = (el.get("cancelActivity") or "true").strip().lower() != "false"
    return el_.TimerEvent, {"timer": timer, "attached_to": attached, "cancel_activity": cancel}


def _mapping(item: Element) -> el_.VariableMapping:
    return el_.VariableMapping(
        source=item.get("source"),
        source_expression=item.get("sourceExpression"),
        target=item.get("target"),
        all_variables=(item.get("variables") or "").strip() == "all",
        business_key=item.get("businessKey"),
    )


def _call_activity(el: Element) -> tuple[type[el_.FlowNode], dict[str, Any]]:
    called = el.get("calledElement") or ""
    if not called:
        raise BpmnParseError(f"Call activity '{el.get('id')}': calledElement Must provide a value")
    binding = (ext(el, "calledElementBinding") or "latest").strip()
    if ext_bool(el, "sameDeployment"):
        binding = "deployment"
    version_text = ext(el, "calledElementVersion")
    version = int(version_text) if version_text and version_text.strip().isdigit() else None
    if binding == "version" and version is None:
        raise BpmnParseError(f"Call activity '{el.get('id')}': version binding needs calledElementVersion")
    ins = [_mapping(m) for m in extension_children(el, "in")]
    outs = [_mapping(m) for m in extension_children(el, "out")]
    business_key = ext(el, "businessKey") or next((m.business_key for m in ins if m.business_key), None)
    return el_.CallActivity, {
        "called_element": called.strip(),
        "binding": binding,
        "version": version,
        "business_key": business_key,
        "inherit_business_key": ext_bool(el, "inheritBusinessKey"),
        "inherit_variables": ext_bool(el, "inheritVariables"),
        "in_mappings": tuple(m for m in ins if not m.business_key),
        "out_mappings": tuple(outs),
    }


READERS: dict[str, Reader] = {
    "startEvent": _start,
    "endEvent": _end,
    "userTask": _user_task,
    "serviceTask": _service_task,
    "sendTask": _service_task,
    "businessRuleTask": _service_task,
    "scriptTask": _script_task,
    "receiveTask": _plain,
    "manualTask": _plain,
    "task": _plain,
    "exclusiveGateway": _plain,
    "parallelGateway": _plain,
    "inclusiveGateway": _plain,
    "intermediateCatchEvent": _timer_event,
    "intermediateThrowEvent": _timer_event,
    "boundaryEvent": _timer_event,
    "callActivity": _call_activity,
    "subProcess": _plain,
}

IGNORED = frozenset(
    {
        "sequenceFlow",
        "textAnnotation",
        "association",
        "dataObject",
        "dataObjectReference",
        "dataStoreReference",
        "laneSet",
        "documentation",
        "extensionElements",
        "incoming",
        "outgoing",
        "ioSpecification",
        "property",
        "dataInputAssociation",
        "dataOutputAssociation",
        "multiInstanceLoopCharacteristics",
        "group",
        "category",
    }
)


def read_node(el: Element, parent_id: str | None) -> tuple[type[el_.FlowNode], dict[str, Any]] | None:
    """Reads a flow-node element; None for elements that are not nodes; error for unsupported ones."""
    kind = local(el)
    if kind in IGNORED or not is_bpmn(el):
        return None
    reader = READERS.get(kind)
    if reader is None:
        raise BpmnParseError(f"Unsupported element <{kind}> (id={el.get('id')})")
    cls, extra = reader(el)
    kwargs = common(el, parent_id)
    kwargs.update(extra)
    return cls, kwargs


def flows_of(container: Element) -> list[Element]:
    """Sequence-flow elements directly inside ``container``."""
    return bpmn_children(container, "sequenceFlow")
