"""``/flowable/analytics``: 流程分析, where the time of a process definition goes."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter

from loom_platform.auth import Principal, require_permission
from loom_platform.db import SessionDep
from loom_platform.paging import date_filter, empty_filter
from loom_workflow.analytics import rollup, service
from loom_workflow.analytics.queries import Scope
from loom_workflow.analytics.schemas import ProcessAnalytics
from loom_workflow.engine_host import RuntimeDep
from loom_workflow.settle import AllWrites

router = APIRouter(prefix="/flowable/analytics", tags=["analytics"])

# The 流程分析 menu's key: its holders see the page, its data rules narrow the instances counted.
VIEW = "flowable:analytics:view"
CanView = Annotated[Principal, require_permission(VIEW)]


@router.get("/process", response_model=ProcessAnalytics)
async def process(
    runtime: RuntimeDep,
    session: SessionDep,
    principal: CanView,
    _settled: AllWrites,
    procDefId: str,  # noqa: N803 - wire names
    beginDate: str | None = None,  # noqa: N803
    endDate: str | None = None,  # noqa: N803
    officeId: str | None = None,  # noqa: N803
    startUserId: str | None = None,  # noqa: N803
) -> ProcessAnalytics:
    """One definition's figures over the instances started between ``beginDate`` and ``endDate``
    (days, UTC, both included), in the department ``officeId`` (the initiator's when they started)
    and/or by ``startUserId``, as far as the caller's data scope through the 流程分析 menu reaches."""
    begin, end = date_filter(beginDate, "beginDate"), date_filter(endDate, "endDate")
    scope = Scope(
        proc_def_id=procDefId,
        first_day=begin.date() if begin else None,
        last_day=end.date() if end else None,
        initiator=empty_filter(startUserId),
        office_id=empty_filter(officeId),
        access=await runtime.directory.data_access(principal.user_id, permission=VIEW),
    )
    # every ended instance counts: pending history applied (AllWrites), then rolled up
    await rollup.catch_up(session)
    return await service.analyse(session, scope)
