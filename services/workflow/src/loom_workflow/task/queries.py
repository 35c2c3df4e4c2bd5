"""Task read models: todo (one indexed query), done, my applications' steps, the task screens."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import select, text
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.paging import PageParams, date_filter, fixed_order, like_pattern, page_body
from loom_workflow.comments import parse_comment
from loom_workflow.common import iso, millis
from loom_workflow.engine.model import StartEvent, parse_bpmn
from loom_workflow.pgstore import tables as t
from loom_workflow.process.queries import current_tasks
from loom_workflow.users import user_names

_TODO_COLUMNS = (
    "t.id, t.name, t.task_def_key, t.proc_inst_id, t.proc_def_id, t.execution_id, t.assignee, t.owner, "
    "t.create_time, t.delegation_state, t.form_key"
)
# Assigned to the user (index on assignee, create_time), or unclaimed and offered to the user or one
# of their roles (identity-link indexes on user_id / group_id). The page and the total come from one
# statement: the window count runs over the rows the ordering has to read anyway.
_TODO = f"""
WITH x AS (
  SELECT {_TODO_COLUMNS} FROM act_ru_task t WHERE t.assignee = :user {{dates}}
  UNION ALL
  SELECT {_TODO_COLUMNS} FROM act_ru_task t
  WHERE t.assignee IS NULL {{dates}} AND t.id IN (
    SELECT l.task_id FROM act_ru_identitylink l
    WHERE l.type = 'candidate' AND l.task_id IS NOT NULL
      AND (l.user_id = :user OR l.group_id = ANY(CAST(:groups AS varchar[])))
  )
)
SELECT p.*, d.name AS def_name, d.key AS def_key, h.name AS title, h.start_user_id
FROM (
  SELECT x.*, count(*) OVER () AS total FROM x
  ORDER BY x.create_time DESC, x.id DESC LIMIT :limit OFFSET :offset
) p
JOIN act_re_procdef d ON d.id = p.proc_def_id JOIN act_hi_procinst h ON h.id = p.proc_inst_id
ORDER BY p.create_time DESC, p.id DESC
"""


def _dates(begin: str | None, end: str | None, column: str) -> tuple[str, dict[str, Any]]:
    clause, binds = "", {}
    if begin:
        clause += f" AND {column} >= CAST(:begin AS timestamptz)"
        binds["begin"] = date_filter(begin, "beginDate")
    if end:
        clause += f" AND {column} <= CAST(:end AS timestamptz)"
        binds["end"] = date_filter(end, "endDate")
    return clause, binds


async def todo(
    session: AsyncSession,
    directory: Any,
    params: PageParams,
    *,
    user_id: str,
    groups: Sequence[str] = (),
    begin: str | None,
    end: str | None,
    title: str | None = None,
    process_name: str | None = None,
) -> dict[str, Any]:
    """The user's open tasks: assigned to them, or unclaimed and offered to them or their roles;
    ``title`` and ``process_name`` narrow them (contains, any case)."""
    fixed_order(params)
    dates, binds = _dates(begin, end, "t.create_time")
    if title:
        dates += " AND t.proc_inst_id IN (SELECT id FROM act_hi_procinst WHERE name ILIKE :title ESCAPE '\\')"
        binds["title"] = like_pattern(title)
    if process_name:
        dates += (
            " AND t.proc_def_id IN (SELECT id FROM act_re_procdef WHERE name ILIKE :process_name ESCAPE '\\')"
        )
        binds["process_name"] = like_pattern(process_name)
    binds.update(user=user_id, groups=list(groups), limit=params.size, offset=params.offset)
    rows = list(await session.execute(text(_TODO.format(dates=dates)), binds))
    if rows:
        total = int(rows[0].total)
    else:  # a page past the end: count on its own
        counted = _TODO.format(dates=dates).split("SELECT p.*")[0] + "SELECT count(*) FROM x"
        total = int((await session.execute(text(counted), binds)).scalar_one()) if params.offset else 0
    names = await user_names(directory, [r.start_user_id for r in rows])
    records = [
        {
            "status": "todo" if r.assignee == user_id else "claim",
            "vars": {"title": r.title, "userName": names.get(r.start_user_id or "", "")},
            "processDefinitionName": r.def_name,
            "task": {
                "id": r.id,
                "name": r.name,
                "createTime": iso(r.create_time),
                "taskDefinitionKey": r.task_def_key,
                "processInstanceId": r.proc_inst_id,
                "processDefinitionId": r.proc_def_id,
                "processDefKey": r.def_key,
                "executionId": r.execution_id,
                "assignee": r.assignee,
                "owner": r.owner,
                "delegationState": r.delegation_state,
                "formKey": r.form_key,
            },
        }
        for r in rows
    ]
    return page_body(records, total, params)


async def historic(
    session: AsyncSession,
    directory: Any,
    params: PageParams,
    *,
    user_id: str,
    begin: str | None,
    end: str | None,
) -> dict[str, Any]:
    """Tasks the user completed, newest first, with whether each can still be taken back."""
    fixed_order(params)
    dates, binds = _dates(begin, end, "t.end_time")
    binds["user"] = user_id
    base = (
        "FROM act_hi_taskinst t JOIN act_re_procdef d ON d.id = t.proc_def_id "
        "JOIN act_hi_procinst h ON h.id = t.proc_inst_id "
        f"WHERE t.assignee = :user AND t.end_time IS NOT NULL AND t.delete_reason IS NULL {dates}"
    )
    total = int((await session.execute(text(f"SELECT count(*) {base}"), binds)).scalar_one())
    rows = list(
        await session.execute(
            text(
                "SELECT t.*, d.name AS def_name, h.name AS title, h.start_user_id, h.end_time AS proc_end, "
                "(SELECT max(x.end_time) FROM act_hi_taskinst x WHERE x.proc_inst_id = t.proc_inst_id) AS last_end, "
                "(SELECT c.full_msg FROM act_hi_comment c WHERE c.task_id = t.id ORDER BY c.time DESC LIMIT 1) AS note "
                f"{base} ORDER BY t.end_time DESC LIMIT :limit OFFSET :offset"
            ),
            {**binds, "limit": params.size, "offset": params.offset},
        )
    )
    current = await current_tasks(session, list({r.proc_inst_id for r in rows}))
    names = await user_names(directory, [r.start_user_id for r in rows])
    records = []
    for r in rows:
        comment = parse_comment(r.note)
        now_tasks = current.get(r.proc_inst_id, [])
        can_back = r.proc_end is None and r.last_end == r.end_time and bool(now_tasks)
        records.append(
            {
                "id": r.id,
                "name": r.name,
                "taskDefinitionKey": r.task_def_key,
                "processInstanceId": r.proc_inst_id,
                "processDefinitionId": r.proc_def_id,
                "processDefinitionName": r.def_name,
                "executionId": r.execution_id,
                "startTime": iso(r.start_time),
                "endTime": iso(r.end_time),
                "duration": r.duration_ms,
                "status": comment["status"] or "已办理",
                "level": comment["level"],
                "vars": {"title": r.title, "userName": names.get(r.start_user_id or "", "")},
                "back": can_back,
                "currentTask": (
                    {"id": now_tasks[0].id, "taskDefinitionKey": now_tasks[0].task_def_key}
                    if now_tasks
                    else None
                ),
            }
        )
    return page_body(records, total, params)


def duration_text(ms: int | None) -> str:
    """``1天2小时3分4秒`` (the flow-step screens show it as is)."""
    if not ms:
        return "0秒"
    seconds = ms // 1000
    parts = [
        (seconds // 86400, "天"),
        (seconds % 86400 // 3600, "小时"),
        (seconds % 3600 // 60, "分"),
        (seconds % 60, "秒"),
    ]
    return "".join(f"{n}{unit}" for n, unit in parts if n) or "0秒"


async def historic_task_list(
    session: AsyncSession, directory: Any, proc_inst_id: str
) -> list[dict[str, Any]]:
    """The steps of an instance in order: start, each user task with its comment, end."""
    acts = list(
        await session.execute(
            text(
                "SELECT a.*, h.start_user_id FROM act_hi_actinst a JOIN act_hi_procinst h ON h.id = a.proc_inst_id "
                "WHERE a.proc_inst_id = :id AND a.activity_type IN ('startEvent', 'userTask', 'endEvent') "
                "ORDER BY a.start_time, a.transaction_order"
            ),
            {"id": proc_inst_id},
        )
    )
    comments = {
        r.task_id: r
        for r in await session.execute(
            text(
                "SELECT DISTINCT ON (task_id) task_id, full_msg, message FROM act_hi_comment "
                "WHERE proc_inst_id = :id AND task_id IS NOT NULL ORDER BY task_id, time DESC"
            ),
            {"id": proc_inst_id},
        )
    }
    names = await user_names(directory, [a.assignee or a.start_user_id for a in acts])
    steps = []
    for a in acts:
        who = (
            a.assignee
            if a.activity_type == "userTask"
            else (a.start_user_id if a.activity_type == "startEvent" else None)
        )
        note = comments.get(a.task_id)
        if a.activity_type == "startEvent":
            comment = {"type": "start", "status": "启动流程", "message": "", "level": "success"}
        elif a.activity_type == "endEvent":
            comment = {"type": "end", "status": "结束流程", "message": "", "level": "info"}
        elif note is not None:
            comment = parse_comment(note.full_msg, note.message)
        elif a.end_time is None:
            comment = {"type": "todo", "status": "待处理", "message": "", "level": "warning"}
        else:
            comment = {
                "type": "deleted",
                "status": "已取消",
                "message": a.delete_reason or "",
                "level": "info",
            }
        steps.append(
            {
                "histIns": {
                    "id": a.id,
                    "activityId": a.activity_id,
                    "activityName": a.activity_name or a.activity_id,
                    "activityType": a.activity_type,
                    "taskId": a.task_id,
                    "assignee": a.assignee,
                    "startTime": millis(a.start_time),
                    "endTime": millis(a.end_time),
                    "deleteReason": a.delete_reason,
                },
                "assigneeName": names.get(who or "", "") if who else "",
                "comment": comment,
                "durationTime": duration_text(a.duration_ms),
            }
        )
    return steps


async def node_settings(session: AsyncSession, key: str, node_id: str) -> dict[str, str]:
    """``{formType, formReadOnly, conditionType, ...}`` of a node."""
    rows = await session.execute(
        text("SELECT key, value FROM wf_node_setting WHERE process_def_id = :p AND task_def_id = :t"),
        {"p": key, "t": node_id},
    )
    return {r.key: r.value or "" for r in rows}


async def node_buttons(session: AsyncSession, key: str, node_id: str) -> list[dict[str, Any]]:
    """The buttons configured on a node, in sort order."""
    rows = await session.execute(
        text(
            "SELECT b.* FROM wf_flow_button b JOIN wf_task_def_extension e ON e.id = b.task_def_id "
            "WHERE e.process_def_id = :p AND e.task_def_id = :t ORDER BY b.sort, b.id"
        ),
        {"p": key, "t": node_id},
    )
    return [
        {"id": r.id, "name": r.name, "code": r.code, "sort": r.sort, "isHide": r.is_hide, "next": r.next}
        for r in rows
    ]


async def task_def(
    session: AsyncSession,
    *,
    task_id: str | None,
    task_def_key: str | None,
    proc_ins_id: str | None,
    proc_def_id: str | None,
    status: str | None,
) -> dict[str, Any]:
    """What the task screen opens with: form type/url/read-only and the ids it passes on."""
    task = None
    if task_id:
        task = (
            await session.execute(text("SELECT * FROM act_ru_task WHERE id = :id"), {"id": task_id})
        ).first()
        if task is None:
            task = (
                await session.execute(text("SELECT * FROM act_hi_taskinst WHERE id = :id"), {"id": task_id})
            ).first()
    instance = None
    instance_id = proc_ins_id or (task.proc_inst_id if task is not None else None)
    if instance_id:
        instance = (
            await session.execute(select(t.hi_procinst).where(t.hi_procinst.c.id == instance_id))
        ).first()
    definition_id = (
        proc_def_id
        or (task.proc_def_id if task is not None else None)
        or (instance.proc_def_id if instance is not None else None)
    )
    definition = (
        (
            await session.execute(
                text("SELECT id, key, bpmn_xml FROM act_re_procdef WHERE id = :id"), {"id": definition_id}
            )
        ).first()
        if definition_id
        else None
    )
    key = definition.key if definition is not None else ""
    node_id = task_def_key or (task.task_def_key if task is not None else None)
    form_key = task.form_key if task is not None and task.form_key else None
    if definition is not None and (node_id is None or status == "start" or form_key is None):
        model = next((m for m in parse_bpmn(definition.bpmn_xml) if m.id == key), None)
        if model is not None:
            if node_id is None or status == "start":
                start = model.node(model.start_id)
                node_id = start.id if status == "start" or node_id is None else node_id
                form_key = start.form_key if isinstance(start, StartEvent) else None
            elif model.has_node(node_id):
                form_key = getattr(model.node(node_id), "form_key", None)
    settings = await node_settings(session, key, node_id or "") if node_id else {}
    form_type = settings.get("formType") or ("2" if form_key and "/" in form_key else "1")
    business_key = instance.business_key if instance is not None else None
    business_table, _, business_id = (business_key or "").rpartition(":")
    return {
        "formType": form_type,
        "formReadOnly": settings.get("formReadOnly", "false") in ("true", "1"),
        "formUrl": form_key or "/404",
        "procDefKey": key,
        "taskDefKey": node_id,
        "procInsId": instance.id if instance is not None else proc_ins_id,
        "procDefId": definition_id,
        "taskId": task_id,
        "status": status,
        "title": instance.name if instance is not None else None,
        "businessTable": business_table,
        "businessId": business_id or None,
    }
