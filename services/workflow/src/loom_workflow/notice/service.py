"""Notices from the workflow's outbox events: who hears of what, and the user's notice list.

The events are those the commands publish through the outbox (``loom.workflow.task.created``,
``…task.assigned``, ``…task.urged``, ``…copy.created``, ``…process.completed``/``cancelled``); a
durable consumer turns each into rows here, once per user and source, and pushes them to the user's
open streams."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, exists, func, literal, not_, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlmodel import col
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_contracts.loom.workflow.v1 import events_pb2
from loom_platform.paging import PageParams, count, page_body
from loom_platform.wire import new_id, now
from loom_workflow.common import iso
from loom_workflow.notice.models import COPY, DEADLINE, RESULT, TASK, URGE, Notice
from loom_workflow.pgstore import tables as t
from loom_workflow.task import audience

TASK_SUBJECTS = ("loom.workflow.task.created", "loom.workflow.task.assigned")
SUBJECTS = (
    *TASK_SUBJECTS,
    "loom.workflow.task.urged",
    "loom.workflow.copy.created",
    "loom.workflow.process.completed",
    "loom.workflow.process.cancelled",
)


@dataclass(frozen=True)
class Draft:
    """A notice before it is stored."""

    user_id: str
    kind: str
    source: str
    proc_inst_id: str
    task_id: str = ""
    detail: str = ""
    # when the event happened: notices made in one batch keep the order of their events
    at: datetime | None = None


async def drafts(
    session: AsyncSession,
    subject: str,
    payload: bytes,
    message_id: str,
    members_of: audience.MembersOf | None = None,
) -> list[Draft]:
    """Who should hear of the event, and what: none for an event nobody needs to hear of; never
    the actor of their own act. ``members_of`` (the engine's reviewer resolver asking sys; it blocks,
    so it runs in a thread) names the members of a new task's candidate roles."""
    if subject in TASK_SUBJECTS or subject in ("loom.workflow.task.urged", "loom.workflow.copy.created"):
        task = events_pb2.TaskEvent.FromString(payload)
        found = await _task_drafts(session, subject, task, message_id, members_of)
        return [replace(d, at=_happened(task.time)) for d in found]
    if subject.startswith("loom.workflow.process."):
        process = events_pb2.ProcessEvent.FromString(payload)
        found = await _result_drafts(session, subject, process)
        return [replace(d, at=_happened(process.time)) for d in found]
    return []


def _happened(time: str) -> datetime | None:
    """The event's time (ISO 8601), or None when it carries none that reads."""
    try:
        return datetime.fromisoformat(time) if time else None
    except ValueError:
        return None


async def _task_drafts(
    session: AsyncSession, subject: str, event: Any, message_id: str, members_of: audience.MembersOf | None
) -> list[Draft]:
    # the event's own name first: the task may have ended, its history row not yet applied
    name = event.name or await _task_name(session, event.task_id)
    if subject in TASK_SUBJECTS:
        users = await _audience(session, event, members_of)
        # one notice per user and task: created then assigned in one command, or a claim, adds none
        return [
            Draft(u, TASK, f"task:{event.task_id}", event.proc_inst_id, event.task_id, name)
            for u in dict.fromkeys(users)
            if u and u != event.actor
        ]
    if subject == "loom.workflow.copy.created":
        return [
            Draft(u, COPY, f"copy:{message_id}", event.proc_inst_id, event.task_id, name)
            for u in event.user_ids
            if u and u != event.actor  # one who copies to themselves is not told of it
        ]
    # an urge names its sender; a deadline's reminder comes from the timer, with no actor
    kind = URGE if event.actor else DEADLINE
    return [
        Draft(u, kind, f"{kind}:{message_id}", event.proc_inst_id, event.task_id, event.message or name)
        for u in event.user_ids
        if u and u != event.actor and not u.startswith("group:")
    ]


async def _result_drafts(session: AsyncSession, subject: str, event: Any) -> list[Draft]:
    starter = event.start_user_id or await session.scalar(
        select(t.hi_procinst.c.start_user_id).where(t.hi_procinst.c.id == event.proc_inst_id)
    )
    if not starter or starter == event.actor:
        return []  # nobody started it, or the starter stopped it herself
    detail = "completed" if subject.endswith(".completed") else (event.reason or "cancelled")
    return [Draft(starter, RESULT, f"result:{event.proc_inst_id}", event.proc_inst_id, "", detail)]


async def _task_name(session: AsyncSession, task_id: str) -> str:
    if not task_id:
        return ""
    found = await session.scalar(select(t.task.c.name).where(t.task.c.id == task_id))
    if found is None:
        found = await session.scalar(select(t.hi_taskinst.c.name).where(t.hi_taskinst.c.id == task_id))
    return str(found or "")


async def _audience(session: AsyncSession, event: Any, members_of: audience.MembersOf | None) -> list[str]:
    """The new task's audience (``task.audience``), its candidate links as stored now."""
    links: list[tuple[str | None, str | None]] = []
    if not event.assignee:
        rows = await session.execute(
            select(t.identitylink.c.user_id, t.identitylink.c.group_id).where(
                t.identitylink.c.task_id == event.task_id,
                t.identitylink.c.type == literal("candidate", literal_execute=True),  # the index's predicate
            )
        )
        links = [(user, group) for user, group in rows]
    if not any(role for _, role in links):  # nobody to ask sys about
        return audience.audience(event.assignee, links, None)
    # sys is asked through the engine's bridge, which waits for this loop: from a thread
    return await asyncio.to_thread(audience.audience, event.assignee, links, members_of)


