"""What the home page and the task screens read besides the task operations' own answers."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from loom_platform.wire import Answer


class TaskOverview(Answer):
    """The caller's counts on the home page: open tasks, requests running and in all, unread copies."""

    todo: int
    apply_running: int
    apply_total: int
    copy_unread: int


class InstanceFormData(Answer):
    """An instance's dynamic form data as forms keeps it (``data`` none while nothing is stored),
    under its business key and the form version asked for (``jsonId``, empty for the latest)."""

    json_id: str
    business_key: str
    data: dict[str, Any] | None


class FieldChange(Answer):
    """One field a save changed: its model, label and JSON values before and after."""

    field: str
    label: str
    before: Any
    after: Any


class FormChangeEntry(Answer):
    """One save of the instance's form: the node and its task (``start:<id>`` for the start), who,
    when, the fields it changed, and the whole form as it left it (``data`` under ``jsonId``)."""

    task_id: str
    task_name: str
    user_id: str
    user_name: str
    time: str
    changes: list[FieldChange]
    json_id: str
    data: dict[str, Any] | None


class FormHistory(Answer):
    """Who changed what in the instance's form, oldest first, in JeePlus's ``{success, code, msg}``."""

    success: bool
    code: int
    msg: str
    entries: list[FormChangeEntry] = Field(alias="list")
