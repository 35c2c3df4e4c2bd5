"""``/flowable/task/getFlowChart``: the chart of an instance, a definition or a model draft (the
client asks for it under the task routes; it is a process read)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from loom_platform.auth import CurrentPrincipal, holds_any
from loom_platform.db import SessionDep
from loom_platform.errors import PermissionDenied
from loom_platform.paging import empty_filter
from loom_workflow.flowcopy.access import check_instance_visible
from loom_workflow.process import queries
from loom_workflow.process.schemas import FlowChart

router = APIRouter(prefix="/flowable/task", tags=["task"])


@router.get("/getFlowChart", response_model=FlowChart)
async def flow_chart(
    request: Request,
    session: SessionDep,
    principal: CurrentPrincipal,
    processInstanceId: str | None = None,  # noqa: N803
    processDefId: str | None = None,
    modelId: str | None = None,  # noqa: N803
) -> Any:
    """``{bpmnXml, activityIds, flows}`` of an instance (or a definition, or a model)."""
    await check_instance_visible(request, session, principal.user_id, empty_filter(processInstanceId))
    xml = None
    if modelId:
        from loom_workflow.modeler import service as model_service

        # a model's draft is read as getBpmnXml reads it: by those who may view models
        if not holds_any(request, *model_service.VIEW_PERMISSIONS):
            raise PermissionDenied(permission=" | ".join(model_service.VIEW_PERMISSIONS))
        xml = (await model_service.get(session, modelId)).bpmn_xml
    return await queries.flow_chart(
        session,
        proc_inst_id=empty_filter(processInstanceId),
        proc_def_id=empty_filter(processDefId),
        model_xml=xml,
    )
