"""A workflow form's record and its process: the states the workflow service answers, and when such a
record may still be changed.

A record of a workflow form (gencode's table type 6) is the business record of the instances started
with it: their business key is ``<table>:<record id>`` (the task center's start). Generated modules
run with narrow rights and never read workflow's database: they ask their platform
(:meth:`loom_platform.modules.ModulePlatform.process_states`), whose host asks the workflow service
over NATS request/reply on :data:`STATES_SUBJECT`. The answer is the latest instance of each key.

The rule (JeePlus's 流程表单): a record is the initiator's to change while it is a draft (no process,
or one its initiator revoked) or while the caller holds an open task of its process (sent back to
its initiator, or an approver whose node edits the form); a running or finished process refuses
every other change, and a record whose process runs cannot be deleted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from loom_platform.errors import FailedPrecondition
from loom_platform.i18n import current_language

# request {"businessKeys": [...], "userId": "..."} -> reply {"states": {key: ProcessState as JSON}}.
# Not under ``loom.workflow.>``: the workflow service's event stream takes every subject there, and
# JetStream would answer the question with its ack (``{"stream": "LOOM_WORKFLOW", "seq": 1}``).
STATES_SUBJECT = "loom.rpc.workflow.instance.states"
# the most keys one question may name (a list page asks for its page)
MAX_KEYS = 500

NOT_STARTED = "none"
RUNNING = "running"
REVOKED = "revoked"

# the status words of workflow's lists (process/status.py), and 未启动 for a record with no process
STATUS_TEXT: Mapping[str, tuple[str, str]] = {
    NOT_STARTED: ("未启动", "Not started"),
    RUNNING: ("审批中", "In progress"),
    "completed": ("已结束", "Completed"),
    REVOKED: ("已撤销", "Revoked"),
    "stopped": ("已终止", "Stopped"),
    "rejected": ("驳回结束", "Rejected"),
    "deleted": ("已作废", "Cancelled"),
}
LEVEL: Mapping[str, str] = {
    NOT_STARTED: "default",
    RUNNING: "warning",
    "completed": "success",
    REVOKED: "info",
    "stopped": "danger",
    "rejected": "danger",
    "deleted": "danger",
}


@dataclass(frozen=True)
class ProcessState:
    """The latest instance started with a record."""

    instance_id: str
    status: str  # a key of STATUS_TEXT other than NOT_STARTED
    task_names: tuple[str, ...] = ()  # the open tasks' names (running only)
    handler: bool = False  # the asking user holds, or may claim, an open task of it
    start_user_id: str = ""

    def to_json(self) -> dict[str, Any]:
        """The state as the NATS reply carries it."""
        return asdict(self) | {"task_names": list(self.task_names)}

    @classmethod
    def from_json(cls, body: Mapping[str, Any]) -> ProcessState:
        """A state from :meth:`to_json`."""
        return cls(
            instance_id=str(body["instance_id"]),
            status=str(body["status"]) if str(body.get("status")) in STATUS_TEXT else "deleted",
            task_names=tuple(str(n) for n in body.get("task_names", ())),
            handler=bool(body.get("handler", False)),
            start_user_id=str(body.get("start_user_id") or ""),
        )


def business_key(table: str, record_id: str) -> str:
    """The business key the task center starts a workflow form's record with."""
    return f"{table}:{record_id}"


def status_text(status: str, lang: str | None = None) -> str:
    """A status in the caller's language."""
    zh, en = STATUS_TEXT.get(status, STATUS_TEXT["deleted"])
    return en if (lang or current_language.get()).startswith("en") else zh


def shown(state: ProcessState | None, lang: str | None = None) -> dict[str, Any]:
    """The 流程状态 of a record as its list reads it: ``{status, statusText, level, taskName,
    procInsId, editable, deletable}``."""
    key = state.status if state is not None else NOT_STARTED
    return {
        "status": key,
        "statusText": status_text(key, lang),
        "level": LEVEL.get(key, "default"),
        "taskName": ",".join(state.task_names) if state is not None else "",
        "procInsId": state.instance_id if state is not None else "",
        "startable": may_start(state),
        "editable": may_edit(state),
        "deletable": may_delete(state),
    }


def may_start(state: ProcessState | None) -> bool:
    """A draft may be started: no process yet, or its process was revoked."""
    return state is None or state.status == REVOKED


def may_edit(state: ProcessState | None) -> bool:
    """A draft, or a running process one of whose open tasks the caller holds."""
    return may_start(state) or (state is not None and state.status == RUNNING and state.handler)


def may_delete(state: ProcessState | None) -> bool:
    """Anything but a running process."""
    return state is None or state.status != RUNNING


class RecordInProcess(FailedPrecondition):
    """A change of a record whose running process the caller has no task of."""

    message_key = "process.record_in_progress"


class RecordClosed(FailedPrecondition):
    """A change of a record whose process has ended (approved, rejected, stopped, cancelled)."""

    message_key = "process.record_closed"


class RecordRunning(FailedPrecondition):
    """A delete of a record whose process runs."""

    message_key = "process.record_running"


def check_editable(state: ProcessState | None) -> None:
    """Refuses a change the rule does not allow (see the module's docstring)."""
    if may_edit(state):
        return
    assert state is not None  # a record with no process is always editable
    if state.status == RUNNING:
        raise RecordInProcess()
    raise RecordClosed(status=status_text(state.status))


def check_deletable(states: Sequence[ProcessState | None]) -> None:
    """Refuses deleting records of which one has a running process."""
    if not all(may_delete(s) for s in states):
        raise RecordRunning()
