"""Copies: who may see an instance, sending copies, the receiver's list, read marks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import text
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_contracts.loom.workflow.v1 import events_pb2
from loom_platform.outbox import add_event
from loom_platform.paging import PageParams, fixed_order, page_body
from loom_platform.wire import new_id, now
from loom_workflow.common import iso
from loom_workflow.flowcopy.errors import NotInvolved
from loom_workflow.process.errors import InstanceNotFound
from loom_workflow.users import user_names

# The initiator, anyone who held a task (assignee or owner), a candidate of an open task (named or
# through a role), or someone it was copied to.
_INVOLVED = """
SELECT 1 FROM act_hi_procinst h WHERE h.id = :p AND h.start_user_id = :u
UNION ALL SELECT 1 FROM act_hi_taskinst t WHERE t.proc_inst_id = :p AND (t.assignee = :u OR t.owner = :u)
UNION ALL SELECT 1 FROM act_ru_identitylink l JOIN act_ru_task t ON t.id = l.task_id
  WHERE t.proc_inst_id = :p AND l.type = 'candidate'
    AND (l.user_id = :u OR l.group_id = ANY(CAST(:groups AS varchar[])))
UNION ALL SELECT 1 FROM wf_flow_copy c WHERE c.proc_ins_id = :p AND c.user_id = :u
LIMIT 1
"""


async def is_involved(session: AsyncSession, proc_ins_id: str, user_id: str, groups: Sequence[str]) -> bool:
    """True when the user took part in the instance (the rule above)."""
    found = await session.execute(text(_INVOLVED), {"p": proc_ins_id, "u": user_id, "groups": list(groups)})
    return found.first() is not None


async def check_visible(
    session: AsyncSession, proc_ins_id: str, user_id: str, groups: Sequence[str], *, monitor: bool
) -> None:
    """Raises unless the instance exists and the user may see it (involved, or a monitor)."""
    exists = await session.execute(text("SELECT 1 FROM act_hi_procinst WHERE id = :p"), {"p": proc_ins_id})
    if exists.first() is None:
        raise InstanceNotFound()
    if not monitor and not await is_involved(session, proc_ins_id, user_id, groups):
        raise NotInvolved()


async def create(
    session: AsyncSession, *, proc_ins_id: str, task_id: str, user_ids: Sequence[str], actor: str
) -> int:
    """Copies the instance (at the node of ``task_id``, when given) to ``user_ids``; returns how many
    new copies were written (a repeated copy adds nothing). Announces ``loom.workflow.copy.created``."""
    row = (
        await session.execute(
            text(
                "SELECT h.id, h.name, h.proc_def_id, d.name AS def_name FROM act_hi_procinst h "
                "JOIN act_re_procdef d ON d.id = h.proc_def_id WHERE h.id = :p"
            ),
            {"p": proc_ins_id},
        )
    ).first()
    if row is None:
        raise InstanceNotFound()
    task = (
        (
            await session.execute(
                text("SELECT name, task_def_key FROM act_hi_taskinst WHERE id = :t AND proc_inst_id = :p"),
                {"t": task_id, "p": proc_ins_id},
            )
        ).first()
        if task_id
        else None
    )
    stamp = now()
    written = []
    for user in dict.fromkeys(user_ids):
        inserted = await session.execute(
            text(
                "INSERT INTO wf_flow_copy (id, create_by, create_date, update_by, update_date, user_id, "
                "proc_def_id, proc_ins_id, proc_def_name, proc_ins_name, task_id, task_name, status) "
                "VALUES (:id, :by, :at, :by, :at, :user, :def, :ins, :def_name, :ins_name, :task, :task_name, '0') "
                "ON CONFLICT ON CONSTRAINT uq_wf_flow_copy DO NOTHING RETURNING id"
            ),
            {
                "id": new_id(),
                "by": actor,
                "at": stamp,
                "user": user,
                "def": row.proc_def_id,
                "ins": proc_ins_id,
                "def_name": row.def_name,
                "ins_name": row.name,
                "task": task_id if task is not None else "",
                "task_name": task.name if task is not None else None,
            },
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
    where = "c.user_id = :u"
    binds: dict[str, Any] = {"u": user_id}
    if title:
        where += " AND c.proc_ins_name ILIKE :title"
        binds["title"] = f"%{title}%"
    total = int(
        (
            await session.execute(text(f"SELECT count(*) FROM wf_flow_copy c WHERE {where}"), binds)
        ).scalar_one()
    )
    rows = list(
        await session.execute(
            text(
                f"SELECT c.* FROM wf_flow_copy c WHERE {where} ORDER BY c.create_date DESC, c.id DESC "
                "LIMIT :limit OFFSET :offset"
            ),
            {**binds, "limit": params.size, "offset": params.offset},
        )
    )
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
    result = await session.execute(
        text(
            "UPDATE wf_flow_copy SET status = '1', update_by = :u, update_date = now() "
            "WHERE id = ANY(:ids) AND user_id = :u AND status <> '1'"
        ),
        {"ids": list(ids), "u": user_id},
    )
    return int(result.rowcount or 0)  # type: ignore[attr-defined]


async def delete(session: AsyncSession, ids: Sequence[str], *, user_id: str) -> int:
    """Deletes the receiver's own copies."""
    result = await session.execute(
        text("DELETE FROM wf_flow_copy WHERE id = ANY(:ids) AND user_id = :u"),
        {"ids": list(ids), "u": user_id},
    )
    return int(result.rowcount or 0)  # type: ignore[attr-defined]


async def unread(session: AsyncSession, user_id: str) -> int:
    """How many copies the user has not read."""
    found = await session.execute(
        text("SELECT count(*) FROM wf_flow_copy WHERE user_id = :u AND status = '0'"), {"u": user_id}
    )
    return int(found.scalar_one())
