"""Instance migration (实例迁移): the plan between two versions, the dry run, asking for a batch
(its rows and its outbox message in one transaction) and its report."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import orjson
from sqlalchemy import select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_contracts.loom.workflow.v1 import events_pb2
from loom_platform.i18n import ZH, translate
from loom_platform.outbox import add_event
from loom_workflow.comments import comment_json
from loom_workflow.engine.commands import MigrationPlan, plan_mapping
from loom_workflow.engine.model import FlowNode, ProcessModel, parse_bpmn
from loom_workflow.engine.runtime.entities import ProcessDefinition
from loom_workflow.engine_host import WorkflowRuntime
from loom_workflow.migration import outcomes
from loom_workflow.migration.errors import BatchNotFound, NotSameProcess, VersionNotFound
from loom_workflow.migration.models import MOVED, QUEUED, MigrationBatch, MigrationItem
from loom_workflow.migration.schemas import (
    DryRunPublic,
    InstanceOutcome,
    MigrationBatchPublic,
    MigrationNodePublic,
    MigrationPlanPublic,
    MigrationRequest,
    NodeMappingPublic,
)
from loom_workflow.pgstore import tables as t
from loom_workflow.users import user_names

SUBJECT = "loom.workflow.migration.requested"


async def definitions(
    runtime: WorkflowRuntime, source_id: str, target_id: str
) -> tuple[ProcessDefinition, ProcessDefinition]:
    """The two versions, refused unless both exist and share the process key."""
    source, target = await runtime.query(
        lambda tx: (tx.get_definition(source_id), tx.get_definition(target_id))
    )
    for wanted, found in ((source_id, source), (target_id, target)):
        if found is None:
            raise VersionNotFound(id=wanted)
    assert source is not None and target is not None
    if source.key != target.key or source.tenant_id != target.tenant_id:
        raise NotSameProcess()
    return source, target


def _model(definition: ProcessDefinition) -> ProcessModel:
    models = parse_bpmn(definition.bpmn_xml)
    return next((m for m in models if m.id == definition.key), models[0])


def _node(node: FlowNode) -> MigrationNodePublic:
    return MigrationNodePublic(id=node.id, name=node.name, kind=node.kind)


async def plan_of(
    runtime: WorkflowRuntime, source_id: str, target_id: str, manual: dict[str, str] | None = None
) -> tuple[ProcessDefinition, ProcessDefinition, MigrationPlan]:
    """Both versions and the plan between them (by id, ``manual`` first)."""
    source, target = await definitions(runtime, source_id, target_id)
    return source, target, plan_mapping(_model(source), _model(target), manual)


async def plan(runtime: WorkflowRuntime, source_id: str, target_id: str) -> MigrationPlanPublic:
    """Both versions' nodes with the mapping by id: what a designer maps the rest from."""
    source, target, found = await plan_of(runtime, source_id, target_id)
    removed = {m.id for m in found.removed}
    return MigrationPlanPublic(
        source_definition_id=source.id,
        source_version=source.version,
        target_definition_id=target.id,
        target_version=target.version,
        nodes=[
            NodeMappingPublic(
                id=m.id,
                name=m.name,
                kind=m.kind,
                target_id=m.target_id,
                automatic=m.automatic,
                removed=m.id in removed,
            )
            for m in found.mappings
        ],
        added=[_node(n) for n in found.added],
        target_nodes=[_node(n) for n in found.target_nodes],
    )


async def instance_ids(runtime: WorkflowRuntime, request: MigrationRequest) -> list[str]:
    """The instances asked for: those named, else every running instance of the source version."""
    if request.proc_ins_ids is not None:
        return list(dict.fromkeys(request.proc_ins_ids))
    return sorted(
        await runtime.query(lambda tx: tx.instance_ids([request.source_definition_id], running_only=True))
    )


