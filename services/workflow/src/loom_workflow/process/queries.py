"""Read models of definitions and instances (plain SQL on the engine tables, indexed)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import select, text
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.i18n import current_language
from loom_platform.paging import PageParams, date_filter, fixed_order, like_pattern, page_body
from loom_workflow.common import iso
from loom_workflow.engine.runtime.entities import ProcessDefinition
from loom_workflow.pgstore import tables as t
from loom_workflow.process.status import render_status, status_of
from loom_workflow.users import user_names


async def definitions(
    session: AsyncSession,
    params: PageParams,
    *,
    name: str | None,
    category: str | None,
    latest_only: bool,
    allowed: Callable[[ProcessDefinition], bool] | None = None,
) -> dict[str, Any]:
    """Process definitions (the latest version of each key unless ``latest_only`` is false);
    ``allowed`` filters them (deployed processes are few: filtered in memory, then paged)."""
    fixed_order(params)
    if allowed is not None:
        return await _allowed_definitions(session, params, name=name, category=category, allowed=allowed)
    where = ["1=1"]
    binds: dict[str, Any] = {}
    if name:
        where.append("(d.name ILIKE :name ESCAPE '\\' OR d.key ILIKE :name ESCAPE '\\')")
        binds["name"] = like_pattern(name)
    if category:
        where.append("d.category = :category")
        binds["category"] = category
    if latest_only:
        where.append("d.version = (SELECT max(version) FROM act_re_procdef x WHERE x.key = d.key)")
    base = f"FROM act_re_procdef d LEFT JOIN act_re_deployment p ON p.id = d.deployment_id WHERE {' AND '.join(where)}"
    total = int((await session.execute(text(f"SELECT count(*) {base}"), binds)).scalar_one())
    rows = await session.execute(
        text(
            f"SELECT d.id, d.key, d.name, d.version, d.category, d.suspended, d.deployment_id, "
            f"d.resource_name, d.description, p.deploy_time {base} ORDER BY d.key, d.version DESC "
            "LIMIT :limit OFFSET :offset"
        ),
        {**binds, "limit": params.size, "offset": params.offset},
    )
    records = [
        {
            "id": r.id,
            "key": r.key,
            "name": r.name,
            "version": r.version,
            "category": r.category,
            "suspended": r.suspended,
            "deploymentId": r.deployment_id,
            "resourceName": r.resource_name,
            "description": r.description,
            "deploymentTime": iso(r.deploy_time),
        }
        for r in rows
    ]
    return page_body(records, total, params)


def _instance(row: Any, names: dict[str, str], current: dict[str, list[Any]]) -> dict[str, Any]:
    tasks = current.get(row.id, [])
    return {
        "id": row.id,
        "processInstanceId": row.id,
        "processDefinitionId": row.proc_def_id,
        "processDefinitionKey": row.proc_def_key,
        "processDefinitionName": row.def_name,
        "businessKey": row.business_key,
        "startUserId": row.start_user_id,
        "startTime": iso(row.start_time),
        "endTime": iso(row.end_time),
        "deleteReason": row.delete_reason,
        "activityId": tasks[0].task_def_key if tasks else row.end_activity_id,
        "taskName": ",".join(dict.fromkeys(t.name or t.task_def_key for t in tasks)),
        "vars": {"title": row.name, "userName": names.get(row.start_user_id or "", "")},
        # a running instance waits while it or its definition is suspended
        "suspended": row.end_time is None and bool(row.ins_suspended or row.def_suspended),
        **render_status(status_of(row.end_time, row.delete_reason), current_language.get()),
    }


async def instances(
    session: AsyncSession,
    directory: Any,
    params: PageParams,
    *,
    running: bool | None,
    start_user_id: str | None = None,
    begin: str | None = None,
    end: str | None = None,
    title: str | None = None,
) -> dict[str, Any]:
    """Process instances from history: running, ended, or a user's own (``myApplyed``)."""
    fixed_order(params)
    where: list[str] = ["1=1"]
    binds: dict[str, Any] = {}
    if running is True:
        where.append("h.end_time IS NULL")
    elif running is False:
        where.append("h.end_time IS NOT NULL")
    if start_user_id:
        where.append("h.start_user_id = :user")
        binds["user"] = start_user_id
    if begin:
        where.append("h.start_time >= CAST(:begin AS timestamptz)")
        binds["begin"] = date_filter(begin, "beginDate")
    if end:
        where.append("h.start_time <= CAST(:end AS timestamptz)")
        binds["end"] = date_filter(end, "endDate")
    if title:
        where.append("h.name ILIKE :title ESCAPE '\\'")
        binds["title"] = like_pattern(title)
    where.append("h.super_proc_inst_id IS NULL")
    base = f"FROM act_hi_procinst h JOIN act_re_procdef d ON d.id = h.proc_def_id WHERE {' AND '.join(where)}"
    total = int((await session.execute(text(f"SELECT count(*) {base}"), binds)).scalar_one())
    rows = list(
        await session.execute(
            text(
                f"SELECT h.*, d.name AS def_name, d.suspended AS def_suspended, "
                "(SELECT e.suspended FROM act_ru_execution e WHERE e.id = h.id) AS ins_suspended "
                f"{base} ORDER BY h.start_time DESC LIMIT :limit OFFSET :offset"
            ),
            {**binds, "limit": params.size, "offset": params.offset},
        )
    )
    current = await current_tasks(session, [r.id for r in rows])
    names = await user_names(directory, [r.start_user_id for r in rows])
    return page_body([_instance(r, names, current) for r in rows], total, params)


