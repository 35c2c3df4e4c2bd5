"""Task read models: todo (one indexed query), done, my applications' steps, the task screens.

Written on the engine's declared tables (``pgstore/tables.py``) and the extension models with
SQLAlchemy Core, in the request's session.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from datetime import UTC, datetime
from functools import cache
from typing import Any

from sqlalchemy import (
    ARRAY,
    ColumnElement,
    CompoundSelect,
    Select,
    String,
    any_,
    bindparam,
    func,
    literal,
    or_,
    select,
    union_all,
)
from sqlalchemy.dialects.postgresql import distinct_on
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.i18n import current_language
from loom_platform.paging import (
    PageParams,
    contains_bound,
    count,
    date_filter,
    fixed_order,
    like_pattern,
    page_body,
)
from loom_workflow import forms_client
from loom_workflow.comments import duration_text, parse_comment, shown_message, shown_status
from loom_workflow.common import iso, millis
from loom_workflow.engine.model import StartEvent, parse_bpmn
from loom_workflow.extension.queries import node_buttons, node_settings
from loom_workflow.pgstore import tables as t
from loom_workflow.process.queries import current_tasks, within
from loom_workflow.users import user_names

_TODO_COLUMNS = (
    t.task.c.id,
    t.task.c.name,
    t.task.c.task_def_key,
    t.task.c.proc_inst_id,
    t.task.c.proc_def_id,
    t.task.c.execution_id,
    t.task.c.assignee,
    t.task.c.owner,
    t.task.c.create_time,
    t.task.c.delegation_state,
    t.task.c.form_key,
    t.task.c.due_date,
)


def _open_tasks(narrow: Sequence[ColumnElement[bool]]) -> CompoundSelect[Any]:
    """Assigned to the user (index on assignee, create_time), or unclaimed and offered to the user
    or one of their roles (identity-link indexes on user_id / group_id)."""
    task, link = t.task, t.identitylink
    offered = select(link.c.task_id).where(
        link.c.type == literal("candidate", literal_execute=True),  # a constant, as the index sees it
        link.c.task_id.is_not(None),
        or_(
            link.c.user_id == bindparam("user"),
            link.c.group_id == any_(bindparam("groups", type_=ARRAY(String))),
        ),
    )
    assigned = select(*_TODO_COLUMNS).where(task.c.assignee == bindparam("user"), *narrow)
    unclaimed = select(*_TODO_COLUMNS).where(task.c.assignee.is_(None), *narrow, task.c.id.in_(offered))
    return union_all(assigned, unclaimed)


@cache
def todo_statements(
    *, begin: bool = False, end: bool = False, title: bool = False, process_name: bool = False
) -> tuple[Select[Any], Select[Any]]:
    """The todo page with its total in one statement (the window count runs over the rows the
    ordering has to read anyway), and the count alone for a page past the end.

    Built once per combination of filters; each call binds ``user``, ``groups``, ``limit``,
    ``offset`` and the filters' values. The title and initiator come from the instance's runtime
    execution (a running task's instance has one; its history row may still be on its way).
    """
    task, d, h = t.task, t.procdef, t.execution
    narrow: list[ColumnElement[bool]] = []
    if begin:
        narrow.append(task.c.create_time >= bindparam("begin", type_=task.c.create_time.type))
    if end:
        narrow.append(task.c.create_time <= bindparam("end", type_=task.c.create_time.type))
    if title:
        titled = select(h.c.id).where(contains_bound(h.c.name, "title"))
        narrow.append(task.c.proc_inst_id.in_(titled))
    if process_name:
        named = select(d.c.id).where(contains_bound(d.c.name, "process_name"))
        narrow.append(task.c.proc_def_id.in_(named))
    x = _open_tasks(narrow).cte("x")
    page = (
        select(x, func.count().over().label("total"))
        .order_by(x.c.create_time.desc(), x.c.id.desc())
        .limit(bindparam("limit"))
        .offset(bindparam("offset"))
        .subquery("p")
    )
    rows = (
        select(
            page,
            d.c.name.label("def_name"),
            d.c.key.label("def_key"),
            h.c.name.label("title"),
            h.c.start_user_id,
        )
        .join_from(page, d, d.c.id == page.c.proc_def_id)
        .join(h, h.c.id == page.c.proc_inst_id)
        .order_by(page.c.create_time.desc(), page.c.id.desc())
    )
    return rows, select(func.count()).select_from(x)


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
    filters = {
        "begin": date_filter(begin, "beginDate"),
        "end": date_filter(end, "endDate"),
        "title": like_pattern(title) if title else None,
        "process_name": like_pattern(process_name) if process_name else None,
    }
    given = {k: v for k, v in filters.items() if v is not None}
    statement, counted = todo_statements(**dict.fromkeys(given, True))
    binds = {**given, "user": user_id, "groups": list(groups), "limit": params.size, "offset": params.offset}
    rows = list(await session.execute(statement, binds))
    if rows:
        total = int(rows[0].total)
    else:  # a page past the end: count on its own
        total = int((await session.execute(counted, binds)).scalar_one()) if params.offset else 0
    delegated = [r.owner for r in rows if r.delegation_state == PENDING]
    names = await user_names(directory, [*(r.start_user_id for r in rows), *delegated])
    now = datetime.now(UTC)
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
                # who delegated it (委派), the one it goes back to once handled
                "ownerName": names.get(r.owner or "", "") if r.delegation_state == PENDING else "",
                "formKey": r.form_key,
                "dueDate": iso(r.due_date),
                "overdue": r.due_date is not None and r.due_date <= now,
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
    done, d, h = t.hi_taskinst, t.procdef, t.hi_procinst
    later = t.hi_taskinst.alias("x")
    last_end = select(func.max(later.c.end_time)).where(later.c.proc_inst_id == done.c.proc_inst_id)
    note = (
        select(t.hi_comment.c.full_msg)
        .where(t.hi_comment.c.task_id == done.c.id)
        .order_by(t.hi_comment.c.time.desc())
        .limit(1)
    )
    base = (
        select(
            done,
            d.c.name.label("def_name"),
            h.c.name.label("title"),
            h.c.start_user_id,
            h.c.end_time.label("proc_end"),
            last_end.scalar_subquery().label("last_end"),
            note.scalar_subquery().label("note"),
        )
        .join_from(done, d, d.c.id == done.c.proc_def_id)
        .join(h, h.c.id == done.c.proc_inst_id)
        .where(
            done.c.assignee == user_id,
            done.c.end_time.is_not(None),
            done.c.delete_reason.is_(None),
            *within(done.c.end_time, begin, end),
        )
    )
    total = await count(session, base.with_only_columns(done.c.id))
    rows = list(
        await session.execute(base.order_by(done.c.end_time.desc()).limit(params.size).offset(params.offset))
    )
    current = await current_tasks(session, list({r.proc_inst_id for r in rows}))
    names = await user_names(directory, [r.start_user_id for r in rows])
    lang = current_language.get()
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
                "status": shown_status(comment["type"], comment["status"] or "已办理", lang),
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


async def historic_task_list(
    session: AsyncSession, directory: Any, proc_inst_id: str
) -> list[dict[str, Any]]:
    """The steps of an instance in order: start, each user task with its comment, end."""
    act, h, c = t.hi_actinst, t.hi_procinst, t.hi_comment
    acts = list(
        await session.execute(
            select(act, h.c.start_user_id)
            .join_from(act, h, h.c.id == act.c.proc_inst_id)
            .where(
                act.c.proc_inst_id == proc_inst_id,
                act.c.activity_type.in_(("startEvent", "userTask", "endEvent")),
            )
            .order_by(act.c.start_time, act.c.transaction_order)
        )
    )
    latest_notes = (
        select(c.c.task_id, c.c.full_msg, c.c.message, c.c.user_id)
        .ext(distinct_on(c.c.task_id))
        .where(c.c.proc_inst_id == proc_inst_id, c.c.task_id.is_not(None))
        .order_by(c.c.task_id, c.c.time.desc())
    )
    comments = {r.task_id: r for r in await session.execute(latest_notes)}
    authors = [n.user_id for n in comments.values()]
    authors += [_handed_to(parse_comment(n.full_msg, n.message).get("message")) for n in comments.values()]
    migrations = await _migration_entries(session, proc_inst_id)
    authors += [m.user_id for m in migrations]
    names = await user_names(directory, [*(a.assignee or a.start_user_id for a in acts), *authors])
    lang = current_language.get()
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
            # the engine's reason (``deleteReason`` below) is no text for a reader
            comment = {"type": "deleted", "status": "已取消", "message": "", "level": "info"}
        if note is not None and note.user_id and note.user_id != who:
            # someone else acted on this step (减签 by another signer): name them
            comment["by"] = names.get(note.user_id, "")
        comment["status"] = shown_status(
            str(comment.get("type") or ""), str(comment.get("status") or ""), lang
        )
        comment["message"] = _named_handover(shown_message(comment, lang), names)
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
                "durationTime": duration_text(a.duration_ms, lang),
            }
        )
    return _with_migrations(steps, migrations, names, lang)


async def _migration_entries(session: AsyncSession, proc_inst_id: str) -> list[Any]:
    """The instance's migrations (实例迁移): comments of type ``migration`` on the instance itself."""
    c = t.hi_comment
    return list(
        await session.execute(
            select(c.c.id, c.c.time, c.c.user_id, c.c.full_msg, c.c.message)
            .where(c.c.proc_inst_id == proc_inst_id, c.c.type == "migration", c.c.task_id.is_(None))
            .order_by(c.c.time)
        )
    )


def _with_migrations(
    steps: list[dict[str, Any]], migrations: Sequence[Any], names: dict[str, str], lang: str
) -> list[dict[str, Any]]:
    """The steps with each migration placed at its time: a step of its own (who moved the instance
    onto which version), so the instance's history shows it among its tasks."""
    if not migrations:
        return steps
    for m in migrations:
        comment = parse_comment(m.full_msg, m.message)
        comment["status"] = shown_status("migration", str(comment.get("status") or ""), lang)
        comment["message"] = shown_message(comment, lang)
        steps.append(
            {
                "histIns": {
                    "id": m.id,
                    "activityId": "",
                    "activityName": comment["status"],
                    "activityType": "migration",
                    "taskId": None,
                    "assignee": m.user_id,
                    "startTime": millis(m.time),
                    "endTime": millis(m.time),
                    "deleteReason": None,
                },
                "assigneeName": names.get(m.user_id or "", "") if m.user_id else "",
                "comment": comment,
                "durationTime": "",
            }
        )
    return sorted(steps, key=lambda s: s["histIns"]["startTime"] or 0)


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
        task = (await session.execute(select(t.task).where(t.task.c.id == task_id))).first()
        if task is None:
            task = (await session.execute(select(t.hi_taskinst).where(t.hi_taskinst.c.id == task_id))).first()
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
                select(t.procdef.c.id, t.procdef.c.key, t.procdef.c.bpmn_xml).where(
                    t.procdef.c.id == definition_id
                )
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
    delegated = task is not None and getattr(task, "delegation_state", None) == PENDING
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
        # a delegated task (委派) is the delegate's to handle and give back to its owner
        "delegationState": PENDING if delegated else None,
        "owner": task.owner if delegated and task is not None else None,
        "fieldRights": _field_rights(definition.bpmn_xml if definition is not None else "", node_id),
    }