async def dry_run(
    session: AsyncSession, runtime: WorkflowRuntime, directory: Any, request: MigrationRequest, *, actor: str
) -> DryRunPublic:
    """For each instance asked for: whether it can move and what changes for it (nothing is written)."""
    _, target, found = await plan_of(
        runtime, request.source_definition_id, request.target_definition_id, request.mapping
    )
    shown = []
    for pid in await instance_ids(runtime, request):
        result, reason = await outcomes.migrate_one(
            runtime,
            pid,
            source_id=request.source_definition_id,
            target_id=target.id,
            mapping=found.mapping,
            variables=request.variables,
            note=None,
            actor=actor,
            dry_run=True,
        )
        shown.append(
            outcomes.moved(result, "movable")
            if result is not None
            else InstanceOutcome(proc_ins_id=pid, status="left", reason=outcomes.reason_text(reason))
        )
    await named(session, directory, shown)
    movable = sum(1 for o in shown if o.status == "movable")
    return DryRunPublic(movable=movable, left=len(shown) - movable, instances=shown)


async def request_batch(
    session: AsyncSession, runtime: WorkflowRuntime, request: MigrationRequest, *, actor: str
) -> MigrationBatch:
    """Stores a batch with one queued row per instance and its outbox message, in the caller's
    transaction: the migration worker moves the instances after commit."""
    await plan_of(runtime, request.source_definition_id, request.target_definition_id, request.mapping)
    ids = await instance_ids(runtime, request)
    batch = MigrationBatch(
        source_def_id=request.source_definition_id,
        target_def_id=request.target_definition_id,
        mapping=orjson.dumps(request.mapping).decode(),
        variables=orjson.dumps(request.variables).decode(),
        total=len(ids),
        create_by=actor,
    )
    session.add(batch)
    session.add_all([MigrationItem(batch_id=batch.id, proc_inst_id=pid) for pid in ids])
    add_event(session, SUBJECT, events_pb2.MigrationRequested(batch_id=batch.id, actor=actor))
    return batch


def history_note(source: ProcessDefinition, target: ProcessDefinition) -> str:
    """The instance's history entry (a comment the flow-step screens show, each reader in their
    language)."""
    key, params = "workflow.migration.history", {"source": source.version, "target": target.version}
    return comment_json("migration", "实例迁移", translate(key, ZH, **params), "info", key=key, params=params)


async def report(session: AsyncSession, directory: Any, batch_id: str) -> MigrationBatchPublic:
    """A batch and each of its instances: moved (what changed), left in place (why) or queued."""
    batch = await session.get(MigrationBatch, batch_id)
    if batch is None:
        raise BatchNotFound()
    items = await session.scalars(
        select(MigrationItem)
        .where(MigrationItem.batch_id == batch_id)  # type: ignore[arg-type]
        .order_by(MigrationItem.proc_inst_id)  # type: ignore[arg-type]
    )
    shown = [_item(i) for i in items]
    await named(session, directory, shown)
    return MigrationBatchPublic(
        id=batch.id,
        source_definition_id=batch.source_def_id,
        target_definition_id=batch.target_def_id,
        status=batch.status,  # type: ignore[arg-type]
        total=batch.total,
        moved=batch.moved,
        left=batch.left_in_place,
        create_by=batch.create_by,
        create_date=batch.create_date,
        finish_date=batch.finish_date,
        instances=shown,
    )


def _item(item: MigrationItem) -> InstanceOutcome:
    if item.status == MOVED and item.changes:
        return InstanceOutcome.model_validate_json(item.changes)
    status = "queued" if item.status == QUEUED else "left"
    return InstanceOutcome(
        proc_ins_id=item.proc_inst_id, status=status, reason=outcomes.reason_text(item.reason)
    )


async def named(session: AsyncSession, directory: Any, shown: Sequence[InstanceOutcome]) -> None:
    """Fills in each instance's title and starter and each task's assignee name."""
    ids = [o.proc_ins_id for o in shown]
    if not ids:
        return
    h = t.hi_procinst
    rows = {
        r.id: r
        for r in await session.execute(
            select(h.c.id, h.c.name, h.c.business_key, h.c.start_user_id).where(h.c.id.in_(ids))
        )
    }
    people = [r.start_user_id for r in rows.values()]
    people += [s.assignee for o in shown for c in o.tasks for s in (c.before, c.after) if s and s.assignee]
    names = await user_names(directory, people)
    for outcome in shown:
        row = rows.get(outcome.proc_ins_id)
        if row is not None:
            outcome.title = row.name or row.business_key
            outcome.start_user_name = names.get(row.start_user_id or "", row.start_user_id)
        for change in outcome.tasks:
            for state in (change.before, change.after):
                if state is not None and state.assignee:
                    state.assignee_name = names.get(state.assignee, state.assignee)
