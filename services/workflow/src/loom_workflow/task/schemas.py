"""What each task operation takes, read once from the request's fields.

Values are typed where they enter: :meth:`from_fields` turns the submitted text into process
variables (:func:`typed`) and nothing after it re-types them. What a field means when it is absent
(a back's comment type and status, an audit's) is the service's to decide: these carry ``None``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import orjson

from loom_platform.fields import id_list
from loom_platform.paging import Page, empty_filter
from loom_platform.wire import Answer
from loom_workflow.errors import MalformedJson
from loom_workflow.process.schemas import RequestVars

_NUMBER = re.compile(r"^-?\d{1,15}(\.\d+)?$")

START_RESERVED = frozenset(
    {"procDefKey", "procDefId", "businessTable", "businessId", "title", "assignee", "token", "vars"}
)
"""The start call's own fields: everything else it receives is the start form's values."""


def typed(value: object) -> object:
    """A submitted value as expressions expect it: ``true``/``false`` and numbers typed."""
    if not isinstance(value, str):
        return value
    if value in ("true", "false"):
        return value == "true"
    if _NUMBER.match(value):
        return float(value) if "." in value else int(value)
    return value


def typed_variables(values: Mapping[str, object]) -> dict[str, object]:
    """:func:`typed` applied to each value."""
    return {k: typed(v) for k, v in values.items()}


def json_object(value: str | None, field_name: str) -> dict[str, Any]:
    """A field holding a JSON object as text (``vars``, ``comment``); empty is ``{}``."""
    if not value:
        return {}
    try:
        parsed = orjson.loads(value)
    except orjson.JSONDecodeError as exc:
        raise MalformedJson(detail=field_name) from exc
    return parsed if isinstance(parsed, dict) else {}


@dataclass(frozen=True)
class Comment:
    """The handler's comment: the button's code and name, and what they wrote."""

    type: str | None = None
    status: str | None = None
    message: str | None = None

    @classmethod
    def from_json(cls, value: Mapping[str, Any]) -> Comment:
        """``{type, status, message}`` as the client sends it (any may be missing)."""
        return cls(*(str(value.get(k) or "") or None for k in ("type", "status", "message")))


@dataclass(frozen=True)
class StartRequest:
    """``/start``: a definition (by key or id), the business record, and the start form's values."""

    key: str | None
    definition_id: str | None
    business_table: str | None
    business_id: str | None
    title: str | None
    assignee: str | None
    submitted: Mapping[str, object] = field(default_factory=dict)
    """The start form's values as sent (what forms validates and stores)."""
    variables: Mapping[str, object] = field(default_factory=dict)
    """The same values typed: the process variables."""

    @classmethod
    def from_fields(cls, fields: Mapping[str, str]) -> StartRequest:
        """Fields as the client sends them: its own, any other field a value, ``vars`` JSON on top."""
        sent: dict[str, object] = {**fields, **json_object(fields.get("vars"), "vars")}
        submitted = {k: v for k, v in sent.items() if k not in START_RESERVED}
        return cls(
            key=empty_filter(fields.get("procDefKey")),
            definition_id=empty_filter(fields.get("procDefId")),
            business_table=empty_filter(fields.get("businessTable")),
            business_id=empty_filter(fields.get("businessId")),
            title=empty_filter(fields.get("title")),
            assignee=empty_filter(fields.get("assignee")),
            submitted=submitted,
            variables=typed_variables(submitted),
        )


@dataclass(frozen=True)
class AuditRequest:
    """``/audit``: complete a task with the form's values, a comment and the next handler."""

    task_id: str
    comment: Comment
    assignee: str | None
    submitted: Mapping[str, object] = field(default_factory=dict)
    """The node form's values as sent (what forms validates and stores)."""
    variables: Mapping[str, object] = field(default_factory=dict)
    """The same values typed: the process variables the task completes with."""

    @classmethod
    def from_fields(cls, fields: Mapping[str, str]) -> AuditRequest:
        """``taskId``, ``vars`` and ``comment`` (JSON text), ``assignee`` (or the comment's)."""
        comment = json_object(fields.get("comment"), "comment")
        submitted = json_object(fields.get("vars"), "vars")
        return cls(
            task_id=fields.get("taskId") or "",
            comment=Comment.from_json(comment),
            assignee=empty_filter(fields.get("assignee")) or empty_filter(str(comment.get("assignee") or "")),
            submitted=submitted,
            variables=typed_variables(submitted),
        )


@dataclass(frozen=True)
class BackRequest:
    """``/back``: send a task back to ``target`` (None: the nearest node it can go back to)."""

    task_id: str
    target: str | None
    comment: Comment
    preset: str | None = None  # backType: initiator (驳回到发起人) or previous (驳回到上一步)

    @classmethod
    def from_fields(cls, task_id: str, fields: Mapping[str, str]) -> BackRequest:
        """``backTaskDefKey``, ``backType`` and the comment's ``type``, ``status``, ``message``."""
        return cls(
            task_id,
            empty_filter(fields.get("backTaskDefKey")),
            Comment.from_json(fields),
            empty_filter(fields.get("backType")),
        )


