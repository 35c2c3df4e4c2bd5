"""A small finished history written straight into ACT_HI_*, as the history workers would leave it:
what 流程分析's tests count."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from itertools import count
from typing import Any

from sqlalchemy import text

from loom_platform.db import transaction

from ..conftest import USERS

DAY = datetime(2026, 11, 2, 8, 0, tzinfo=UTC)
# the department each start records for its initiator (applyUserOfficeId), as in the organisation
OFFICES = {user[0]: user[4] for user in USERS}
_ids = count(1)


@dataclass(frozen=True)
class Visit:
    """A node's activity: ``node`` from ``at`` hours after the start, for ``hours``; ``due`` in hours
    after its start makes it a task with a due date."""

    node: str
    at: float
    hours: float
    kind: str = "userTask"
    due: float | None = None


@dataclass(frozen=True)
class Run:
    initiator: str
    visits: list[Visit]
    day: datetime = DAY
    delete_reason: str | None = None
    backs: int = 0
    running: bool = False
    office: str | None = None  # the initiator's department at the start: their department by default
    extra: dict[str, Any] = field(default_factory=dict)


async def write(env: Any, proc_def_id: str, runs: list[Run]) -> list[str]:
    """Writes the runs' history (ended unless ``running``); returns their instance ids."""
    ids = []
    async with env.app.state.session_factory() as session, transaction(session):
        key, version = (
            await session.execute(
                text("SELECT key, version FROM act_re_procdef WHERE id = :id"), {"id": proc_def_id}
            )
        ).one()
        for run in runs:
            pid = f"an-{next(_ids)}"
            ids.append(pid)
            end = run.day + timedelta(hours=max(v.at + v.hours for v in run.visits))
            await session.execute(
                text(
                    "INSERT INTO act_hi_procinst (id, proc_def_id, proc_def_key, proc_def_version, name, "
                    "start_time, end_time, duration_ms, start_user_id, delete_reason) VALUES (:id, :d, :k, :v, "
                    ":id, :s, :e, :ms, :u, :r)"
                ),
                {
                    "id": pid,
                    "d": proc_def_id,
                    "k": key,
                    "v": version,
                    "s": run.day,
                    "e": None if run.running else end,
                    "ms": None if run.running else int((end - run.day).total_seconds() * 1000),
                    "u": run.initiator,
                    "r": run.delete_reason,
                },
            )
            await session.execute(
                text(
                    "INSERT INTO act_hi_varinst (id, proc_inst_id, execution_id, name, type_name, value, "
                    "create_time, last_updated_time) VALUES (:id, :p, :p, 'applyUserOfficeId', 'string', "
                    "to_jsonb(CAST(:v AS text)), :s, :s)"
                ),
                {"id": f"v-{next(_ids)}", "p": pid, "v": run.office or OFFICES[run.initiator], "s": run.day},
            )
            for order, visit in enumerate(run.visits):
                await _visit(session, pid, proc_def_id, run.day, visit, order)
            for _ in range(run.backs):
                await session.execute(
                    text(
                        "INSERT INTO act_hi_comment (id, type, time, proc_inst_id, message) "
                        "VALUES (:id, '_flow_back', :t, :p, '驳回')"
                    ),
                    {"id": f"c-{next(_ids)}", "t": run.day, "p": pid},
                )
    return ids


async def _visit(session: Any, pid: str, proc_def_id: str, day: datetime, visit: Visit, order: int) -> None:
    start = day + timedelta(hours=visit.at)
    end = start + timedelta(hours=visit.hours)
    task_id = None
    if visit.kind == "userTask":
        task_id = f"t-{next(_ids)}"
        await session.execute(
            text(
                "INSERT INTO act_hi_taskinst (id, task_def_key, proc_inst_id, proc_def_id, execution_id, "
                "due_date, start_time, end_time) VALUES (:id, :n, :p, :d, :p, :due, :s, :e)"
            ),
            {
                "id": task_id,
                "n": visit.node,
                "p": pid,
                "d": proc_def_id,
                "due": None if visit.due is None else start + timedelta(hours=visit.due),
                "s": start,
                "e": end,
            },
        )
    await session.execute(
        text(
            "INSERT INTO act_hi_actinst (id, proc_inst_id, proc_def_id, execution_id, activity_id, "
            "activity_type, task_id, start_time, end_time, duration_ms, transaction_order) "
            "VALUES (:id, :p, :d, :p, :n, :k, :t, :s, :e, :ms, :o)"
        ),
        {
            "id": f"a-{next(_ids)}",
            "p": pid,
            "d": proc_def_id,
            "n": visit.node,
            "k": visit.kind,
            "t": task_id,
            "s": start,
            "e": end,
            "ms": int((end - start).total_seconds() * 1000),
            "o": order,
        },
    )
