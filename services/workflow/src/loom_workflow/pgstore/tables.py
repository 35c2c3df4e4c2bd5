"""The engine's tables, shaped after Flowable's (ACT_RE_*, ACT_RU_*, ACT_HI_*), lower-case.

Every row has ``rev`` (optimistic locking: an update must find ``rev - 1``). The indexes are the
ones the todo list (candidate user / assignee), the instance load and the history screens need.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlmodel import SQLModel

metadata: MetaData = SQLModel.metadata


def _id() -> Column[str]:
    return Column("id", String(64), primary_key=True)


def _rev() -> Column[int]:
    return Column("rev", Integer, nullable=False, server_default="1")


def _ts(name: str, nullable: bool = True) -> Column[object]:
    return Column(name, DateTime(timezone=True), nullable=nullable)


def _s(name: str, length: int = 64, nullable: bool = True) -> Column[str]:
    return Column(name, String(length), nullable=nullable)


deployment = Table(
    "act_re_deployment",
    metadata,
    _id(),
    _rev(),
    _s("name", 255),
    _s("category", 255),
    _s("key", 255),
    Column("tenant_id", String(255), nullable=False, server_default=""),
    _ts("deploy_time"),
)

procdef = Table(
    "act_re_procdef",
    metadata,
    Column("id", String(255), primary_key=True),
    _rev(),
    Column("key", String(255), nullable=False),
    Column("version", Integer, nullable=False),
    _s("name", 255),
    _s("category", 255),
    Column("description", Text),
    Column("deployment_id", String(64), nullable=False, server_default=""),
    _s("resource_name", 255),
    Column("suspended", Boolean, nullable=False, server_default="false"),
    Column("bpmn_xml", Text, nullable=False, server_default=""),
    Column("tenant_id", String(255), nullable=False, server_default=""),
    UniqueConstraint("key", "version", "tenant_id", name="uq_act_re_procdef_key_version"),
)

decision = Table(
    "act_dmn_decision",
    metadata,
    Column("id", String(255), primary_key=True),
    _rev(),
    Column("key", String(255), nullable=False),
    Column("version", Integer, nullable=False),
    _s("name", 255),
    Column("deployment_id", String(64), nullable=False, server_default=""),
    _s("resource_name", 255),
    _s("version_tag", 255),
    Column("decision_type", String(32), nullable=False, server_default="decisionTable"),
    Column("dmn_xml", Text, nullable=False, server_default=""),
    Column("tenant_id", String(255), nullable=False, server_default=""),
    UniqueConstraint("key", "version", "tenant_id", name="uq_act_dmn_decision_key_version"),
    Index("ix_act_dmn_decision_deployment", "deployment_id"),
)

execution = Table(
    "act_ru_execution",
    metadata,
    _id(),
    _rev(),
    Column("proc_inst_id", String(64), nullable=False),
    Column("proc_def_id", String(255), nullable=False),
    Column("root_proc_inst_id", String(64), nullable=False),
    _s("parent_id"),
    _s("super_execution_id"),
    _s("activity_id", 255),
    Column("is_active", Boolean, nullable=False, server_default="true"),
    Column("is_scope", Boolean, nullable=False, server_default="false"),
    Column("is_concurrent", Boolean, nullable=False, server_default="false"),
    Column("is_mi_root", Boolean, nullable=False, server_default="false"),
    _s("business_key", 255),
    _s("name", 255),
    _s("start_user_id"),
    _ts("start_time"),
    Column("suspended", Boolean, nullable=False, server_default="false"),
    Column("tenant_id", String(255), nullable=False, server_default=""),
    Index("ix_act_ru_execution_root", "root_proc_inst_id"),
    # none on proc_inst_id: executions are read through their tree or by id (migration 0014)
    # only the executions of called sub-processes have one: the others add no entry (2 per process)
    Index(
        "ix_act_ru_execution_super",
        "super_execution_id",
        postgresql_where=text("super_execution_id IS NOT NULL"),
    ),
)

task = Table(
    "act_ru_task",
    metadata,
    _id(),
    _rev(),
    _s("name", 255),
    Column("task_def_key", String(255), nullable=False),
    Column("proc_inst_id", String(64), nullable=False),
    Column("proc_def_id", String(255), nullable=False),
    Column("execution_id", String(64), nullable=False),
    Column("description", Text),
    _s("assignee"),
    _s("owner"),
    _s("delegation_state", 16),
    Column("priority", Integer, nullable=False, server_default="50"),
    _ts("due_date"),
    _s("form_key", 255),
    _s("category", 255),
    _s("parent_task_id"),
    _ts("create_time"),
    _ts("claim_time"),
    Column("suspended", Boolean, nullable=False, server_default="false"),
    Column("tenant_id", String(255), nullable=False, server_default=""),
    Index("ix_act_ru_task_assignee", "assignee", "create_time"),
    Index("ix_act_ru_task_proc_inst", "proc_inst_id"),
)

identitylink = Table(
    "act_ru_identitylink",
    metadata,
    _id(),
    _rev(),
    Column("type", String(32), nullable=False),
    _s("user_id"),
    _s("group_id", 255),
    _s("task_id"),
    _s("proc_inst_id"),
    # Candidate links only (every query by user, group or task asks for candidates; an instance's
    # participant links are read with their instance): migration 0012. A query must name the type as a
    # constant (not a parameter) for the planner to use them.
    Index(
        "ix_act_ru_identitylink_user",
        "user_id",
        "type",
        "task_id",
        postgresql_where=text("type = 'candidate'"),
    ),
    Index("ix_act_ru_identitylink_task", "task_id", postgresql_where=text("type = 'candidate'")),
    Index("ix_act_ru_identitylink_proc_inst", "proc_inst_id"),
    Index(
        "ix_act_ru_identitylink_group",
        "group_id",
        "type",
        "task_id",
        postgresql_where=text("type = 'candidate'"),
    ),
)

variable = Table(
    "act_ru_variable",
    metadata,
    _id(),
    _rev(),
    Column("name", String(255), nullable=False),
    Column("type_name", String(32), nullable=False),
    Column("value", JSONB),
    Column("proc_inst_id", String(64), nullable=False),
    Column("execution_id", String(64), nullable=False),
    _s("task_id"),
    Index("ix_act_ru_variable_proc_inst", "proc_inst_id", "name"),
)

job = Table(
    "act_ru_job",
    metadata,
    _id(),
    _rev(),
    Column("job_type", String(16), nullable=False),  # timer | message | external | deadletter
    Column("handler_type", String(64), nullable=False),
    Column("proc_inst_id", String(64), nullable=False),
    Column("execution_id", String(64), nullable=False),
    Column("proc_def_id", String(255), nullable=False),
    Column("element_id", String(255), nullable=False),
    _s("element_name", 255),
    Column("handler_config", Text),
    _ts("due_date"),
    _s("repeat", 255),
    Column("retries", Integer, nullable=False, server_default="3"),
    Column("exclusive", Boolean, nullable=False, server_default="true"),
    _s("lock_owner", 255),
    _ts("lock_expiration_time"),
    Column("exception_message", Text),
    _ts("create_time"),
    Column("tenant_id", String(255), nullable=False, server_default=""),
    Index(
        "ix_act_ru_job_due",
        "due_date",
        postgresql_where=text("job_type IN ('timer', 'message') AND retries > 0"),
    ),
    Index("ix_act_ru_job_proc_inst", "proc_inst_id"),
    # what a fetch-and-lock reads: the external jobs of a topic, oldest first
    Index(
        "ix_act_ru_job_external_topic",
        text("(handler_config::jsonb ->> 'topic')"),
        "create_time",
        postgresql_where=text("job_type = 'external'"),
    ),
)

hi_procinst = Table(
    "act_hi_procinst",
    metadata,
    _id(),
    _rev(),
    Column("proc_def_id", String(255), nullable=False),
    Column("proc_def_key", String(255), nullable=False),
    Column("proc_def_version", Integer, nullable=False),
    _s("business_key", 255),
    _s("name", 255),
    _ts("start_time"),
    _ts("end_time"),
    Column("duration_ms", BigInteger),
    _s("start_user_id"),
    _s("start_activity_id", 255),
    _s("end_activity_id", 255),
    _s("super_proc_inst_id"),
    _s("root_proc_inst_id"),
    Column("delete_reason", Text),
    Column("state", String(16), nullable=False, server_default="active"),
    Column("tenant_id", String(255), nullable=False, server_default=""),
    Index("ix_act_hi_procinst_start_user", "start_user_id", "start_time"),
    Index("ix_act_hi_procinst_root", "root_proc_inst_id"),
    Index("ix_act_hi_procinst_end", "end_time"),
)

hi_taskinst = Table(
    "act_hi_taskinst",
    metadata,
    _id(),
    _rev(),
    Column("task_def_key", String(255), nullable=False),
    _s("name", 255),
    Column("proc_inst_id", String(64), nullable=False),
    Column("proc_def_id", String(255), nullable=False),
    Column("execution_id", String(64), nullable=False),
    Column("description", Text),
    _s("assignee"),
    _s("owner"),
    Column("priority", Integer, nullable=False, server_default="50"),
    _ts("due_date"),
    _s("form_key", 255),
    _s("category", 255),
    _ts("start_time"),
    _ts("claim_time"),
    _ts("end_time"),
    Column("duration_ms", BigInteger),
    Column("delete_reason", Text),
    _ts("last_updated"),
    Column("tenant_id", String(255), nullable=False, server_default=""),
    Index("ix_act_hi_taskinst_assignee_end", "assignee", "end_time"),
    Index("ix_act_hi_taskinst_proc_inst", "proc_inst_id"),
    Index("ix_act_hi_taskinst_open", "proc_inst_id", postgresql_where=text("end_time IS NULL")),
)

hi_actinst = Table(
    "act_hi_actinst",
    metadata,
    _id(),
    _rev(),
    Column("proc_inst_id", String(64), nullable=False),
    Column("proc_def_id", String(255), nullable=False),
    Column("execution_id", String(64), nullable=False),
    Column("activity_id", String(255), nullable=False),
    _s("activity_name", 255),
    Column("activity_type", String(64), nullable=False),
    _s("task_id"),
    _s("called_proc_inst_id"),
    _s("assignee"),
    _ts("start_time"),
    _ts("end_time"),
    Column("duration_ms", BigInteger),
    Column("delete_reason", Text),
    Column("transaction_order", Integer, nullable=False, server_default="0"),
    Column("tenant_id", String(255), nullable=False, server_default=""),
    _s("mi_scope_id"),  # Loom's: the multi-instance instance's scope execution (migration 0011)
    Index("ix_act_hi_actinst_proc_inst", "proc_inst_id", "start_time"),
    Index("ix_act_hi_actinst_open", "proc_inst_id", postgresql_where=text("end_time IS NULL")),
)

hi_comment = Table(
    "act_hi_comment",
    metadata,
    _id(),
    _rev(),
    Column("type", String(32), nullable=False, server_default="comment"),
    _ts("time"),
    _s("user_id"),
    _s("task_id"),
    _s("proc_inst_id"),
    Column("action", String(64), nullable=False, server_default="AddComment"),
    Column("message", Text),
    Column("full_msg", Text),
    Index("ix_act_hi_comment_task", "task_id"),
    Index("ix_act_hi_comment_proc_inst", "proc_inst_id"),
)

hi_decision_execution = Table(
    "act_dmn_hi_decision_execution",
    metadata,
    _id(),
    _rev(),
    Column("decision_definition_id", String(255), nullable=False),
    Column("decision_key", String(255), nullable=False),
    _s("decision_name", 255),
    Column("decision_version", Integer, nullable=False, server_default="1"),
    Column("deployment_id", String(64), nullable=False, server_default=""),
    _s("proc_inst_id"),
    _s("execution_id"),
    _s("activity_id", 255),
    _ts("start_time"),
    _ts("end_time"),
    Column("failed", Boolean, nullable=False, server_default="false"),
    Column("audit", JSONB),
    Column("tenant_id", String(255), nullable=False, server_default=""),
    Index("ix_act_dmn_hi_decision_execution_proc_inst", "proc_inst_id"),
    Index("ix_act_dmn_hi_decision_execution_key", "decision_key", "start_time"),
)

hi_varinst = Table(
    "act_hi_varinst",
    metadata,
    _id(),
    _rev(),
    Column("proc_inst_id", String(64), nullable=False),
    Column("execution_id", String(64), nullable=False),
    _s("task_id"),
    Column("name", String(255), nullable=False),
    Column("type_name", String(32), nullable=False),
    Column("value", JSONB),
    _ts("create_time", nullable=False),
    _ts("last_updated_time", nullable=False),
    Index("ix_act_hi_varinst_proc_inst", "proc_inst_id", "name"),
)
