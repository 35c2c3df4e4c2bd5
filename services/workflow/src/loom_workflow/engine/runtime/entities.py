"""Plain row dataclasses, shaped after Flowable's tables. Every row has ``id`` and ``revision``.

The engine mutates them in memory; the unit of work reports inserts/updates/deletes to the store.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(kw_only=True, eq=True)
class Deployment:
    """ACT_RE_DEPLOYMENT."""

    id: str
    name: str | None = None
    category: str | None = None
    key: str | None = None
    tenant_id: str = ""
    deploy_time: datetime | None = None
    revision: int = 1


@dataclass(kw_only=True, eq=True)
class ProcessDefinition:
    """ACT_RE_PROCDEF (with the BPMN XML inline; ACT_GE_BYTEARRAY in Flowable)."""

    id: str
    key: str
    version: int
    name: str | None = None
    category: str | None = None
    description: str | None = None
    deployment_id: str = ""
    resource_name: str | None = None
    suspended: bool = False
    bpmn_xml: str = ""
    tenant_id: str = ""
    revision: int = 1


@dataclass(kw_only=True, eq=True)
class DecisionDefinition:
    """ACT_DMN_DECISION: one decision of a deployed DMN resource (with the resource's XML inline, so a
    decision requirement graph evaluates from the one text). Versioned per key like process definitions."""

    id: str
    key: str
    version: int
    name: str | None = None
    deployment_id: str = ""
    resource_name: str | None = None
    version_tag: str | None = None
    decision_type: str = "decisionTable"  # decisionTable | literalExpression
    dmn_xml: str = ""
    tenant_id: str = ""
    revision: int = 1


@dataclass(kw_only=True, eq=True)
class Execution:
    """ACT_RU_EXECUTION. The process instance is the execution with ``id == proc_inst_id``."""

    id: str
    proc_inst_id: str
    proc_def_id: str
    root_proc_inst_id: str
    parent_id: str | None = None
    super_execution_id: str | None = None  # call activity execution in the parent instance
    activity_id: str | None = None
    is_active: bool = True
    is_scope: bool = False
    is_concurrent: bool = False
    is_mi_root: bool = False
    business_key: str | None = None
    name: str | None = None
    start_user_id: str | None = None
    start_time: datetime | None = None
    suspended: bool = False
    tenant_id: str = ""
    revision: int = 1

    @property
    def is_process_instance(self) -> bool:
        """True for the root execution of a process instance."""
        return self.parent_id is None


@dataclass(kw_only=True, eq=True)
class Task:
    """ACT_RU_TASK."""

    id: str
    name: str | None
    task_def_key: str
    proc_inst_id: str
    proc_def_id: str
    execution_id: str
    description: str | None = None
    assignee: str | None = None
    owner: str | None = None
    delegation_state: str | None = None  # None | PENDING | RESOLVED
    priority: int = 50
    due_date: datetime | None = None
    form_key: str | None = None
    category: str | None = None
    parent_task_id: str | None = None
    create_time: datetime | None = None
    claim_time: datetime | None = None
    suspended: bool = False
    tenant_id: str = ""
    revision: int = 1


@dataclass(kw_only=True, eq=True)
class IdentityLink:
    """ACT_RU_IDENTITYLINK. Task links carry ``proc_inst_id`` too, so one instance loads as a whole."""

    id: str
    type: str  # candidate | starter | participant | owner | assignee
    user_id: str | None = None
    group_id: str | None = None
    task_id: str | None = None
    proc_inst_id: str | None = None
    revision: int = 1


@dataclass(kw_only=True, eq=True)
class Variable:
    """ACT_RU_VARIABLE. Scope is the execution (local to it) or, with ``task_id``, the task."""

    id: str
    name: str
    type_name: str  # null | boolean | integer | long | double | string | date | json | object
    value: object
    proc_inst_id: str
    execution_id: str
    task_id: str | None = None
    revision: int = 1


@dataclass(kw_only=True, eq=True)
class Job:
    """ACT_RU_JOB (``job_type`` message), ACT_RU_TIMER_JOB (timer), ACT_RU_EXTERNAL_JOB (external: a
    worker fetches and locks it by topic; ``lock_owner`` is the worker, ``due_date`` the end of a retry
    timeout), ACT_RU_DEADLETTER_JOB (deadletter: an incident, until its retries are set again)."""

    id: str
    job_type: str  # timer | message | external | deadletter
    # async-continuation | async-after | trigger-timer | timer-intermediate-transition | external-worker
    # | http-request (see ports.py)
    handler_type: str
    proc_inst_id: str
    execution_id: str
    proc_def_id: str
    element_id: str
    element_name: str | None = None
    handler_config: str | None = None
    due_date: datetime | None = None
    repeat: str | None = None  # remaining timeCycle, e.g. R2/PT10H
    retries: int = 3
    exclusive: bool = True
    lock_owner: str | None = None
    lock_expiration_time: datetime | None = None
    exception_message: str | None = None
    create_time: datetime | None = None
    tenant_id: str = ""
    revision: int = 1


@dataclass(kw_only=True, eq=True)
class HistoricProcessInstance:
    """ACT_HI_PROCINST."""

    id: str
    proc_def_id: str
    proc_def_key: str
    proc_def_version: int
    business_key: str | None = None
    name: str | None = None
    start_time: datetime | None = None
    end_time: datetime | None = None
    duration_ms: int | None = None
    start_user_id: str | None = None
    start_activity_id: str | None = None
    end_activity_id: str | None = None
    super_proc_inst_id: str | None = None
    root_proc_inst_id: str | None = None
    delete_reason: str | None = None
    state: str = "active"  # active | completed | deleted
    tenant_id: str = ""
    revision: int = 1


@dataclass(kw_only=True, eq=True)
class HistoricTaskInstance:
    """ACT_HI_TASKINST."""

    id: str
    task_def_key: str
    name: str | None
    proc_inst_id: str
    proc_def_id: str
    execution_id: str
    description: str | None = None
    assignee: str | None = None
    owner: str | None = None
    priority: int = 50
    due_date: datetime | None = None
    form_key: str | None = None
    category: str | None = None
    start_time: datetime | None = None
    claim_time: datetime | None = None
    end_time: datetime | None = None
    duration_ms: int | None = None
    delete_reason: str | None = None
    last_updated: datetime | None = None
    tenant_id: str = ""
    revision: int = 1


@dataclass(kw_only=True, eq=True)
class HistoricActivityInstance:
    """ACT_HI_ACTINST (and ACT_RU_ACTINST while the instance runs). Taken flows are 'sequenceFlow' rows."""

    id: str
    proc_inst_id: str
    proc_def_id: str
    execution_id: str
    activity_id: str
    activity_name: str | None
    activity_type: str
    task_id: str | None = None
    called_proc_inst_id: str | None = None
    assignee: str | None = None
    start_time: datetime | None = None
    end_time: datetime | None = None
    duration_ms: int | None = None
    delete_reason: str | None = None
    transaction_order: int = 0
    tenant_id: str = ""
    revision: int = 1
    # Loom's own column (Flowable has none): the scope execution of the multi-instance sub-process
    # instance the activity ran in (innermost; sub-processes nested in its body included), None
    # outside any and on taken-flow rows. Executions end with their sub-process; this keeps which
    # instance a step was in (the back-node rule reads it).
    mi_scope_id: str | None = None


@dataclass(kw_only=True, eq=True)
class HistoricDecisionExecution:
    """ACT_DMN_HI_DECISION_EXECUTION: one evaluation of a decision (and the decisions it required), by a
    business-rule task (instance, execution, activity) or called alone (none of them). ``audit`` holds
    what a reader needs: per decision its inputs, the rules that matched and the outputs."""

    id: str
    decision_definition_id: str
    decision_key: str
    decision_name: str | None = None
    decision_version: int = 1
    deployment_id: str = ""
    proc_inst_id: str | None = None
    execution_id: str | None = None
    activity_id: str | None = None
    start_time: datetime | None = None
    end_time: datetime | None = None
    failed: bool = False
    audit: dict[str, object] | None = None
    tenant_id: str = ""
    revision: int = 1


@dataclass(kw_only=True, eq=True)
class Comment:
    """ACT_HI_COMMENT."""

    id: str
    type: str = "comment"
    time: datetime | None = None
    user_id: str | None = None
    task_id: str | None = None
    proc_inst_id: str | None = None
    action: str = "AddComment"
    message: str | None = None
    full_msg: str | None = None
    revision: int = 1


Row = (
    Deployment
    | ProcessDefinition
    | DecisionDefinition
    | Execution
    | Task
    | IdentityLink
    | Variable
    | Job
    | HistoricProcessInstance
    | HistoricTaskInstance
    | HistoricActivityInstance
    | Comment
    | HistoricDecisionExecution
)

RUNTIME_TYPES: tuple[type, ...] = (Execution, Task, IdentityLink, Variable, Job)
HISTORY_TYPES: tuple[type, ...] = (
    HistoricProcessInstance,
    HistoricTaskInstance,
    HistoricActivityInstance,
    Comment,
)
# Written with the command that evaluated the decision (not through asynchronous history), never loaded
# with an instance tree; a store drops them with their instance's history.
DECISION_HISTORY_TYPES: tuple[type, ...] = (HistoricDecisionExecution,)
# Parents before children: inserts run in this order, deletes in reverse.
WRITE_ORDER: tuple[type, ...] = (
    Deployment,
    ProcessDefinition,
    DecisionDefinition,
    *RUNTIME_TYPES,
    *HISTORY_TYPES,
    *DECISION_HISTORY_TYPES,
)
