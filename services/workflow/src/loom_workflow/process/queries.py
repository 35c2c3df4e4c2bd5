"""Read models of definitions and instances, on the engine's declared tables (``pgstore/tables.py``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import ColumnElement, and_, func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.datarules import DataAccess, predicate
from loom_platform.i18n import current_language
from loom_platform.paging import PageParams, contains, count, date_filter, fixed_order, page_body
from loom_workflow.common import iso
from loom_workflow.engine.runtime.entities import ProcessDefinition
from loom_workflow.pgstore import tables as t
from loom_workflow.process.errors import DefinitionNotFound
from loom_workflow.process.status import render_status, status_of
from loom_workflow.users import user_names


def within(column: ColumnElement[Any], begin: str | None, end: str | None) -> list[ColumnElement[bool]]:
    """``beginDate <= column <= endDate``, either bound optional (a 400 naming the field for a bad date)."""
    start, stop = date_filter(begin, "beginDate"), date_filter(end, "endDate")
    bounds: list[ColumnElement[bool]] = []
    if start is not None:
        bounds.append(column >= start)
    if stop is not None:
        bounds.append(column <= stop)
    return bounds


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
    d, deployment = t.procdef, t.deployment
    base = select(
        d.c.id,
        d.c.key,
        d.c.name,
        d.c.version,
        d.c.category,
        d.c.suspended,
        d.c.deployment_id,
        d.c.resource_name,
        d.c.description,
        deployment.c.deploy_time,
    ).join_from(d, deployment, deployment.c.id == d.c.deployment_id, isouter=True)
    if name:
        base = base.where(contains(d.c.name, name) | contains(d.c.key, name))
    if category:
        base = base.where(d.c.category == category)
    if latest_only:
        same_key = t.procdef.alias("x")
        newest = select(func.max(same_key.c.version)).where(same_key.c.key == d.c.key).scalar_subquery()
        base = base.where(d.c.version == newest)
    total = await count(session, base)
    rows = await session.execute(
        base.order_by(d.c.key, d.c.version.desc()).limit(params.size).offset(params.offset)
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
        # which of the two: 挂起/激活 of the row act on the instance, the definition's own is 流程定义's
        "instanceSuspended": row.end_time is None and bool(row.ins_suspended),
        "definitionSuspended": row.end_time is None and bool(row.def_suspended),
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
    access: DataAccess | None = None,
) -> dict[str, Any]:
    """Process instances from history: running, ended, or a user's own (``myApplyed``). With
    ``access`` (the monitors), only the instances whose starter the caller's data scope reaches."""
    fixed_order(params)
    h, d, e = t.hi_procinst, t.procdef, t.execution
    base = (
        select(
            h,
            d.c.name.label("def_name"),
            d.c.suspended.label("def_suspended"),
            select(e.c.suspended).where(e.c.id == h.c.id).scalar_subquery().label("ins_suspended"),
        )
        .join_from(h, d, d.c.id == h.c.proc_def_id)
        .where(h.c.super_proc_inst_id.is_(None), *within(h.c.start_time, begin, end))
    )
    if running is True:
        base = base.where(h.c.end_time.is_(None))
    elif running is False:
        base = base.where(h.c.end_time.is_not(None))
    if start_user_id:
        base = base.where(h.c.start_user_id == start_user_id)
    if title:
        base = base.where(contains(h.c.name, title))
    if access is not None:
        base = base.where(predicate(access, h.c, owner="start_user_id"))
    total = await count(session, base.with_only_columns(h.c.id))
    rows = list(
        await session.execute(base.order_by(h.c.start_time.desc()).limit(params.size).offset(params.offset))
    )
    current = await current_tasks(session, [r.id for r in rows])
    names = await user_names(directory, [r.start_user_id for r in rows])
    return page_body([_instance(r, names, current) for r in rows], total, params)


async def outside_scope(session: AsyncSession, ids: Sequence[str], access: DataAccess) -> list[str]:
    """The instances among ``ids`` that exist but whose starter ``access`` does not reach (the
    monitors' actions by id treat them as missing)."""
    h = t.hi_procinst
    if not ids:
        return []
    stored = select(h.c.id).where(h.c.id.in_(list(ids)))
    within = stored.where(predicate(access, h.c, owner="start_user_id"))
    found = set((await session.execute(stored)).scalars()) - set((await session.execute(within)).scalars())
    return sorted(found)


async def current_tasks(session: AsyncSession, proc_inst_ids: list[str]) -> dict[str, list[Any]]:
    """Runtime tasks per instance."""
    if not proc_inst_ids:
        return {}
    task = t.task
    rows = await session.execute(
        select(
            task.c.id,
            task.c.name,
            task.c.task_def_key,
            task.c.proc_inst_id,
            task.c.assignee,
            task.c.create_time,
        )
        .where(task.c.proc_inst_id.in_(proc_inst_ids))
        .order_by(task.c.create_time)
    )
    found: dict[str, list[Any]] = {}
    for row in rows:
        found.setdefault(row.proc_inst_id, []).append(row)
    return found


async def instance(session: AsyncSession, proc_inst_id: str) -> Any | None:
    """One historic instance with its definition's name and key."""
    h, d = t.hi_procinst, t.procdef
    found = await session.execute(
        select(h, d.c.name.label("def_name"), d.c.key.label("def_key"))
        .join_from(h, d, d.c.id == h.c.proc_def_id)
        .where(h.c.id == proc_inst_id)
    )
    return found.first()


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
        stored = await session.execute(select(t.procdef.c.bpmn_xml).where(t.procdef.c.id == proc_def_id))
        xml = stored.scalar_one_or_none() or xml
    if not proc_inst_id:
        return {"bpmnXml": xml, "activityIds": [], "flows": []}
    act = t.hi_actinst
    # an armed boundary event, or one removed unfired, was not visited
    unvisited = and_(
        act.c.activity_type == "boundaryEvent", act.c.end_time.is_(None) | act.c.delete_reason.is_not(None)
    )
    acts = list(
        await session.execute(
            select(act.c.activity_id, act.c.activity_type, act.c.end_time)
            .where(act.c.proc_inst_id == proc_inst_id, ~unvisited)
            .order_by(act.c.start_time, act.c.transaction_order)
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
    d = t.procdef
    rows = await session.execute(
        select(d.c.id, d.c.key, d.c.name, d.c.version, d.c.deployment_id, d.c.bpmn_xml).where(d.c.id.in_(ids))
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
    v = t.hi_varinst
    rows = await session.execute(
        select(v.c.name, v.c.value)
        .where(v.c.proc_inst_id == proc_inst_id, v.c.task_id.is_(None))
        .order_by(v.c.last_updated_time)
    )
    return {r.name: r.value for r in rows}


async def definition_xml(session: AsyncSession, proc_def_id: str) -> str:
    """The BPMN XML of a deployed definition (DefinitionNotFound when there is none)."""
    found = await session.execute(select(t.procdef.c.bpmn_xml).where(t.procdef.c.id == proc_def_id))
    xml = found.scalar_one_or_none()
    if xml is None:
        raise DefinitionNotFound()
    return str(xml)