async def current_tasks(session: AsyncSession, proc_inst_ids: list[str]) -> dict[str, list[Any]]:
    """Runtime tasks per instance."""
    if not proc_inst_ids:
        return {}
    rows = await session.execute(
        text(
            "SELECT id, name, task_def_key, proc_inst_id, assignee, create_time FROM act_ru_task "
            "WHERE proc_inst_id = ANY(:ids) ORDER BY create_time"
        ),
        {"ids": proc_inst_ids},
    )
    found: dict[str, list[Any]] = {}
    for row in rows:
        found.setdefault(row.proc_inst_id, []).append(row)
    return found


async def instance(session: AsyncSession, proc_inst_id: str) -> Any | None:
    """One historic instance with its definition's name and key."""
    return (
        await session.execute(
            text(
                "SELECT h.*, d.name AS def_name, d.key AS def_key FROM act_hi_procinst h "
                "JOIN act_re_procdef d ON d.id = h.proc_def_id WHERE h.id = :id"
            ),
            {"id": proc_inst_id},
        )
    ).first()


async def flow_chart(
    session: AsyncSession, *, proc_inst_id: str | None, proc_def_id: str | None, model_xml: str | None = None
) -> dict[str, Any]:
    """``{bpmnXml, activityIds, flows}``: visited nodes in order with the current node last."""
    if proc_inst_id:
        found = await instance(session, proc_inst_id)
        if found is None:
            return {"bpmnXml": "", "activityIds": [], "flows": []}
        proc_def_id = found.proc_def_id
    xml = model_xml or ""
    if proc_def_id:
        row = (
            await session.execute(
                text("SELECT bpmn_xml FROM act_re_procdef WHERE id = :id"), {"id": proc_def_id}
            )
        ).first()
        xml = row.bpmn_xml if row is not None else xml
    if not proc_inst_id:
        return {"bpmnXml": xml, "activityIds": [], "flows": []}
    acts = list(
        await session.execute(
            text(
                "SELECT activity_id, activity_type, end_time FROM act_hi_actinst WHERE proc_inst_id = :id "
                # an armed boundary event, or one removed unfired, was not visited
                "AND NOT (activity_type = 'boundaryEvent' AND (end_time IS NULL OR delete_reason IS NOT NULL)) "
                "ORDER BY start_time, transaction_order"
            ),
            {"id": proc_inst_id},
        )
    )
    nodes = [a for a in acts if a.activity_type != "sequenceFlow"]
    done = [a.activity_id for a in nodes if a.end_time is not None]
    open_ = [a.activity_id for a in nodes if a.end_time is None and a.activity_type != "subProcess"]
    ordered = list(dict.fromkeys([*[d for d in done if d not in open_], *open_]))
    flows = list(dict.fromkeys(a.activity_id for a in acts if a.activity_type == "sequenceFlow"))
    return {"bpmnXml": xml, "activityIds": ordered, "flows": flows}


async def _allowed_definitions(
    session: AsyncSession,
    params: PageParams,
    *,
    name: str | None,
    category: str | None,
    allowed: Callable[[ProcessDefinition], bool],
) -> dict[str, Any]:
    everything = PageParams(current=1, size=100_000, orders=())
    page = await definitions(session, everything, name=name, category=category, latest_only=True)
    ids = [r["id"] for r in page["records"]]
    rows = await session.execute(
        text(
            "SELECT id, key, name, version, deployment_id, bpmn_xml FROM act_re_procdef WHERE id = ANY(:ids)"
        ),
        {"ids": ids},
    )
    ok = {
        r.id
        for r in rows
        if allowed(
            ProcessDefinition(
                id=r.id,
                key=r.key,
                name=r.name,
                version=r.version,
                deployment_id=r.deployment_id,
                bpmn_xml=r.bpmn_xml,
            )
        )
    }
    records = [r for r in page["records"] if r["id"] in ok]
    return page_body(records[params.offset : params.offset + params.size], len(records), params)


async def key_deployed(session: AsyncSession, key: str) -> bool:
    """True when a definition with this key is deployed."""
    found = await session.execute(select(t.procdef.c.id).where(t.procdef.c.key == key).limit(1))
    return found.first() is not None


async def historic_variables(session: AsyncSession, proc_inst_id: str) -> dict[str, Any]:
    """``{name: value}`` of an instance's process-level variables as last written (ACT_HI_VARINST)."""
    rows = await session.execute(
        text(
            "SELECT name, value FROM act_hi_varinst WHERE proc_inst_id = :id AND task_id IS NULL "
            "ORDER BY last_updated_time"
        ),
        {"id": proc_inst_id},
    )
    return {r.name: r.value for r in rows}
