"""Answers ``loom.rpc.workflow.instance.states`` (:mod:`loom_platform.processes`): the latest instance of
each business key, for the workflow forms' generated modules, which never read this database.

A running instance is read from the runtime tables (written in the command's transaction, so a
record is running from the moment its start answered); an ended one from the history, whose pending
records are applied first (the history is written behind the commands).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.processes import MAX_KEYS, STATES_SUBJECT, ProcessState
from loom_workflow.engine_host import WorkflowRuntime
from loom_workflow.pgstore import tables as t
from loom_workflow.process.status import status_of
from loom_workflow.users import user_roles

log = logging.getLogger(__name__)


async def _running(session: AsyncSession, keys: Sequence[str]) -> dict[str, Any]:
    """The running top-level instance of each key (its root execution), the newest when several."""
    e = t.execution
    rows = await session.execute(
        select(e.c.id, e.c.business_key, e.c.start_user_id)
        .where(
            e.c.business_key.in_(list(keys)),
            e.c.id == e.c.proc_inst_id,
            e.c.super_execution_id.is_(None),
        )
        .order_by(e.c.start_time)
    )
    return {row.business_key: row for row in rows}


async def _ended(session: AsyncSession, keys: Sequence[str]) -> dict[str, Any]:
    """The newest top-level instance of each key in the history."""
    h = t.hi_procinst
    rows = await session.execute(
        select(h.c.id, h.c.business_key, h.c.start_user_id, h.c.end_time, h.c.delete_reason)
        .where(h.c.business_key.in_(list(keys)), h.c.super_proc_inst_id.is_(None))
        .order_by(h.c.start_time)
    )
    return {row.business_key: row for row in rows}


async def _tasks(session: AsyncSession, instance_ids: Sequence[str]) -> dict[str, list[Any]]:
    """The open tasks of each instance with their candidate links."""
    if not instance_ids:
        return {}
    task, link = t.task, t.identitylink
    rows = list(
        await session.execute(
            select(task.c.id, task.c.name, task.c.task_def_key, task.c.assignee, task.c.proc_inst_id)
            .where(task.c.proc_inst_id.in_(list(instance_ids)))
            .order_by(task.c.create_time)
        )
    )
    links = await session.execute(
        select(link.c.task_id, link.c.user_id, link.c.group_id).where(
            link.c.type == "candidate", link.c.task_id.in_([r.id for r in rows])
        )
    )
    candidates: dict[str, list[Any]] = {}
    for found in links:
        candidates.setdefault(found.task_id, []).append(found)
    tasks: dict[str, list[Any]] = {}
    for row in rows:
        tasks.setdefault(row.proc_inst_id, []).append((row, candidates.get(row.id, [])))
    return tasks


def _handles(user_id: str, task: Any, links: Sequence[Any], roles: Sequence[str]) -> bool:
    """The user holds the task, or may claim it (a named candidate, or through a role)."""
    if task.assignee:
        return bool(task.assignee == user_id)
    return any(link.user_id == user_id or (link.group_id and link.group_id in roles) for link in links)


async def states(
    session: AsyncSession, runtime: WorkflowRuntime, directory: Any, keys: Sequence[str], user_id: str
) -> dict[str, ProcessState]:
    """``{business key: state}`` of the keys that have an instance; ``handler`` for ``user_id``."""
    keys = list(dict.fromkeys(k for k in keys if k))[:MAX_KEYS]
    if not keys:
        return {}
    running = await _running(session, keys)
    others = [k for k in keys if k not in running]
    if others:
        # an instance that ended may not be in the history yet, nor known by id: the pending
        # records are applied first (one query when none waits, as a monitor's list does)
        await runtime.settle_history(actor=None, everything=True)
    history = await _ended(session, others)
    tasks = await _tasks(session, [row.id for row in running.values()])
    needs_roles = any(not task.assignee for found in tasks.values() for task, _links in found)
    roles = await user_roles(directory, user_id) if needs_roles and user_id else []
    answer: dict[str, ProcessState] = {}
    for key, row in running.items():
        found = tasks.get(row.id, [])
        answer[key] = ProcessState(
            instance_id=row.id,
            status="running",
            task_names=tuple(dict.fromkeys(task.name or task.task_def_key for task, _links in found)),
            handler=any(_handles(user_id, task, links, roles) for task, links in found),
            start_user_id=row.start_user_id or "",
        )
    for key, row in history.items():
        if row.end_time is not None:
            status = status_of(row.end_time, row.delete_reason).key
            answer[key] = ProcessState(
                instance_id=row.id, status=status, start_user_id=row.start_user_id or ""
            )
    return answer


async def answer_states(app: Any) -> Any:
    """Subscribes the replica to :data:`STATES_SUBJECT` (a queue group: one replica answers each)."""

    async def on_question(msg: Any) -> None:
        try:
            question = json.loads(msg.data or b"{}")
            keys = [str(k) for k in question.get("businessKeys", [])]
            async with app.state.session_factory() as session:
                found = await states(
                    session, app.state.runtime, app.state.directory, keys, str(question.get("userId") or "")
                )
            reply = {"states": {k: s.to_json() for k, s in found.items()}}
        except Exception:  # the asker times out rather than reading a guess
            log.exception("answering %s failed", STATES_SUBJECT)
            return
        await msg.respond(json.dumps(reply).encode())

    return await app.state.nats.subscribe(STATES_SUBJECT, queue="workflow-states", cb=on_question)
