"""Models: create, save (with conflict detection on ``lastUpdated``), copy, delete, list, deploy."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Subquery, Table, delete, func, or_, select, update
from sqlmodel import col
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.paging import PageParams, Sortable, contains, paginate
from loom_platform.wire import new_id, now
from loom_workflow.common import iso
from loom_workflow.engine.commands import Deploy, PurgeDefinitions, SetDefinitionCategory
from loom_workflow.engine.context import CommandContext
from loom_workflow.engine_host import WorkflowRuntime
from loom_workflow.extension.models import FlowCondition, NodeSetting, TaskDefExtension
from loom_workflow.modeler import bpmn, rights
from loom_workflow.modeler.errors import (
    DecisionKeyMismatch,
    EmptyDecision,
    KeyRequired,
    ModelNotFound,
    ModelStale,
    NameRequired,
)
from loom_workflow.modeler.models import ProcessModel
from loom_workflow.modeler.schemas import ModelCreate
from loom_workflow.pgstore import tables as t

VIEW_PERMISSIONS = ("flowable:model:view", "flowable:model:design")
"""Who may read a model (its list, its XML, its chart)."""

_MODELS = ProcessModel.metadata.tables["act_re_model"]
SORTABLE: Sortable = {
    "name": _MODELS.c.name,
    "key": _MODELS.c.key,
    "last_updated": _MODELS.c.last_updated,
    "version": _MODELS.c.version,
    "created": _MODELS.c.created,
}


def render(model: ProcessModel, definition: Any | None = None) -> dict[str, Any]:
    """A model as the model list and the designer read it."""
    return {
        "id": model.id,
        "key": model.key,
        "name": model.name,
        "description": model.description,
        # a decision has no category of its own: its model's
        "category": getattr(definition, "category", model.category)
        if definition is not None
        else model.category,
        "modelType": model.model_type,
        "version": model.version,
        "comment": model.comment,
        "created": iso(model.created),
        "createdBy": model.created_by,
        "lastUpdated": iso(model.last_updated),
        "lastUpdatedBy": model.last_updated_by,
        "procDef": _definition(definition),
    }


def _definition(definition: Any | None) -> dict[str, Any]:
    """The latest deployed version of a model: a process definition, or a decision (no category,
    never suspended)."""
    if definition is None:
        return {}
    return {
        "id": definition.id,
        "key": definition.key,
        "name": definition.name,
        "version": definition.version,
        "category": getattr(definition, "category", None),
        "suspended": getattr(definition, "suspended", False),
        "deploymentId": definition.deployment_id,
    }


def _deployed(kind: int) -> Table:
    """Where a model of this kind is deployed to: process definitions, or decisions."""
    return t.decision if kind == rights.DECISION else t.procdef


def _latest_definitions(kind: int) -> Subquery:
    table = _deployed(kind)
    ranked = select(
        table,
        func.row_number().over(partition_by=table.c.key, order_by=table.c.version.desc()).label("rn"),
    ).subquery()
    return select(ranked).where(ranked.c.rn == 1).subquery()


async def get(session: AsyncSession, model_id: str) -> ProcessModel:
    """Gets a model by its id."""
    found = await session.get(ProcessModel, model_id)
    if found is None:
        raise ModelNotFound()
    return found


async def latest_definition(session: AsyncSession, model: ProcessModel) -> Any | None:
    """The newest version deployed of the model's key (a process definition or a decision)."""
    table = _deployed(rights.kind_of(model.model_type))
    stmt = select(table).where(table.c.key == model.key).order_by(table.c.version.desc()).limit(1)
    return (await session.execute(stmt)).first()


async def types_of(session: AsyncSession, ids: Sequence[str]) -> set[int]:
    """The types of the models ``ids`` (to check the rights of a delete)."""
    found = await session.execute(select(ProcessModel.model_type).where(col(ProcessModel.id).in_(list(ids))))
    return set(found.scalars().all())


