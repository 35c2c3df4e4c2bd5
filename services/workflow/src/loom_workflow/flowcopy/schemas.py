"""What the copy routes answer."""

from __future__ import annotations

from loom_platform.wire import Answer


class CopySender(Answer):
    """Who sent a copy: their id and name."""

    id: str | None
    name: str


class CopyPublic(Answer):
    """A copy (抄送) of a request sent to the caller: the process and request, the task it was sent
    from (none when sent at the start), ``status`` '0' unread or '1' read, who sent it and when
    (ISO 8601)."""

    id: str
    user_id: str
    proc_def_id: str
    proc_ins_id: str
    proc_def_name: str | None
    proc_ins_name: str | None
    task_id: str | None
    task_name: str | None
    status: str
    create_by: CopySender
    create_date: str | None