async def store(session: AsyncSession, found: Sequence[Draft]) -> list[Notice]:
    """Stores the drafts; answers the notices that are new (a repeated source adds nothing)."""
    if not found:
        return []
    titles = await _titles(session, {d.proc_inst_id for d in found})
    stored_at = now()
    rows = [
        {
            "id": new_id(),
            "user_id": d.user_id,
            "kind": d.kind,
            "source": d.source[:160],
            "proc_inst_id": d.proc_inst_id,
            "task_id": d.task_id,
            "title": titles.get(d.proc_inst_id, "")[:255],
            "detail": d.detail[:500],
            "create_date": d.at or stored_at,
        }
        for d in found
    ]
    stmt = (
        insert(Notice).values(rows).on_conflict_do_nothing(constraint="uq_wf_notice_source").returning(Notice)  # type: ignore[arg-type]
    )
    return list((await session.execute(stmt)).scalars())


async def _titles(session: AsyncSession, instances: set[str]) -> dict[str, str]:
    """Each request's title: its running root execution's name, else its history's."""
    ids = [i for i in instances if i]
    running = await session.execute(
        select(t.execution.c.id, t.execution.c.name).where(t.execution.c.id.in_(ids))
    )
    found = {r[0]: r[1] or "" for r in running}
    rest = [i for i in ids if i not in found]
    if rest:
        done = await session.execute(
            select(t.hi_procinst.c.id, t.hi_procinst.c.name).where(t.hi_procinst.c.id.in_(rest))
        )
        found.update({r[0]: r[1] or "" for r in done})
    return found


def render(notice: Notice, stale: bool = False) -> dict[str, Any]:
    """A notice as the portal reads it (``stale``: about a task no longer open, so read)."""
    return {
        "id": notice.id,
        "kind": notice.kind,
        "procInsId": notice.proc_inst_id,
        "taskId": notice.task_id,
        "title": notice.title,
        "detail": notice.detail,
        "read": notice.read_flag == "1" or stale,
        "createTime": iso(notice.create_date),
    }


# Notices about a task (its arrival, an urge, a deadline) that only matter while the task is open.
TASK_KINDS = (TASK, URGE, DEADLINE)


def _stale() -> ColumnElement[bool]:
    """A notice about a task that is no longer open (handled, sent back, removed, or its request
    ended): it reads as read, whoever ended the task, so the bell does not count what is done."""
    open_task = exists(select(t.task.c.id).where(t.task.c.id == col(Notice.task_id)))
    return and_(col(Notice.kind).in_(TASK_KINDS), col(Notice.task_id) != "", not_(open_task))


def _unread() -> ColumnElement[bool]:
    return and_(col(Notice.read_flag) == "0", not_(_stale()))


async def unread(session: AsyncSession, user_id: str) -> int:
    """How many of the user's notices are unread (those of tasks no longer open are not)."""
    stmt = select(func.count()).select_from(Notice).where(col(Notice.user_id) == user_id, _unread())
    return int(await session.scalar(stmt) or 0)


def as_announcement(notice: Notice, stale: bool = False) -> dict[str, Any]:
    """A notice as the JeePlus client's bell reads its announcements (通知): the request's title,
    what happened as the content, when, and who sent it (the platform: nobody)."""
    return {
        "id": notice.id,
        "type": notice.kind,
        "title": notice.title,
        "content": notice.detail,
        "readFlag": "1" if notice.read_flag == "1" or stale else "0",
        "createDate": iso(notice.create_date),
        "createBy": {"id": "", "name": "", "photo": ""},
        "procInsId": notice.proc_inst_id,
        "taskId": notice.task_id,
    }


async def page(
    session: AsyncSession,
    user_id: str,
    params: PageParams,
    only_unread: bool,
    shape: Callable[[Notice, bool], dict[str, Any]] = render,
) -> dict[str, Any]:
    """The user's notices, newest first, with the unread count; each in ``shape``."""
    where = [col(Notice.user_id) == user_id]
    if only_unread:
        where.append(_unread())
    total = await count(session, select(Notice).where(*where))
    stmt = (
        select(Notice, _stale().label("stale"))
        .where(*where)
        .order_by(col(Notice.create_date).desc(), col(Notice.id))
    )
    if not params.all_rows:
        stmt = stmt.offset(params.offset).limit(params.size)
    records = [shape(n, bool(stale)) for n, stale in (await session.execute(stmt)).all()]
    return {**page_body(records, total, params), "unread": await unread(session, user_id)}


async def mark_read(session: AsyncSession, user_id: str, ids: Sequence[str] | None) -> None:
    """Marks the user's notices read: those of ``ids``, or all of them (None)."""
    stmt = update(Notice).where(col(Notice.user_id) == user_id, col(Notice.read_flag) == "0")
    if ids is not None:
        stmt = stmt.where(col(Notice.id).in_(list(ids)))
    await session.execute(stmt.values(read_flag="1"))
