"""``POST /flowable/model/dryRun``: the designer's dry run."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter

import loom_workflow.dryrun.messages  # noqa: F401  (registers the catalogue)
from loom_platform.auth import Principal, require_permission
from loom_platform.db import SessionDep
from loom_workflow.dryrun import service
from loom_workflow.dryrun.schemas import DryRunRequest, DryRunResult
from loom_workflow.engine_host import RuntimeDep

router = APIRouter(tags=["model"])

CanDesign = Annotated[
    Principal, require_permission("flowable:model:design", "flowable:model:edit", "flowable:model:add")
]


@router.post("/flowable/model/dryRun")
async def dry_run(
    runtime: RuntimeDep, session: SessionDep, body: DryRunRequest, _: CanDesign
) -> DryRunResult:
    """Runs the model (saved, or the designer's XML as it is) as the chosen initiator with the start
    values and a button per node, on a throwaway engine against the live organisation: the path,
    who would receive each task and by which rule, the timers and when they fire. Nothing is stored
    and no event is published; a node that resolves to nobody stops the run with the reason."""
    return await service.dry_run(session, runtime, runtime.directory, body)
