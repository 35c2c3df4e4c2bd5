"""JSON logs carrying one request id across HTTP, gRPC and NATS."""

from __future__ import annotations

import contextvars
import json
import logging
import sys
import time
import uuid
from typing import Any

request_id: contextvars.ContextVar[str] = contextvars.ContextVar("loom_request_id", default="-")
caller: contextvars.ContextVar[str] = contextvars.ContextVar("loom_caller", default="-")

REQUEST_ID_HEADER = "x-request-id"


def new_request_id() -> str:
    """A fresh request id (32 hex characters)."""
    return uuid.uuid4().hex


class JsonFormatter(logging.Formatter):
    """One JSON object per line with time, level, logger, message, request id and extras."""

    def __init__(self, service: str) -> None:
        super().__init__()
        self.service = service

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "service": self.service,
            "logger": record.name,
            "msg": record.getMessage(),
            "request_id": request_id.get(),
        }
        user = caller.get()
        if user != "-":
            entry["user"] = user
        extra = getattr(record, "fields", None)
        if isinstance(extra, dict):
            entry.update(extra)
        if record.exc_info:
            entry["exc"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


def configure(service: str, level: str = "INFO", json_lines: bool = True) -> None:
    """Routes every logger (uvicorn's too) to stdout, as JSON lines unless told otherwise."""
    handler = logging.StreamHandler(sys.stdout)
    if json_lines:
        handler.setFormatter(JsonFormatter(service))
    else:
        handler.setFormatter(logging.Formatter("%(levelname)s %(name)s [%(request_id)s] %(message)s"))
        handler.addFilter(_RequestIdFilter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).handlers[:] = []
        logging.getLogger(name).propagate = True
    # Access lines come from our own middleware, with the request id.
    logging.getLogger("uvicorn.access").setLevel(logging.WARNING)


class _RequestIdFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id.get()
        return True
