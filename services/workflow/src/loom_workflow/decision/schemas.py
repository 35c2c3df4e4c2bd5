"""The DMN REST bodies, shaped like Flowable's (``/dmn-api``): variables as ``{name, type, value}``."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from loom_platform.wire import WireModel
from loom_workflow.typed import type_of, value_of, wire_value


class RestVariable(WireModel):
    """A variable: its name, type (string, integer, short, long, double, boolean, date, json, null;
    guessed from the value when absent) and value."""

    name: str = Field(max_length=255)
    type: str | None = Field(default=None, max_length=32)
    value: Any = None

    def typed(self) -> object:
        """The value as the decision reads it (``"5"`` of type integer is 5, a date's ISO text a date)."""
        return value_of(self.name, self.type, self.value)

    @classmethod
    def of(cls, name: str, value: object) -> RestVariable:
        """A result value with the type its value has."""
        return cls(name=name, type=type_of(value), value=wire_value(value))


class ExecuteRequest(WireModel):
    """``POST /dmn-api/dmn-rule/execute``: the decision (latest version, or ``version``) and its inputs."""

    decision_key: str = Field(min_length=1, max_length=255)
    version: int | None = Field(default=None, ge=1)
    tenant_id: str = Field(default="", max_length=255)
    input_variables: list[RestVariable] = Field(default_factory=list, max_length=500)


class AuditInput(WireModel):
    """A decision table's input as evaluated: its id, label, expression and the value it gave."""

    id: str
    label: str | None
    expression: str
    value: Any


class MatchedRule(WireModel):
    """A rule whose every input entry matched: its id, its 1-based number and its outputs."""

    rule_id: str
    rule_number: int
    outputs: dict[str, Any]


class DecisionTableAudit(WireModel):
    """What a decision table saw and decided: its inputs with their values, the rules that matched,
    those the hit policy kept, and its outputs."""

    decision_key: str
    decision_name: str | None
    type: Literal["decisionTable"]
    hit_policy: str
    aggregation: str | None
    inputs: list[AuditInput]
    matched_rules: list[MatchedRule]
    kept_rules: list[str]
    outputs: list[dict[str, Any]]


class LiteralExpressionAudit(WireModel):
    """What a literal-expression decision computed: its expression and its output."""

    decision_key: str
    decision_name: str | None
    type: Literal["literalExpression"]
    expression: str
    outputs: list[dict[str, Any]]


# the audit of one decision evaluated (the one called and each it required), told apart by ``type``
DecisionAudit = Annotated[DecisionTableAudit | LiteralExpressionAudit, Field(discriminator="type")]


class ExecutionAudit(WireModel):
    """A kept evaluation's audit: each decision evaluated, and the result of the one called."""

    decisions: list[DecisionAudit]
    result: list[dict[str, Any]]


class ExecuteResult(WireModel):
    """The results (one list of variables per rule the hit policy kept) and what was evaluated."""

    result_variables: list[list[RestVariable]]
    decision_key: str
    decision_name: str | None
    decision_version: int
    execution_id: str
    audit: list[DecisionAudit]


class DecisionPublic(WireModel):
    """A deployed decision."""

    id: str
    key: str
    name: str | None
    version: int
    version_tag: str | None
    deployment_id: str
    resource_name: str | None
    decision_type: str
    tenant_id: str
    deploy_time: str | None = None


class DecisionPage(WireModel):
    """A page of deployed decisions."""

    records: list[DecisionPublic]
    total: int
    size: int
    current: int


class DecisionExecutionPublic(WireModel):
    """One evaluation: which decision, where (instance, activity), when, and its audit (inputs,
    matched rules, outputs of every decision evaluated)."""

    id: str
    decision_definition_id: str
    decision_key: str
    decision_name: str | None
    decision_version: int
    process_instance_id: str | None
    execution_id: str | None
    activity_id: str | None
    start_time: str | None
    end_time: str | None
    failed: bool
    audit: ExecutionAudit | None


class DecisionExecutionList(WireModel):
    """The evaluations of an instance (or of a decision), oldest first."""

    data: list[DecisionExecutionPublic]
