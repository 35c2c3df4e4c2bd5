"""Audit comments: what a handler chose (button code and name) and wrote, with a tag level."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import orjson

from loom_platform.i18n import translate

LEVELS = {
    "_flow_agree": "success",
    "_flow_reject": "danger",
    "_flow_back": "danger",
    "_flow_stop": "danger",
    "_flow_transfer": "warning",
    "_flow_delegate": "warning",
    "_flow_add_multi_instance": "warning",
    "_flow_del_multi_instance": "warning",
    "revoke": "info",
    "callback": "info",
    "urge": "warning",
    "migration": "info",
}


def comment_json(
    type_: str,
    status: str,
    message: str,
    level: str | None = None,
    *,
    key: str | None = None,
    params: Mapping[str, object] | None = None,
) -> str:
    """The stored comment: JSON of ``{type, status, message, level}``. A message the platform words
    itself also keeps its catalogue ``key`` and ``params``, so each reader sees it in their language
    (:func:`shown_message`); ``message`` is its zh-CN text, for readers that do not translate."""
    stored: dict[str, object] = {
        "type": type_,
        "status": status,
        "message": message,
        "level": level or LEVELS.get(type_, "primary"),
    }
    if key:
        stored |= {"key": key, "params": dict(params or {})}
    return orjson.dumps(stored).decode()


def parse_comment(full_msg: str | None, message: str | None = None) -> dict[str, Any]:
    """A stored comment as the flow-step screens read it (``status``, ``message``, ``level``)."""
    if full_msg:
        try:
            data = orjson.loads(full_msg)
            if isinstance(data, dict):
                return {"type": "", "status": "", "message": "", "level": "primary", **data}
        except orjson.JSONDecodeError:
            pass
    return {"type": "comment", "status": "", "message": message or full_msg or "", "level": "primary"}


# The statuses the platform itself writes (buttons' defaults, automatic decisions, deadlines, the
# steps of the history), in English; a node's own button names are the designer's words and stay.
_ENGLISH = {
    "同意": "Agreed",
    "驳回": "Sent back",
    "驳回结束": "Rejected",
    "委派": "Delegated",
    "转办": "Transferred",
    "加签": "Signers added",
    "减签": "Signer removed",
    "取回": "Taken back",
    "催办": "Urged",
    "撤销": "Revoked",
    "终止": "Stopped",
    "自动跳过": "Skipped (no approver)",
    "转管理员": "Passed to the administrator",
    "自动通过": "Approved automatically",
    "超时自动通过": "Approved on deadline",
    "超时自动驳回": "Rejected on deadline",
    "超时转办": "Transferred on deadline",
    "超时提醒": "Reminded on deadline",
    "启动流程": "Started",
    "结束流程": "Ended",
    "待处理": "Pending",
    "已取消": "Cancelled",
    "已办理": "Handled",
    "实例迁移": "Migrated",
}
# A system button's status when its node names it otherwise (同意 called 批准): the button's English.
_CODES = {
    "_flow_agree": "Agreed",
    "_flow_reject": "Rejected",
    "_flow_back": "Sent back",
    "_flow_transfer": "Transferred",
    "_flow_delegate": "Delegated",
    "_flow_add_multi_instance": "Signers added",
    "_flow_del_multi_instance": "Signer removed",
    "_flow_stop": "Stopped",
}


def shown_status(type_: str, status: str, lang: str) -> str:
    """A comment's status in the reader's language: the platform's own words in English for an
    English reader, a node's own button names as the designer wrote them."""
    if not lang.startswith("en"):
        return status
    return _ENGLISH.get(status) or _CODES.get(type_) or status


def shown_message(comment: dict[str, Any], lang: str) -> str:
    """A parsed comment's message in the reader's language: worded from its catalogue key when the
    platform wrote it (the key and its parameters are then dropped from ``comment``), else as written."""
    key, params = comment.pop("key", None), comment.pop("params", None)
    if not key:
        return str(comment.get("message") or "")
    return translate(str(key), lang, **(params if isinstance(params, dict) else {}))


def duration_text(ms: int | None, lang: str) -> str:
    """``1天2小时3分4秒``, or ``1 d 2 h 3 min 4 s`` for an English reader (the flow-step screens
    show it as is)."""
    seconds = (ms or 0) // 1000
    units = ("天", "小时", "分", "秒") if not lang.startswith("en") else (" d", " h", " min", " s")
    parts = [seconds // 86400, seconds % 86400 // 3600, seconds % 3600 // 60, seconds % 60]
    shown = [f"{n}{unit}" for n, unit in zip(parts, units, strict=True) if n]
    return ("" if not lang.startswith("en") else " ").join(shown) or f"0{units[3]}"
