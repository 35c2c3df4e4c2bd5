"""Immutable BPMN graph elements (one frozen dataclass per element kind)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

ListenerKind = Literal["class", "expression", "delegateExpression"]
TimerKind = Literal["date", "duration", "cycle"]


@dataclass(frozen=True, kw_only=True)
class FieldInjection:
    """``<flowable:field name=... stringValue|expression=...>`` handed to class/delegate listeners."""

    name: str
    string_value: str | None = None
    expression: str | None = None


@dataclass(frozen=True, kw_only=True)
class Listener:
    """An execution listener (start/end/take) or task listener (create/assignment/complete/delete)."""

    event: str
    kind: ListenerKind
    value: str
    fields: tuple[FieldInjection, ...] = ()


@dataclass(frozen=True, kw_only=True)
class TimerDefinition:
    """``timeDate`` / ``timeDuration`` / ``timeCycle``; ``value`` may hold ``${...}``."""

    kind: TimerKind
    value: str


@dataclass(frozen=True, kw_only=True)
class LoopCharacteristics:
    """``multiInstanceLoopCharacteristics``."""

    sequential: bool
    loop_cardinality: str | None = None
    collection: str | None = None  # a variable name or an expression
    element_variable: str | None = None
    completion_condition: str | None = None


@dataclass(frozen=True, kw_only=True)
class VariableMapping:
    """``flowable:in`` / ``flowable:out`` of a call activity."""

    source: str | None = None
    source_expression: str | None = None
    target: str | None = None
    all_variables: bool = False
    business_key: str | None = None


@dataclass(frozen=True, kw_only=True)
class SequenceFlow:
    id: str
    name: str | None
    source: str
    target: str
    condition: str | None = None
    parent_id: str | None = None
    listeners: tuple[Listener, ...] = ()


@dataclass(frozen=True, kw_only=True)
class FlowNode:
    """Any node of the graph. ``parent_id`` is the enclosing sub-process (None at process level)."""

    id: str
    name: str | None
    kind: str  # BPMN local name: userTask, exclusiveGateway, ...
    parent_id: str | None = None
    incoming: tuple[str, ...] = ()
    outgoing: tuple[str, ...] = ()
    default_flow: str | None = None
    async_before: bool = False
    async_after: bool = False
    exclusive: bool = True
    listeners: tuple[Listener, ...] = ()
    loop: LoopCharacteristics | None = None
    boundary_ids: tuple[str, ...] = ()
    documentation: str | None = None


@dataclass(frozen=True, kw_only=True)
class StartEvent(FlowNode):
    initiator: str | None = None
    form_key: str | None = None


@dataclass(frozen=True, kw_only=True)
class EndEvent(FlowNode):
    terminate: bool = False
    terminate_all: bool = False


@dataclass(frozen=True, kw_only=True)
class UserTask(FlowNode):
    assignee: str | None = None
    owner: str | None = None
    candidate_users: str | None = None  # comma separated, may hold expressions
    candidate_groups: str | None = None
    form_key: str | None = None
    due_date: str | None = None
    priority: str | None = None
    category: str | None = None
    task_listeners: tuple[Listener, ...] = ()


@dataclass(frozen=True, kw_only=True)
class ServiceTask(FlowNode):
    """serviceTask / sendTask / businessRuleTask with a Java-style implementation."""

    class_name: str | None = None
    expression: str | None = None
    delegate_expression: str | None = None
    result_variable: str | None = None
    service_type: str | None = None  # flowable:type (mail, ...) - not supported
    fields: tuple[FieldInjection, ...] = ()


@dataclass(frozen=True, kw_only=True)
class DecisionRef:
    """What a business-rule task evaluates (``flowable:decisionRef`` and its binding, Camunda's
    attribute names; Flowable's ``decisionTableReferenceKey`` field is the same reference)."""

    key: str
    binding: str = "latest"  # latest | deployment | version | versionTag
    version: int | None = None
    version_tag: str | None = None
    tenant_id: str | None = None
    mapping: str = "resultList"  # singleEntry | singleResult | collectEntries | resultList


@dataclass(frozen=True, kw_only=True)
class DecisionTask(FlowNode):
    """A business-rule task (or ``flowable:type="dmn"`` service task) evaluating a deployed decision."""

    decision: DecisionRef
    result_variable: str | None = None


@dataclass(frozen=True, kw_only=True)
class ExternalTask(FlowNode):
    """A service task of ``flowable:type="external"``: a worker fetches and locks it by ``topic``."""

    topic: str
    priority: str | None = None


@dataclass(frozen=True, kw_only=True)
class HttpSpec:
    """An HTTP call's templates (``${...}`` over the execution's variables) and what to do with the
    answer: Flowable's http task fields, or Camunda's ``http-connector`` inputs and outputs."""

    method: str = "GET"
    url: str = ""
    headers: tuple[tuple[str, str], ...] = ()  # (name, value template)
    headers_text: str | None = None  # Flowable's line-separated ``requestHeaders`` template
    body: str | None = None
    timeout: str | None = None  # milliseconds
    response_variable: str | None = None
    save_response_parameters: bool = False
    save_response_as_json: bool = False
    result_prefix: str | None = None
    fail_status_codes: str | None = None
    handle_status_codes: str | None = None
    ignore_exception: bool = False
    outputs: tuple[tuple[str, str], ...] = ()  # connector output parameters: (variable, expression)
    connector: bool = False  # Camunda's http-connector (outputs only) rather than Flowable's http task


@dataclass(frozen=True, kw_only=True)
class HttpTask(FlowNode):
    """A service task of ``flowable:type="http"`` or with the ``http-connector``: the call is made by a
    job outside the command (never under the instance lock), its answer mapped back in another."""

    http: HttpSpec


@dataclass(frozen=True, kw_only=True)
class ErrorEvent(FlowNode):
    """An error boundary event: catches a BPMN error thrown inside the activity it is attached to
    (``error_code`` None catches every code); always interrupting."""

    attached_to: str | None = None
    error_code: str | None = None
    code_variable: str | None = None
    message_variable: str | None = None
    cancel_activity: bool = True


@dataclass(frozen=True, kw_only=True)
class ScriptTask(FlowNode):
    script_format: str = "juel"
    script: str = ""
    result_variable: str | None = None


@dataclass(frozen=True, kw_only=True)
class TimerEvent(FlowNode):
    """intermediateCatchEvent or boundaryEvent with a timer."""

    timer: TimerDefinition = field(default_factory=lambda: TimerDefinition(kind="duration", value="PT0S"))
    attached_to: str | None = None  # boundary events only
    cancel_activity: bool = True


@dataclass(frozen=True, kw_only=True)
class SubProcess(FlowNode):
    start_id: str = ""


@dataclass(frozen=True, kw_only=True)
class CallActivity(FlowNode):
    called_element: str = ""
    binding: str = "latest"  # latest | deployment | version
    version: int | None = None
    business_key: str | None = None
    inherit_business_key: bool = False
    inherit_variables: bool = False
    in_mappings: tuple[VariableMapping, ...] = ()
    out_mappings: tuple[VariableMapping, ...] = ()


TASK_KINDS = frozenset(
    {
        "userTask",
        "serviceTask",
        "scriptTask",
        "receiveTask",
        "manualTask",
        "task",
        "sendTask",
        "businessRuleTask",
        "callActivity",
        "subProcess",
    }
)
GATEWAY_KINDS = frozenset({"exclusiveGateway", "parallelGateway", "inclusiveGateway"})
