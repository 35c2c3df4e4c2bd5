"""``/flowable/incident/...``: the monitor's incidents (jobs out of retries) and their retry."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter

from loom_platform.auth import Principal, require_permission
from loom_platform.db import SessionDep
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_workflow.engine.commands import SetJobRetries
from loom_workflow.engine_host import RuntimeDep
from loom_workflow.incident import service
from loom_workflow.incident.schemas import IncidentList

router = APIRouter(prefix="/flowable/incident", tags=["incident"])

CanView = Annotated[Principal, require_permission("flowable:instance:view")]
CanRetry = Annotated[Principal, require_permission("flowable:instance:retry")]


@router.get("/list")
async def list_incidents(session: SessionDep, _: CanView, procInsId: str | None = None) -> IncidentList:  # noqa: N803
    """Jobs out of retries (of one instance, or all), newest first, with their error."""
    return IncidentList(data=await service.incidents(session, proc_inst_id=procInsId or None))


@router.put("/retry")
async def retry(runtime: RuntimeDep, principal: CanRetry, id: str, retries: int = 1) -> Message:  # noqa: A002
    """Gives an incident's job ``retries`` again: it runs (or is fetched by its worker) anew."""
    await runtime.run(SetJobRetries(id, max(1, min(retries, 100))), user_id=principal.user_id)
    return message(translate("workflow.external.retried"))
