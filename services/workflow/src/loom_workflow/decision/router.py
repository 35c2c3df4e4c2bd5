"""``/dmn-api/...``: decisions called alone (Flowable's DMN REST API), the deployed decisions, and the
evaluations of an instance (its detail screen's 决策 tab)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter

from loom_platform.auth import Principal, require_permission
from loom_platform.db import SessionDep
from loom_platform.paging import PageDep, empty_filter
from loom_workflow.decision import service
from loom_workflow.decision.schemas import DecisionExecutionList, DecisionPage, ExecuteRequest, ExecuteResult
from loom_workflow.engine_host import RuntimeDep
from loom_workflow.flowcopy.access import visible_instance

router = APIRouter(prefix="/dmn-api", tags=["decision"])

CanExecute = Annotated[Principal, require_permission("flowable:decision:execute")]
# the decision list, and the designers who pick a decision for a business-rule task
CanView = Annotated[
    Principal, require_permission("flowable:decision:view", "flowable:model:design", "flowable:model:edit")
]


@router.post("/dmn-rule/execute")
async def execute(runtime: RuntimeDep, body: ExecuteRequest, principal: CanExecute) -> ExecuteResult:
    """Evaluates a deployed decision (latest version, or ``version``) with ``inputVariables``; the
    evaluation is kept in the decision history."""
    return await service.execute(runtime, body, actor=principal.user_id)


@router.get("/dmn-repository/decisions")
async def list_decisions(
    session: SessionDep,
    page: PageDep,
    _: CanView,
    key: str | None = None,
    filterText: str | None = None,  # noqa: N803 - wire name
    latest: bool = False,
) -> DecisionPage:
    """Deployed decisions (every version, or each key's latest), by key and name."""
    return await service.page(
        session, page, key=empty_filter(key), text=empty_filter(filterText), latest=latest
    )


@router.get("/dmn-history/historic-decision-executions")
async def list_executions(
    session: SessionDep, instance_id: Annotated[str, visible_instance("instanceId")]
) -> DecisionExecutionList:
    """The decisions an instance's business-rule tasks evaluated: inputs, matched rules, outputs
    (for those who may see the instance)."""
    return DecisionExecutionList(
        data=await service.executions(session, instance_id=instance_id, decision_key=None)
    )