@dataclass(frozen=True)
class SignRequest:
    """``/addSignTask`` and ``/delSignTask``: countersigners to add or remove at a task's node."""

    task_id: str
    user_ids: list[str]
    message: str | None

    @classmethod
    def from_fields(cls, fields: Mapping[str, str]) -> SignRequest:
        """``taskId``, ``userIds`` (comma-joined or JSON) and ``comment`` (text)."""
        return cls(
            fields.get("taskId") or "", id_list(fields.get("userIds")), empty_filter(fields.get("comment"))
        )


@dataclass(frozen=True)
class UrgeRequest:
    """``/urge``: remind the current handlers of an instance (named directly or by one of its tasks)."""

    proc_ins_id: str | None
    task_id: str | None
    message: str | None

    @classmethod
    def from_fields(cls, fields: Mapping[str, str]) -> UrgeRequest:
        """``procInsId`` (or ``processInstanceId``), ``taskId``, ``message`` (or ``content``)."""
        return cls(
            empty_filter(fields.get("procInsId") or fields.get("processInstanceId")),
            empty_filter(fields.get("taskId")),
            empty_filter(fields.get("message") or fields.get("content")),
        )


# What the task routes answer.


class TodoTask(Answer):
    """An open task on the todo list: its node and instance, who holds it (``delegationState``
    'PENDING' while a delegate holds it, ``ownerName`` who delegated it), when it was made and when
    its deadline falls (ISO 8601), and whether that has passed."""

    id: str
    name: str | None
    create_time: str | None
    task_definition_key: str
    process_instance_id: str
    process_definition_id: str
    process_def_key: str
    execution_id: str
    assignee: str | None
    owner: str | None
    delegation_state: str | None
    owner_name: str
    form_key: str | None
    due_date: str | None
    overdue: bool


class TodoRow(Answer):
    """A row of the todo list: ``status`` 'todo' (assigned to the caller) or 'claim' (offered)."""

    status: str
    vars: RequestVars
    process_definition_name: str | None
    task: TodoTask


class TodoPage(Page[TodoRow]):
    """A page of the caller's open tasks."""


class TaskRef(Answer):
    """An open task of the instance: its id and node."""

    id: str
    task_definition_key: str


class DoneRow(Answer):
    """A task the caller completed (已办): its node, instance, times (ISO 8601), duration (ms), the
    comment's status and tag colour, and whether it can still be taken back (``back``, while
    ``currentTask`` is untouched)."""

    id: str
    name: str | None
    task_definition_key: str
    process_instance_id: str
    process_definition_id: str
    process_definition_name: str | None
    execution_id: str
    start_time: str | None
    end_time: str | None
    duration: int | None
    status: str
    level: str
    vars: RequestVars
    back: bool
    current_task: TaskRef | None


class DonePage(Page[DoneRow]):
    """A page of the tasks the caller completed."""


class StepActivity(Answer):
    """The step's node as Flowable's historic activity reads: times in epoch milliseconds."""

    id: str
    activity_id: str
    activity_name: str | None
    activity_type: str
    task_id: str | None
    assignee: str | None
    start_time: int | None
    end_time: int | None
    delete_reason: str | None


class StepComment(Answer):
    """What was done at a step: the button's code (``type``), its status in the reader's language,
    the comment, the tag's colour, and who did it when not the step's handler (``by``)."""

    type: str
    status: str
    message: str
    level: str
    by: str | None = None


class HistoryStep(Answer):
    """A step of an instance's history (start, each user task, a migration, the end)."""

    hist_ins: StepActivity
    assignee_name: str
    comment: StepComment
    duration_time: str


class TaskButton(Answer):
    """A button of the task screen: ``isHide`` '1' hides it, ``next`` '1' asks for the next handler."""

    id: str
    name: str
    code: str
    sort: int
    is_hide: str
    next: str


class FieldRight(Answer):
    """What the node may do with one field of its dynamic form (a sub-table's column is keyed
    ``<table>.<column>``): see it, change it, and for a sub-table add and delete rows."""

    readable: bool
    writable: bool
    addable: bool
    deletable: bool


class TaskDef(Answer):
    """What the task screen opens with: the form (``formType`` '1' a dynamic form, '2' an address,
    read-only or not), the ids it passes on, the instance's title and business record, and for a
    task delegated to the caller (委派) its ``delegationState`` 'PENDING' and its owner.
    ``fieldRights`` are the node's rights over its form's fields, by field (null: the node names
    none, every field is readable and writable), as the server holds a submission to them."""

    form_type: str
    form_read_only: bool
    form_url: str
    proc_def_key: str
    task_def_key: str | None
    proc_ins_id: str | None
    proc_def_id: str | None
    task_id: str | None
    status: str | None
    title: str | None
    business_table: str
    business_id: str | None
    delegation_state: str | None
    owner: str | None
    field_rights: dict[str, FieldRight] | None


class TaskInfo(TaskDef):
    """The task screen's definition with the node's buttons (only 办理 for a delegated task) and,
    for a delegated task, its owner's name."""

    flow_button_list: list[TaskButton]
    owner_name: str | None = None


class Signer(Answer):
    """A signer still open at a countersign node (whom 减签 may remove)."""

    id: str
    name: str


class BackNode(Answer):
    """A node a task may be sent back to."""

    task_def_key: str
    task_name: str