async def page(
    session: AsyncSession,
    params: PageParams,
    *,
    text: str | None,
    category: str | None,
    kind: int = rights.PROCESS,
) -> Any:
    """Models of one kind with their latest deployed version, filtered by name/key text and category."""
    latest = _latest_definitions(kind)
    stmt = select(ProcessModel, latest).outerjoin(latest, latest.c.key == col(ProcessModel.key))
    decision_types = (rights.DECISION, 6)
    if kind == rights.DECISION:
        stmt = stmt.where(col(ProcessModel.model_type).in_(decision_types))
    else:
        stmt = stmt.where(col(ProcessModel.model_type).not_in(decision_types))
    if text:
        stmt = stmt.where(or_(contains(col(ProcessModel.name), text), contains(col(ProcessModel.key), text)))
    if category:
        category_of = latest.c.category if kind == rights.PROCESS else None
        stmt = stmt.where(
            or_(category_of == category, ProcessModel.category == category)
            if category_of is not None
            else ProcessModel.category == category
        )

    def _render(row: Any) -> dict[str, Any]:
        model = row[0]
        definition = row if row._mapping.get("id") is not None else None
        return render(model, definition)

    return await paginate(
        session,
        stmt,
        params,
        sortable=SORTABLE,
        default_order=[col(ProcessModel.last_updated).desc()],
        render=_render,
    )


async def create(session: AsyncSession, data: ModelCreate, *, actor: str) -> ProcessModel:
    """Creates an empty model (the designer saves its XML next)."""
    if not data.key.strip():
        raise KeyRequired()
    if not data.name.strip():
        raise NameRequired()
    model = ProcessModel(
        key=data.key.strip(),
        name=data.name.strip(),
        description=data.description,
        category=data.category,
        model_type=data.model_type,
        created_by=actor,
        last_updated_by=actor,
    )
    session.add(model)
    await session.flush()
    return model


def parse_timestamp(value: str | None) -> datetime | None:
    """``lastUpdated`` as the client sends it back: ISO-8601 or epoch milliseconds."""
    if not value:
        return None
    text = value.strip()
    if text.isdigit():
        return datetime.fromtimestamp(int(text) / 1000, UTC)
    try:
        parsed = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


async def save_xml(
    session: AsyncSession,
    model_id: str,
    *,
    xml: str,
    name: str | None,
    key: str | None,
    description: str | None,
    comment: str | None,
    new_version: bool,
    last_updated: str | None,
    actor: str,
) -> ProcessModel:
    """Saves the designer's XML; refuses when someone saved after the caller loaded the model."""
    model = await get(session, model_id)
    seen = parse_timestamp(last_updated)
    if seen is not None and model.last_updated.timestamp() - seen.timestamp() > 0.001:
        raise ModelStale(when=model.last_updated.isoformat(timespec="seconds"))
    model.bpmn_xml = xml
    model.name = (name or model.name).strip()
    model.key = (key or model.key).strip()
    model.description = description if description is not None else model.description
    model.comment = comment
    model.version = model.version + 1 if new_version else model.version
    model.last_updated = now()
    model.last_updated_by = actor
    model.rev += 1
    session.add(model)
    await session.flush()
    return model


async def copy(session: AsyncSession, model_id: str, *, actor: str) -> ProcessModel:
    """A copy of a model under a new key (``<key>_copy<n>``), not deployed."""
    source = await get(session, model_id)
    suffix = new_id()[:6]
    key = f"{source.key}_{suffix}"
    xml = (source.bpmn_xml or "").replace(f'id="{source.key}"', f'id="{key}"')
    clone = ProcessModel(
        key=key,
        name=f"{source.name}_copy",
        description=source.description,
        category=source.category,
        bpmn_xml=xml,
        created_by=actor,
        last_updated_by=actor,
    )
    session.add(clone)
    await session.flush()
    return clone


async def delete_many(session: AsyncSession, runtime: WorkflowRuntime, ids: Sequence[str]) -> None:
    """Deletes models with their definitions, instances and history (the list warns about it)."""
    for model_id in ids:
        model = await session.get(ProcessModel, model_id)
        if model is None:
            continue
        await runtime.run(PurgeDefinitions(model.key))
        await session.execute(
            delete(TaskDefExtension).where(col(TaskDefExtension.process_def_id) == model.key)
        )
        await session.execute(delete(NodeSetting).where(col(NodeSetting.process_def_id) == model.key))
        await session.delete(model)
    await session.flush()