def _field_rights(xml: str, node_id: str | None) -> dict[str, dict[str, bool]] | None:
    rights = forms_client.field_rights(xml, node_id) if xml else None
    return None if rights is None else {field: asdict(right) for field, right in rights.items()}


# A delegated task waits for its delegate to resolve it (Flowable's DelegationState.PENDING).
PENDING = "PENDING"
# What a delegate may do with a delegated task: handle it, which gives it back to its owner; the
# node's other buttons (加签, 转办, 委派 again, 驳回, ...) are the owner's.
RESOLVE_BUTTON = {"id": "", "name": "办理", "code": "_flow_agree", "sort": 0, "isHide": "0", "next": "0"}


async def task_buttons(session: AsyncSession, info: dict[str, Any]) -> list[dict[str, Any]]:
    """The buttons the task screen offers: the node's, or only 办理 for a delegated task."""
    if info.get("delegationState") == PENDING:
        return [RESOLVE_BUTTON]
    return await node_buttons(session, info["procDefKey"], info["taskDefKey"] or "")


def _handed_to(message: Any) -> str | None:
    """The user a 委派 or 转办 comment (``-> <user id>``) handed the task to."""
    text = str(message or "")
    if not text.startswith("-> "):
        return None
    return text[3:].strip() or None


def _named_handover(message: str, names: dict[str, str]) -> str:
    """A 委派 or 转办 comment with the user's name instead of their id (``→ 张三``)."""
    to = _handed_to(message)
    return f"→ {names[to]}" if to and names.get(to) else message


async def countersigners(session: AsyncSession, directory: Any, task_id: str) -> list[dict[str, str]]:
    """The other signers still open at the task's countersign node (those 减签 may remove), by name."""
    task = t.task
    mine = select(task.c.proc_inst_id, task.c.task_def_key).where(task.c.id == task_id).subquery()
    found = await session.execute(
        select(task.c.assignee)
        .join(
            mine, (mine.c.proc_inst_id == task.c.proc_inst_id) & (mine.c.task_def_key == task.c.task_def_key)
        )
        .where(task.c.id != task_id, task.c.assignee.is_not(None))
        .order_by(task.c.create_time, task.c.id)
    )
    ids = list(dict.fromkeys(r.assignee for r in found))
    names = await user_names(directory, ids)
    return [{"id": i, "name": names.get(i, "") or i} for i in ids]


async def instance_of_task(session: AsyncSession, task_id: str) -> str | None:
    """The instance an open task belongs to."""
    found = await session.execute(select(t.task.c.proc_inst_id).where(t.task.c.id == task_id))
    return found.scalar_one_or_none()
