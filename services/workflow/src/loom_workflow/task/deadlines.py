"""Deadlines that act (issue 27): what happens to a user task when its due time passes.

A node's settings give its tasks a due date and a ``task-deadline`` timer job
(``extension/deadline_policy.py``). The job belongs to the task: a send-back creates a new task and
so a new deadline, a transfer or delegation keeps both, and the job runs once (it is deleted in the
command that acts, which commits or rolls back as a whole; a worker killed mid-way leaves the job to
run again). The engine hosts run :func:`fire` through ``JOB_HANDLERS``, handed to them where they
are built (``main.py``, ``jobs/worker.py``).
"""

from __future__ import annotations

import json
from typing import Any

from loom_workflow import events
from loom_workflow.comments import comment_json
from loom_workflow.engine.commands import (
    AddCandidates,
    AddComment,
    CompleteTask,
    DeleteProcessInstance,
    SetAssignee,
)
from loom_workflow.engine.context import CommandContext
from loom_workflow.engine.hooks import TASK_DEADLINE, JobHandler
from loom_workflow.engine.runtime.entities import Execution, Job, Task
from loom_workflow.process import status
from loom_workflow.task import audience, reminders


def fire(ctx: CommandContext, job: Job, execution: Execution) -> None:
    """The ``task-deadline`` job handler: acts on the task if it is still open."""
    del execution
    try:
        outer = json.loads(job.handler_config or "{}")
        config: dict[str, Any] = json.loads(outer.get("config") or "{}")
    except ValueError:
        return
    task = ctx.session.get(Task, str(outer.get("taskId") or ""))
    if task is None:
        return
    action, to = config.get("action", "remind"), str(config.get("to") or "")
    if action == "approve":
        _note(ctx, task, "_flow_agree", "超时自动通过")
        CompleteTask(task.id).execute(ctx)
    elif action == "reject":
        _note(ctx, task, "_flow_reject", "超时自动驳回", "danger")
        DeleteProcessInstance(task.proc_inst_id, status.reason(status.REJECT, "超时自动驳回")).execute(ctx)
    elif action == "transfer" and to:
        _note(ctx, task, "_flow_transfer", "超时转办", f"-> {to}")
        if to.startswith("role:"):
            SetAssignee(task.id, None).execute(ctx)
            AddCandidates(task.id, group_ids=[to[5:]]).execute(ctx)
        else:
            SetAssignee(task.id, to).execute(ctx)
    else:
        users = reminders.due(ctx, task, audience.of_task(ctx, task))
        if users:
            events.remind(ctx, events.TASK_URGED, task, users, f"任务[{task.name}]已超时")
        _note(ctx, task, "urge", "超时提醒")


def _note(ctx: CommandContext, task: Task, code: str, what: str, detail: str = "", level: str = "") -> None:
    AddComment(
        comment_json(code, what, detail, level or None),
        task_id=task.id,
        proc_inst_id=task.proc_inst_id,
        type=code,
    ).execute(ctx)


# The job handlers of the task domain, by job type, for the engine hosts to register.
JOB_HANDLERS: dict[str, JobHandler] = {TASK_DEADLINE: fire}
