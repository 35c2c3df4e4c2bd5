"""Job kinds beyond timers and continuations, and what an external job's ``handler_config`` holds.

An external job (``job_type`` external, handler ``external-worker``) keeps its topic and the last
error details a worker reported as a JSON object in ``handler_config``; an HTTP job (``message``,
handler ``http-request``) keeps the request its task rendered, for the worker that makes the call.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .entities import Job

EXTERNAL = "external"  # job_type of a job a worker fetches and locks
DEADLETTER = "deadletter"  # job_type of a job out of retries: an incident
EXTERNAL_WORKER = "external-worker"  # handler_type of an external task's job
HTTP_REQUEST = "http-request"  # handler_type of an HTTP task's call

TIMER_HANDLERS = frozenset({"trigger-timer", "timer-intermediate-transition", "task-deadline"})


def external_config(topic: str, error_details: str | None = None) -> str:
    """``handler_config`` of an external job."""
    data: dict[str, str] = {"topic": topic}
    if error_details:
        data["errorDetails"] = error_details
    return json.dumps(data, ensure_ascii=False)


def _config(job: Job) -> dict[str, object]:
    try:
        data = json.loads(job.handler_config or "{}")
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def external_topic(job: Job) -> str:
    """The topic of an external job ('' for any other job)."""
    topic = _config(job).get("topic") if job.handler_type == EXTERNAL_WORKER else None
    return topic if isinstance(topic, str) else ""


def error_details(job: Job) -> str | None:
    """The error details a worker reported with its last failure."""
    found = _config(job).get("errorDetails")
    return found if isinstance(found, str) else None


def live_job_type(job: Job) -> str:
    """The type a dead-letter job returns to when its retries are set again."""
    if job.handler_type == EXTERNAL_WORKER:
        return EXTERNAL
    return "timer" if job.handler_type in TIMER_HANDLERS else "message"


@dataclass(frozen=True)
class HttpAnswer:
    """What the worker of an HTTP job reports: the answer (``status``, ``reason``, ``headers``,
    ``body`` text), or ``error`` when there was none (refused host, timeout, connection failure)."""

    status: int | None = None
    reason: str | None = None
    headers: tuple[tuple[str, str], ...] = ()
    body: str | None = None
    error: str | None = None
