"""Decisions: evaluated alone through the engine, listed as deployed, and the evaluations an instance
made (read from the decision history the engine writes)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, or_, select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.paging import PageParams, contains
from loom_workflow.common import iso
from loom_workflow.decision.schemas import (
    DecisionExecutionPublic,
    DecisionPage,
    DecisionPublic,
    ExecuteRequest,
    ExecuteResult,
    RestVariable,
)
from loom_workflow.engine.commands import EvaluateDecision
from loom_workflow.engine_host import WorkflowRuntime
from loom_workflow.pgstore import tables as t


async def execute(runtime: WorkflowRuntime, body: ExecuteRequest, *, actor: str | None) -> ExecuteResult:
    """Evaluates the latest (or the given) version of a decision with the request's variables."""
    variables = {v.name: v.typed() for v in body.input_variables}
    outcome = await runtime.run(
        EvaluateDecision(body.decision_key, variables, version=body.version, tenant_id=body.tenant_id),
        user_id=actor,
    )
    definition = outcome.definition
    return ExecuteResult(
        result_variables=[
            [RestVariable.of(name, value) for name, value in result.items()]
            for result in outcome.evaluation.results
        ],
        decision_key=definition.key,
        decision_name=definition.name,
        decision_version=definition.version,
        execution_id=outcome.record.id,
        audit=list(outcome.evaluation.audit),  # type: ignore[arg-type]
    )


def _public(row: Any) -> DecisionPublic:
    return DecisionPublic(
        id=row.id,
        key=row.key,
        name=row.name,
        version=row.version,
        version_tag=row.version_tag,
        deployment_id=row.deployment_id,
        resource_name=row.resource_name,
        decision_type=row.decision_type,
        tenant_id=row.tenant_id,
        deploy_time=iso(row.deploy_time),
    )


async def page(
    session: AsyncSession, params: PageParams, *, key: str | None, text: str | None, latest: bool
) -> DecisionPage:
    """Deployed decisions, newest first; ``latest``: only each key's latest version."""
    d = t.decision
    stmt = select(d, t.deployment.c.deploy_time).outerjoin(
        t.deployment, t.deployment.c.id == d.c.deployment_id
    )
    if key:
        stmt = stmt.where(d.c.key == key)
    if text:
        stmt = stmt.where(or_(contains(d.c.key, text), contains(d.c.name, text)))
    if latest:
        newest = select(d.c.key, func.max(d.c.version).label("v")).group_by(d.c.key).subquery()
        stmt = stmt.join(newest, (newest.c.key == d.c.key) & (newest.c.v == d.c.version))
    total = (await session.execute(select(func.count()).select_from(stmt.subquery()))).scalar_one()
    stmt = stmt.order_by(d.c.key, d.c.version.desc())
    if not params.all_rows:
        stmt = stmt.offset(params.offset).limit(params.size)
    rows = (await session.execute(stmt)).all()
    return DecisionPage(
        records=[_public(r) for r in rows], total=total, size=params.size, current=params.current
    )


def _execution(row: Any) -> DecisionExecutionPublic:
    return DecisionExecutionPublic(
        id=row.id,
        decision_definition_id=row.decision_definition_id,
        decision_key=row.decision_key,
        decision_name=row.decision_name,
        decision_version=row.decision_version,
        process_instance_id=row.proc_inst_id,
        execution_id=row.execution_id,
        activity_id=row.activity_id,
        start_time=iso(row.start_time),
        end_time=iso(row.end_time),
        failed=row.failed,
        audit=row.audit,
    )


async def executions(
    session: AsyncSession, *, instance_id: str | None, decision_key: str | None, limit: int = 500
) -> list[DecisionExecutionPublic]:
    """The evaluations of an instance (its business-rule tasks), or of a decision; oldest first."""
    h = t.hi_decision_execution
    stmt = select(h)
    if instance_id:
        stmt = stmt.where(h.c.proc_inst_id == instance_id)
    if decision_key:
        stmt = stmt.where(h.c.decision_key == decision_key)
    stmt = stmt.order_by(h.c.start_time, h.c.id).limit(limit)
    return [_execution(r) for r in (await session.execute(stmt)).all()]
