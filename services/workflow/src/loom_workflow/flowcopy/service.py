"""Copies: who may see an instance, sending copies, the receiver's list, read marks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import CompoundSelect, literal, or_, select, union_all, update
from sqlalchemy import delete as delete_rows
from sqlalchemy.dialects.postgresql import insert
from sqlmodel import col
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_contracts.loom.workflow.v1 import events_pb2
from loom_platform.outbox import add_event
from loom_platform.paging import PageParams, contains, count, fixed_order, page_body
from loom_platform.wire import new_id, now
from loom_workflow.common import iso
from loom_workflow.errors import InstanceNotFound
from loom_workflow.flowcopy.errors import NotInvolved
from loom_workflow.flowcopy.models import FlowCopy
from loom_workflow.pgstore import tables as t
from loom_workflow.users import user_names


def _involvement(proc_ins_id: str, user_id: str, groups: Sequence[str]) -> CompoundSelect[Any]:
    """The initiator, anyone who held a task (assignee or owner), a candidate of an open task (named
    or through a role), or someone it was copied to: one row per way the user took part."""
    h, done, link, task = t.hi_procinst, t.hi_taskinst, t.identitylink, t.task
    return union_all(
        select(literal(1)).where(h.c.id == proc_ins_id, h.c.start_user_id == user_id),
        select(literal(1)).where(
            done.c.proc_inst_id == proc_ins_id, or_(done.c.assignee == user_id, done.c.owner == user_id)
        ),
        select(literal(1))
        .join_from(link, task, task.c.id == link.c.task_id)
        .where(
            task.c.proc_inst_id == proc_ins_id,
            link.c.type == literal("candidate", literal_execute=True),  # a constant, as the index sees it
            or_(link.c.user_id == user_id, link.c.group_id.in_(list(groups))),
        ),
        select(literal(1)).where(col(FlowCopy.proc_ins_id) == proc_ins_id, col(FlowCopy.user_id) == user_id),
    )


async def is_involved(session: AsyncSession, proc_ins_id: str, user_id: str, groups: Sequence[str]) -> bool:
    """True when the user took part in the instance (see :func:`_involvement`)."""
    found = await session.execute(_involvement(proc_ins_id, user_id, groups).limit(1))
    return found.first() is not None


async def check_visible(
    session: AsyncSession, proc_ins_id: str, user_id: str, groups: Sequence[str], *, monitor: bool
) -> None:
    """Raises unless the instance exists and the user may see it (involved, or a monitor)."""
    exists = await session.execute(select(t.hi_procinst.c.id).where(t.hi_procinst.c.id == proc_ins_id))
    if exists.first() is None:
        raise InstanceNotFound()
    if not monitor and not await is_involved(session, proc_ins_id, user_id, groups):
        raise NotInvolved()


async def create(
    session: AsyncSession, *, proc_ins_id: str, task_id: str, user_ids: Sequence[str], actor: str
) -> int:
    """Copies the instance (at the node of ``task_id``, when given) to ``user_ids``; returns how many
    new copies were written (a repeated copy adds nothing). Announces ``loom.workflow.copy.created``."""
    h, d, done = t.hi_procinst, t.procdef, t.hi_taskinst
    row = (
        await session.execute(
            select(h.c.id, h.c.name, h.c.proc_def_id, d.c.name.label("def_name"))
            .join_from(h, d, d.c.id == h.c.proc_def_id)
            .where(h.c.id == proc_ins_id)
        )
    ).first()
    if row is None:
        raise InstanceNotFound()
    task = (
        (
            await session.execute(
                select(done.c.name, done.c.task_def_key).where(
                    done.c.id == task_id, done.c.proc_inst_id == proc_ins_id
                )
            )
        ).first()
        if task_id
        else None
    )
    stamp = now()
    written = []
    for user in dict.fromkeys(user_ids):
        copy = insert(FlowCopy).values(
            id=new_id(),
            create_by=actor,
            create_date=stamp,
            update_by=actor,
            update_date=stamp,
            user_id=user,
            proc_def_id=row.proc_def_id,
            proc_ins_id=proc_ins_id,
            proc_def_name=row.def_name,
            proc_ins_name=row.name,
            task_id=task_id if task is not None else "",
            task_name=task.name if task is not None else None,
            status="0",
        )
        inserted = await session.execute(
            copy.on_conflict_do_nothing(constraint="uq_wf_flow_copy").returning(col(FlowCopy.id))
        )
        if inserted.first() is not None:
            written.append(user)
    if written:
        add_event(
            session,
            "loom.workflow.copy.created",
            events_pb2.TaskEvent(
                task_id=task_id if task is not None else "",
                proc_inst_id=proc_ins_id,
                proc_def_id=row.proc_def_id,
                task_def_key=task.task_def_key if task is not None else "",
                time=stamp.isoformat(),
                actor=actor,
                user_ids=written,
            ),
        )
    return len(written)


async def page(
    session: AsyncSession, directory: Any, params: PageParams, *, user_id: str, title: str | None
) -> dict[str, Any]:
    """The copies sent to ``user_id``, newest first (unread and read)."""
    fixed_order(params)
    mine = select(FlowCopy).where(col(FlowCopy.user_id) == user_id)
    if title:
        mine = mine.where(contains(col(FlowCopy.proc_ins_name), title))
    total = await count(session, mine)
    newest = mine.order_by(col(FlowCopy.create_date).desc(), col(FlowCopy.id).desc())
    rows = list((await session.execute(newest.limit(params.size).offset(params.offset))).scalars())
    names = await user_names(directory, [r.create_by for r in rows])
    return page_body([_render(r, names) for r in rows], total, params)


def _render(r: Any, names: dict[str, str]) -> dict[str, Any]:
    return {
        "id": r.id,
        "userId": r.user_id,
        "procDefId": r.proc_def_id,
        "procInsId": r.proc_ins_id,
        "procDefName": r.proc_def_name,
        "procInsName": r.proc_ins_name,
        "taskId": r.task_id or None,
        "taskName": r.task_name,
        "status": r.status,
        "createBy": {"id": r.create_by, "name": names.get(r.create_by or "", "")},
        "createDate": iso(r.create_date),
    }


async def mark_read(session: AsyncSession, ids: Sequence[str], *, user_id: str) -> int:
    """Marks the receiver's own copies read (others' ids change nothing)."""
    mine = (col(FlowCopy.id).in_(ids), col(FlowCopy.user_id) == user_id, col(FlowCopy.status) != "1")
    marked = update(FlowCopy).where(*mine).values(status="1", update_by=user_id, update_date=now())
    return int((await session.execute(marked)).rowcount or 0)


async def delete(session: AsyncSession, ids: Sequence[str], *, user_id: str) -> int:
    """Deletes the receiver's own copies."""
    mine = delete_rows(FlowCopy).where(col(FlowCopy.id).in_(ids), col(FlowCopy.user_id) == user_id)
    return int((await session.execute(mine)).rowcount or 0)


async def unread(session: AsyncSession, user_id: str) -> int:
    """How many copies the user has not read."""
    unread_ones = select(col(FlowCopy.id)).where(
        col(FlowCopy.user_id) == user_id, col(FlowCopy.status) == "0"
    )
    return await count(session, unread_ones)
