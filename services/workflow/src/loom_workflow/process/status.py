"""How an instance's state reads on the lists: status text, tag level, and the ApplyList code."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from loom_platform.processes import STATUS_TEXT

REVOKE = "revoke"
STOP = "stop"
REJECT = "reject"
DELETE = "delete"


@dataclass(frozen=True)
class Status:
    code: int
    key: str
    level: str


# one set of words with the workflow forms' 流程状态 column (loom_platform.processes)
_TEXT = STATUS_TEXT


def reason(kind: str, text: str | None = None) -> str:
    """The delete reason stored for a cancelled instance: ``kind`` and the user's words."""
    return f"{kind}:{text}" if text else kind


def status_of(end_time: Any, delete_reason: str | None) -> Status:
    """Running (1), completed (2), revoked (3), stopped or rejected (4), cancelled (5)."""
    if end_time is None:
        return Status(1, "running", "warning")
    if not delete_reason:
        return Status(2, "completed", "success")
    kind = delete_reason.split(":", 1)[0]
    if kind == REVOKE:
        return Status(3, "revoked", "info")
    if kind == STOP:
        return Status(4, "stopped", "danger")
    if kind == REJECT:
        return Status(4, "rejected", "danger")
    return Status(5, "deleted", "danger")


def render_status(status: Status, lang: str) -> dict[str, Any]:
    """``{code, status, level}`` in the request's language."""
    zh, en = _TEXT[status.key]
    return {"code": status.code, "status": en if lang.startswith("en") else zh, "level": status.level}
