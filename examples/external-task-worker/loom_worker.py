"""A small client for Loom's external tasks (Camunda's external-task API, ``/api/external-task``).

A worker has credentials of its own: an administrator creates it in 流程管理 → 外部任务 with the topics
it may take and issues its token (shown once). The client long-polls for tasks of its topics, hands
each to the handler registered for the topic, and reports back::

    client = ExternalTaskClient("http://127.0.0.1:8080/api", token=os.environ["LOOM_WORKER_TOKEN"])

    @client.subscribe("shipping", lock_duration_ms=60_000)
    def ship(task: LockedTask) -> dict | None:
        if task.variables.get("stock", 1) <= 0:
            raise BpmnError("NO_STOCK", "sold out")       # an error boundary event takes over
        return {"tracking": "T-9"}                          # completes the task with these variables

    client.run()  # until stop() or SIGINT/SIGTERM

A handler that raises any other exception fails the task: ``retries`` counts down (from
``default_retries``), each retry after ``retry_timeout_ms``; at 0 the task is an incident the monitor
shows and retries. Only httpx is needed.
"""

from __future__ import annotations

import datetime as dt
import logging
import signal
import socket
import threading
import traceback
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import httpx

log = logging.getLogger("loom_worker")

__all__ = ["BpmnError", "ExternalTaskClient", "LockedTask", "typed", "untyped"]


