"""Engine events -> outbox messages (``loom.workflow.<entity>.<past-tense verb>``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from google.protobuf.message import Message

from loom_contracts.loom.workflow.v1 import events_pb2
from loom_workflow.engine.runtime import events as ev
from loom_workflow.engine.runtime.entities import Execution, IdentityLink, Task
from loom_workflow.engine.store.protocol import ChangeSet

PROCESS_SUBJECTS = {
    ev.PROCESS_STARTED: "loom.workflow.process.started",
    ev.PROCESS_COMPLETED: "loom.workflow.process.completed",
    ev.PROCESS_COMPLETED_WITH_TERMINATE_END_EVENT: "loom.workflow.process.completed",
    ev.PROCESS_CANCELLED: "loom.workflow.process.cancelled",
}
TASK_SUBJECTS = {
    ev.TASK_CREATED: "loom.workflow.task.created",
    ev.TASK_ASSIGNED: "loom.workflow.task.assigned",
    ev.TASK_COMPLETED: "loom.workflow.task.completed",
}
JOB_SUBJECTS = {
    ev.JOB_EXECUTION_SUCCESS: "loom.workflow.job.executed",
    ev.JOB_EXECUTION_FAILURE: "loom.workflow.job.failed",
}


def outbox_messages(changes: ChangeSet, actor: str | None) -> list[tuple[str, Message]]:
    """The messages to publish for one command's change set."""
    tasks = {r.id: r for r in [*changes.inserts, *changes.updates, *changes.deletes] if isinstance(r, Task)}
    starters = {
        r.id: r.start_user_id or ""
        for r in [*changes.inserts, *changes.updates, *changes.deletes]
        if isinstance(r, Execution) and r.parent_id is None
    }
    out: list[tuple[str, Message]] = []
    for event in changes.events:
        time = event.time.isoformat()
        if event.type in PROCESS_SUBJECTS:
            out.append(
                (
                    PROCESS_SUBJECTS[event.type],
                    events_pb2.ProcessEvent(
                        proc_inst_id=event.proc_inst_id or "",
                        proc_def_id=event.proc_def_id or "",
                        time=time,
                        actor=actor or "",
                        reason=str(event.data.get("reason") or event.data.get("delete_reason") or ""),
                        start_user_id=starters.get(event.proc_inst_id or "", ""),
                    ),
                )
            )
        elif event.type in TASK_SUBJECTS:
            task = tasks.get(event.task_id or "")
            out.append(
                (
                    TASK_SUBJECTS[event.type],
                    events_pb2.TaskEvent(
                        task_id=event.task_id or "",
                        proc_inst_id=event.proc_inst_id or "",
                        proc_def_id=event.proc_def_id or "",
                        task_def_key=task.task_def_key if task else (event.activity_id or ""),
                        assignee=str(event.data.get("assignee") or (task.assignee if task else "") or ""),
                        time=time,
                        actor=actor or "",
                        name=(task.name if task else "") or "",
                    ),
                )
            )
        elif event.type in MESSAGE_SUBJECTS:
            out.append((MESSAGE_SUBJECTS[event.type], _reminder(event, actor)))
        elif event.type in JOB_SUBJECTS:
            out.append(
                (
                    JOB_SUBJECTS[event.type],
                    events_pb2.JobEvent(
                        job_id=str(event.data.get("job_id") or ""),
                        proc_inst_id=event.proc_inst_id or "",
                        element_id=event.activity_id or "",
                        time=time,
                        message=str(event.data.get("message") or ""),
                    ),
                )
            )
    return out


# Events of the service's own (not engine) making, raised inside a command like engine events.
TASK_NOTIFIED = "TASK_NOTIFIED"
TASK_URGED = "TASK_URGED"
NOTIFIED_SUBJECT = "loom.workflow.task.notified"
URGED_SUBJECT = "loom.workflow.task.urged"
MESSAGE_SUBJECTS = {TASK_NOTIFIED: NOTIFIED_SUBJECT, TASK_URGED: URGED_SUBJECT}


def _reminder(event: ev.EngineEvent, actor: str | None) -> Message:
    data = event.data
    users = data.get("user_ids")
    return events_pb2.TaskEvent(
        task_id=event.task_id or "",
        proc_inst_id=event.proc_inst_id or "",
        proc_def_id=str(data.get("proc_def_id") or ""),
        task_def_key=event.activity_id or "",
        assignee=str(data.get("assignee") or ""),
        time=event.time.isoformat(),
        actor=actor or "",
        message=str(data.get("message") or ""),
        user_ids=[str(u) for u in users] if isinstance(users, list) else [],
    )


def remind(ctx: Any, type_: str, task: Task, users: list[str], message: str) -> None:
    """Raises a task reminder (notified / urged) for ``users``; it rides the command's change set."""
    ctx.emit(
        type_,
        None,
        task_id=task.id,
        proc_inst_id=task.proc_inst_id,
        activity_id=task.task_def_key,
        proc_def_id=task.proc_def_id,
        assignee=task.assignee or "",
        message=message,
        user_ids=[u for u in users if u],
    )


def notify_task(facade: Any, _fields: Mapping[str, object]) -> None:
    """The ``taskNotifier`` bean (the seeded "任务创建通知" listener, ``${taskNotifier}``).

    Raises ``loom.workflow.task.notified`` naming who should hear of the task: its assignee, else
    its candidate users (candidate groups travel as ``group:<id>``).
    """
    ctx, task = facade.ctx, facade.task
    links = [
        link for link in ctx.session.all(IdentityLink) if link.task_id == task.id and link.type == "candidate"
    ]
    users = [task.assignee] if task.assignee else [link.user_id for link in links if link.user_id]
    users += [f"group:{link.group_id}" for link in links if link.group_id and not task.assignee]
    remind(ctx, TASK_NOTIFIED, task, users, task.name or "")
