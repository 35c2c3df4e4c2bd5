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
from loom_platform.paging import empty_filter
from loom_workflow.errors import MalformedJson

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
