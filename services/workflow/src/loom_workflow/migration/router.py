"""``/flowable/migration/...``: instance migration (实例迁移) from the monitor screens: the plan between
two versions, the dry run, migrating (a batch the migration worker moves) and the batch's report."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter

import loom_workflow.migration.messages  # noqa: F401  (registers the catalogue)
from loom_platform.auth import Principal, require_permission
from loom_platform.db import SessionDep, transaction
from loom_workflow.engine_host import RuntimeDep
from loom_workflow.migration import service
from loom_workflow.migration.schemas import (
    DryRunPublic,
    MigrationBatchPublic,
    MigrationPlanPublic,
    MigrationRequest,
)
from loom_workflow.process.scope import RUNNING_MENU, Scope

router = APIRouter(prefix="/flowable/migration", tags=["migration"])

# Moving instances onto another version changes what runs next for them: a right of its own (运行中流程's
# 迁移 button), not every definition editor's
CanMigrate = Annotated[Principal, require_permission("flowable:instance:migrate")]


@router.get("/plan", response_model=MigrationPlanPublic)
async def get_plan(
    runtime: RuntimeDep,
    _: CanMigrate,
    sourceDefinitionId: str,  # noqa: N803
    targetDefinitionId: str,  # noqa: N803
) -> MigrationPlanPublic:
    """Both versions' nodes: each source node mapped to the target node of the same id and kind
    (null: removed or changed, to be mapped by hand), and the target's new nodes."""
    return await service.plan(runtime, sourceDefinitionId, targetDefinitionId)


@router.post("/dryRun", response_model=DryRunPublic)
async def dry_run(
    runtime: RuntimeDep, session: SessionDep, _: CanMigrate, scope: Scope, body: MigrationRequest
) -> DryRunPublic:
    """For every running instance asked for (none named: all of the source version): whether it can
    move, and what changes for it (tasks, assignees, timers, variables); nothing is changed. Named
    instances outside the caller's data scope (运行中流程's menu) are 404."""
    await _named_in_scope(scope, session, body)
    return await service.dry_run(session, runtime, runtime.directory, body, actor=scope.user_id)


@router.post("/migrate", response_model=MigrationBatchPublic)
async def migrate(
    runtime: RuntimeDep, session: SessionDep, _: CanMigrate, scope: Scope, body: MigrationRequest
) -> MigrationBatchPublic:
    """Asks for the migration: a batch with its instances queued, moved by the migration worker each
    in its own transaction (with a history entry); instances that cannot move stay untouched and are
    reported with the reason (``GET /flowable/migration/batch``)."""
    await _named_in_scope(scope, session, body)
    async with transaction(session):
        batch = await service.request_batch(session, runtime, body, actor=scope.user_id)
    return await service.report(session, runtime.directory, batch.id)


@router.get("/batch", response_model=MigrationBatchPublic)
async def get_batch(runtime: RuntimeDep, session: SessionDep, _: CanMigrate, id: str) -> MigrationBatchPublic:  # noqa: A002
    """A migration batch's report: each instance moved (what changed), left in place (why) or queued."""
    return await service.report(session, runtime.directory, id)


async def _named_in_scope(scope: Scope, session: SessionDep, body: MigrationRequest) -> None:
    if body.proc_ins_ids:
        await scope.require(session, RUNNING_MENU, body.proc_ins_ids)