class BpmnError(Exception):
    """Raised by a handler: throws the BPMN error ``code`` at the task (with ``variables``)."""

    def __init__(
        self, code: str, message: str | None = None, variables: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(message or code)
        self.code = code
        self.message = message
        self.variables = dict(variables or {})


def typed(values: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Plain values as Camunda's typed variables (``{"value": 5, "type": "Integer"}``)."""
    out: dict[str, dict[str, Any]] = {}
    for name, value in values.items():
        if isinstance(value, bool):
            out[name] = {"value": value, "type": "Boolean"}
        elif isinstance(value, int):
            out[name] = {"value": value, "type": "Integer" if abs(value) < 2**31 else "Long"}
        elif isinstance(value, float):
            out[name] = {"value": value, "type": "Double"}
        elif isinstance(value, str):
            out[name] = {"value": value, "type": "String"}
        elif isinstance(value, dt.datetime | dt.date):
            out[name] = {"value": value.isoformat(), "type": "Date"}
        elif value is None:
            out[name] = {"value": None, "type": "Null"}
        else:
            import json

            out[name] = {"value": json.dumps(value), "type": "Json"}
    return out


def untyped(values: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """Camunda's typed variables as plain values (a Json value parsed)."""
    import json

    out: dict[str, Any] = {}
    for name, item in values.items():
        value = item.get("value")
        if (item.get("type") or "").lower() == "json" and isinstance(value, str):
            value = json.loads(value)
        out[name] = value
    return out


@dataclass
class LockedTask:
    """A task this worker holds: where it comes from and its variables (plain values)."""

    id: str
    topic: str
    activity_id: str
    process_instance_id: str
    process_definition_key: str
    business_key: str | None
    retries: int | None
    error_message: str | None
    variables: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> LockedTask:
        """From the answer of fetchAndLock."""
        return cls(
            id=data["id"],
            topic=data["topicName"],
            activity_id=data["activityId"],
            process_instance_id=data["processInstanceId"],
            process_definition_key=data["processDefinitionKey"],
            business_key=data.get("businessKey"),
            retries=data.get("retries"),
            error_message=data.get("errorMessage"),
            variables=untyped(data.get("variables") or {}),
        )


Handler = Callable[[LockedTask], Mapping[str, Any] | None]


@dataclass
class _Subscription:
    topic: str
    handler: Handler
    lock_duration_ms: int
    variables: list[str] | None


class ExternalTaskClient:
    """Fetches and locks the tasks of its subscriptions, runs their handlers, reports each outcome."""

    def __init__(
        self,
        base_url: str,
        *,
        token: str,
        worker_id: str | None = None,
        max_tasks: int = 5,
        wait_ms: int = 20_000,
        default_retries: int = 3,
        retry_timeout_ms: int = 10_000,
        timeout_s: float = 30.0,
    ) -> None:
        self.worker_id = worker_id or f"{socket.gethostname()}-{uuid.uuid4().hex[:6]}"
        self.max_tasks = max_tasks
        self.wait_ms = wait_ms
        self.default_retries = default_retries
        self.retry_timeout_ms = retry_timeout_ms
        self._http = httpx.Client(
            base_url=base_url.rstrip("/"),
            headers={"Authorization": f"Bearer {token}", "Accept": "application/json"},
            timeout=max(timeout_s, wait_ms / 1000 + 10),
        )
        self._subscriptions: dict[str, _Subscription] = {}
        self._stopping = threading.Event()

    # ----------------------------------------------------------------------------- the API
    def fetch_and_lock(
        self, topics: Mapping[str, int], *, variables: Mapping[str, list[str] | None] | None = None
    ) -> list[LockedTask]:
        """Locks up to ``max_tasks`` tasks of ``topics`` (topic -> lock ms), waiting up to ``wait_ms``."""
        body = {
            "workerId": self.worker_id,
            "maxTasks": self.max_tasks,
            "asyncResponseTimeout": self.wait_ms,
            "topics": [
                {
                    "topicName": t,
                    "lockDuration": ms,
                    **({"variables": variables[t]} if variables and variables.get(t) else {}),
                }
                for t, ms in topics.items()
            ],
        }
        return [LockedTask.of(d) for d in self._call("POST", "/external-task/fetchAndLock", body)]

    def complete(
        self, task_id: str, variables: Mapping[str, Any] | None = None, local: Mapping[str, Any] | None = None
    ) -> None:
        """Completes a task with (plain) variables."""
        body: dict[str, Any] = {"workerId": self.worker_id, "variables": typed(variables or {})}
        if local:
            body["localVariables"] = typed(local)
        self._call("POST", f"/external-task/{task_id}/complete", body)

    def failure(
        self, task_id: str, message: str, details: str | None = None, *, retries: int, retry_timeout_ms: int
    ) -> None:
        """Reports a failure: ``retries`` left (0: an incident), retried after ``retry_timeout_ms``."""
        body = {
            "workerId": self.worker_id,
            "errorMessage": message[:4000],
            "errorDetails": details,
            "retries": retries,
            "retryTimeout": retry_timeout_ms,
        }
        self._call("POST", f"/external-task/{task_id}/failure", body)

    def bpmn_error(
        self, task_id: str, code: str, message: str | None = None, variables: Mapping[str, Any] | None = None
    ) -> None:
        """Throws the BPMN error ``code`` at the task."""
        body = {
            "workerId": self.worker_id,
            "errorCode": code,
            "errorMessage": message,
            "variables": typed(variables or {}),
        }
        self._call("POST", f"/external-task/{task_id}/bpmnError", body)

    def extend_lock(self, task_id: str, new_duration_ms: int) -> None:
        """The lock now ends ``new_duration_ms`` from now."""
        self._call(
            "POST",
            f"/external-task/{task_id}/extendLock",
            {"workerId": self.worker_id, "newDuration": new_duration_ms},
        )

    def unlock(self, task_id: str) -> None:
        """Gives the task back."""
        self._call("POST", f"/external-task/{task_id}/unlock", {})

    def _call(self, method: str, path: str, body: Any) -> Any:
        answer = self._http.request(method, path, json=body)
        if answer.status_code >= 400:
            try:
                text = answer.json().get("msg", answer.text)
            except ValueError:
                text = answer.text
            raise RuntimeError(f"{method} {path}: {answer.status_code} {text}")
        return answer.json() if answer.content else None

    # --------------------------------------------------------------------- the worker loop
    def subscribe(
        self, topic: str, *, lock_duration_ms: int = 60_000, variables: list[str] | None = None
    ) -> Callable[[Handler], Handler]:
        """Registers the decorated function as the handler of ``topic``."""

        def register(handler: Handler) -> Handler:
            self._subscriptions[topic] = _Subscription(topic, handler, lock_duration_ms, variables)
            return handler

        return register

    def handle(self, task: LockedTask) -> None:
        """Runs a task's handler and reports what it did."""
        handler = self._subscriptions[task.topic].handler
        try:
            result = handler(task)
        except BpmnError as error:
            log.info("task %s: BPMN error %s", task.id, error.code)
            self.bpmn_error(task.id, error.code, error.message, error.variables)
            return
        except Exception as exc:  # noqa: BLE001 - any failure of a handler fails the task
            retries = (task.retries if task.retries is not None else self.default_retries + 1) - 1
            log.warning("task %s failed (%s retries left): %s", task.id, max(retries, 0), exc)
            self.failure(
                task.id,
                str(exc) or type(exc).__name__,
                traceback.format_exc(),
                retries=max(retries, 0),
                retry_timeout_ms=self.retry_timeout_ms,
            )
            return
        self.complete(task.id, result or {})
        log.info("task %s completed", task.id)

    def run(self) -> None:
        """Fetches and handles tasks until :meth:`stop` (or SIGINT/SIGTERM in the main thread)."""
        if threading.current_thread() is threading.main_thread():
            for sig in (signal.SIGINT, signal.SIGTERM):
                signal.signal(sig, lambda *_: self.stop())
        topics = {s.topic: s.lock_duration_ms for s in self._subscriptions.values()}
        wanted = {s.topic: s.variables for s in self._subscriptions.values()}
        log.info("worker %s waiting for %s", self.worker_id, ", ".join(topics))
        while not self._stopping.is_set():
            try:
                tasks = self.fetch_and_lock(topics, variables=wanted)
            except (httpx.HTTPError, RuntimeError) as exc:
                log.warning("fetch failed: %s", exc)
                self._stopping.wait(2)
                continue
            for task in tasks:
                try:
                    self.handle(task)
                except (httpx.HTTPError, RuntimeError) as exc:
                    log.warning("reporting task %s failed: %s", task.id, exc)

    def stop(self) -> None:
        """Ends :meth:`run` after the current poll."""
        self._stopping.set()

    def close(self) -> None:
        """Closes the HTTP connections."""
        self._http.close()
