"""Audit comments: what a handler chose (button code and name) and wrote, with a tag level."""

from __future__ import annotations

from typing import Any

import orjson

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
}


def comment_json(type_: str, status: str, message: str, level: str | None = None) -> str:
    """The stored comment: JSON of ``{type, status, message, level}``."""
    return orjson.dumps(
        {"type": type_, "status": status, "message": message, "level": level or LEVELS.get(type_, "primary")}
    ).decode()


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
