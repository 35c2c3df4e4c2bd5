"""Camunda's external-task API bodies (``FetchExternalTasksDto``, ``LockedExternalTaskDto``, ...) and
its typed variables (``{"name": {"value": ..., "type": "String"}}``)."""

from __future__ import annotations

from typing import Any

import orjson
from pydantic import Field

from loom_platform.wire import Answer, WireModel
from loom_workflow.typed import type_of, value_of, wire_value

MAX_LOCK_MS = 24 * 3600 * 1000


class TypedValue(WireModel):
    """A variable as Camunda writes it: its value and type (``valueInfo`` is kept for clients)."""

    value: Any = None
    type: str | None = Field(default=None, max_length=32)
    value_info: dict[str, Any] | None = None

    def python(self, name: str) -> object:
        """The value the engine stores."""
        return value_of(name, self.type, self.value)

    @classmethod
    def of(cls, value: object) -> TypedValue:
        """A stored value with its Camunda type (a map or list as JSON text)."""
        kind = type_of(value)
        shown = orjson.dumps(value, default=str).decode() if kind == "json" else wire_value(value)
        return cls(value=shown, type=kind.capitalize())


def typed(values: dict[str, TypedValue] | None) -> dict[str, object]:
    """Variables as the engine stores them."""
    return {name: v.python(name) for name, v in (values or {}).items()}


class TopicRequest(WireModel):
    """One topic of a fetch: its lock duration (ms) and the variables to return (all when absent)."""

    topic_name: str = Field(min_length=1, max_length=255)
    lock_duration: int = Field(gt=0, le=MAX_LOCK_MS)
    variables: list[str] | None = Field(default=None, max_length=200)


class FetchAndLock(WireModel):
    """``POST /external-task/fetchAndLock``: up to ``maxTasks`` tasks of these topics, waiting up to
    ``asyncResponseTimeout`` ms for one to come (long polling)."""

    worker_id: str = Field(min_length=1, max_length=128)
    max_tasks: int = Field(default=1, ge=1, le=100)
    use_priority: bool = False
    async_response_timeout: int | None = Field(default=None, ge=0, le=300_000)
    topics: list[TopicRequest] = Field(min_length=1, max_length=50)


class LockedExternalTask(WireModel):
    """A task the worker now holds."""

    id: str
    topic_name: str
    worker_id: str
    lock_expiration_time: str | None
    retries: int | None
    error_message: str | None
    error_details: str | None
    activity_id: str
    activity_instance_id: str | None
    execution_id: str
    process_instance_id: str
    process_definition_id: str
    process_definition_key: str
    business_key: str | None
    tenant_id: str | None
    priority: int = 0
    variables: dict[str, TypedValue]


class Complete(WireModel):
    """``POST /external-task/{id}/complete``."""

    worker_id: str = Field(min_length=1, max_length=128)
    variables: dict[str, TypedValue] | None = None
    local_variables: dict[str, TypedValue] | None = None


class Failure(WireModel):
    """``POST /external-task/{id}/failure``: retries left (0: an incident) and when to retry (ms)."""

    worker_id: str = Field(min_length=1, max_length=128)
    error_message: str | None = Field(default=None, max_length=4000)
    error_details: str | None = Field(default=None, max_length=100_000)
    retries: int = Field(default=0, ge=0, le=1000)
    retry_timeout: int = Field(default=0, ge=0, le=MAX_LOCK_MS)


class ThrowBpmnError(WireModel):
    """``POST /external-task/{id}/bpmnError``."""

    worker_id: str = Field(min_length=1, max_length=128)
    error_code: str = Field(min_length=1, max_length=255)
    error_message: str | None = Field(default=None, max_length=4000)
    variables: dict[str, TypedValue] | None = None


class ExtendLock(WireModel):
    """``POST /external-task/{id}/extendLock``: the lock now ends ``newDuration`` ms from now."""

    worker_id: str = Field(min_length=1, max_length=128)
    new_duration: int = Field(gt=0, le=MAX_LOCK_MS)


class SetRetries(WireModel):
    """``PUT /external-task/{id}/retries`` (the monitor's retry of an incident)."""

    retries: int = Field(ge=1, le=1000)


class ExternalTaskRow(WireModel):
    """An external task as the administrators' list shows it."""

    id: str
    topic_name: str
    activity_id: str
    activity_name: str | None
    process_instance_id: str
    process_definition_id: str
    worker_id: str | None
    lock_expiration_time: str | None
    retries: int
    error_message: str | None
    suspended: bool
    incident: bool
    create_time: str | None


class ExternalTaskPage(WireModel):
    """A page of external tasks."""

    records: list[ExternalTaskRow]
    total: int
    size: int
    current: int


class WorkerSave(WireModel):
    """A worker's credentials as they are saved (the token is issued by its own call)."""

    id: str | None = Field(default=None, max_length=64)
    name: str = Field(min_length=1, max_length=100)
    topics: str = Field(min_length=1, max_length=4000)
    enabled: str = Field(default="1", pattern="^[01]$")
    remarks: str | None = Field(default=None, max_length=255)


class WorkerToken(WireModel):
    """A worker's new token, shown once."""

    id: str
    name: str
    token: str


class WorkerPublic(Answer):
    """A worker as the list shows it: its topics, whether enabled ('1'), never its token's hash,
    only whether it has one and the token's last characters; when it was last seen and created
    (ISO 8601)."""

    id: str
    name: str
    topics: str
    enabled: str
    remarks: str | None
    has_token: bool
    token_hint: str | None
    last_seen: str | None
    create_date: str | None
