"""``/flowable/task/getFlowChart``: the chart of an instance, a definition or a model draft (the
client asks for it under the task routes; it is a process read)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter

from loom_platform.auth import CurrentAccess
from loom_platform.db import SessionDep
from loom_platform.errors import PermissionDenied
from loom_platform.paging import empty_filter
from loom_workflow.flowcopy.access import visible_instance_if_given
from loom_workflow.process import queries
from loom_workflow.process.schemas import FlowChart

router = APIRouter(prefix="/flowable/task", tags=["task"])


@router.get("/getFlowChart", response_model=FlowChart)
async def flow_chart(
    session: SessionDep,
    access: CurrentAccess,
    proc_ins_id: Annotated[str | None, visible_instance_if_given("processInstanceId")],
    processDefId: str | None = None,  # noqa: N803
    modelId: str | None = None,  # noqa: N803
) -> Any:
    """``{bpmnXml, activityIds, flows}`` of an instance (or a definition, or a model)."""
    xml = None
    if modelId:
        from loom_workflow.modeler import service as model_service

        # a model's draft is read as getBpmnXml reads it: by those who may view models
        if not any(access.allows(p) for p in model_service.VIEW_PERMISSIONS):
            raise PermissionDenied(permission=" | ".join(model_service.VIEW_PERMISSIONS))
        xml = (await model_service.get(session, modelId)).bpmn_xml
    return await queries.flow_chart(
        session,
        proc_inst_id=proc_ins_id,
        proc_def_id=empty_filter(processDefId),
        model_xml=xml,
    )