async def form_conditions(session: AsyncSession, key: str) -> dict[str, str]:
    """Flow id -> expression for flows whose condition type is '1' (form field rows)."""
    typed = (
        (
            await session.execute(
                select(NodeSetting.task_def_id).where(
                    col(NodeSetting.process_def_id) == key,
                    col(NodeSetting.key) == "conditionType",
                    col(NodeSetting.value) == "1",
                )
            )
        )
        .scalars()
        .all()
    )
    result: dict[str, str] = {}
    for flow_id in typed:
        rows = (
            (
                await session.execute(
                    select(FlowCondition)
                    .join(TaskDefExtension, col(TaskDefExtension.id) == col(FlowCondition.task_def_id))
                    .where(
                        col(TaskDefExtension.process_def_id) == key,
                        col(TaskDefExtension.task_def_id) == flow_id,
                    )
                )
            )
            .scalars()
            .all()
        )
        if rows:
            result[flow_id] = bpmn.condition_expression(
                [bpmn.ConditionRow(r.field, r.compare, r.value, r.logic, r.sort) for r in rows]
            )
    return result


async def deploy(
    session: AsyncSession, runtime: WorkflowRuntime, model_id: str, *, category: str | None, actor: str
) -> Any:
    """Validates the model and deploys it as the next version of its key: a process (with the decision
    models its business-rule tasks bind to its own deployment), or a decision model alone."""
    model = await get(session, model_id)
    if rights.kind_of(model.model_type) == rights.DECISION:
        return await _deploy_decisions(session, runtime, model, actor=actor)
    xml = (
        bpmn.weave_conditions(model.bpmn_xml or "", await form_conditions(session, model.key))
        if (model.bpmn_xml)
        else ""
    )
    bpmn.validate(xml, model.key)
    category = category or model.category or "未设置"

    resources = {f"{model.key}.bpmn20.xml": xml, **await _bound_decisions(session, xml)}

    def run(ctx: Any) -> Any:
        deployed = Deploy(resources, name=model.name, category=category, key=model.key)
        result = deployed.execute(ctx)
        return [d for d in result.definitions if d.key == model.key][0]

    definition = await runtime.call(run, user_id=actor)
    model.deployment_id = definition.deployment_id
    model.category = category
    session.add(model)
    await session.flush()
    return definition


async def _bound_decisions(session: AsyncSession, xml: str) -> dict[str, str]:
    """The decision models that business-rule tasks of ``xml`` bind to their process's deployment
    (``decisionRefBinding="deployment"``), as resources of that deployment (``<key>.dmn``)."""
    keys = bpmn.decisions_in_deployment(xml)
    if not keys:
        return {}
    found = await session.execute(
        select(ProcessModel).where(
            col(ProcessModel.key).in_(sorted(keys)), col(ProcessModel.model_type).in_((rights.DECISION, 6))
        )
    )
    return {f"{m.key}.dmn": m.bpmn_xml or "" for m in found.scalars().all()}


async def _deploy_decisions(
    session: AsyncSession, runtime: WorkflowRuntime, model: ProcessModel, *, actor: str
) -> Any:
    """Deploys a decision model's DMN: each of its decisions becomes the next version of its key."""
    if not (model.bpmn_xml or "").strip():
        raise EmptyDecision()

    def run(ctx: Any) -> Any:
        result = Deploy({f"{model.key}.dmn": model.bpmn_xml or ""}, name=model.name, key=model.key).execute(
            ctx
        )
        main = [d for d in result.decisions if d.key == model.key]
        if not main:
            raise DecisionKeyMismatch(key=model.key)
        return main[0]

    decision = await runtime.call(run, user_id=actor)
    model.deployment_id = decision.deployment_id
    session.add(model)
    await session.flush()
    return decision


async def update_category(
    session: AsyncSession, runtime: WorkflowRuntime, proc_def_id: str, category: str
) -> None:
    """Sets the category of a definition (and of its model)."""

    def run(ctx: CommandContext) -> str | None:
        if ctx.session.tx.get_definition(proc_def_id) is None:
            return None
        return SetDefinitionCategory(proc_def_id, category).execute(ctx).key

    key = await runtime.call(run)
    if key is None:
        model = await session.get(ProcessModel, proc_def_id)
        if model is None:
            raise ModelNotFound()
        key = model.key
    await session.execute(update(ProcessModel).where(col(ProcessModel.key) == key).values(category=category))
