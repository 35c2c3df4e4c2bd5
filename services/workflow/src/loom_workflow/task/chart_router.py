"""``/flowable/task/getFlowChart`` and ``/flowable/task/trace/photo/{processInstanceId}``: the chart of
an instance, a definition or a model draft as data for the viewer, and an instance's chart as SVG
(``<img src>``: the token header or a signed URL, ``signedurl/access.py``)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from loom_platform.auth import CurrentAccess, holds_any
from loom_platform.db import SessionDep
from loom_platform.errors import PermissionDenied
from loom_platform.openapi import download
from loom_platform.paging import empty_filter
from loom_workflow.diagram import service as diagram
from loom_workflow.engine_host import RuntimeDep
from loom_workflow.flowcopy.access import MONITOR, InstanceRights, visible_instance_if_given
from loom_workflow.process import queries
from loom_workflow.process.schemas import FlowChart
from loom_workflow.signedurl.access import SignedOrCaller

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


async def _traceable(
    request: Request,
    runtime: RuntimeDep,
    session: SessionDep,
    caller: SignedOrCaller,
    processInstanceId: str,  # noqa: N803
) -> str:
    """The instance of a chart, for anyone holding its signed URL or a caller who may see it."""
    if caller is not None:
        rights = InstanceRights(runtime, caller.user_id, holds_any(request, *MONITOR))
        await rights.check(session, processInstanceId)
    return processInstanceId


@router.get(
    "/trace/photo/{processInstanceId}", tags=["diagram"], responses=download(diagram.SVG, "the chart as SVG")
)
async def trace_photo(session: SessionDep, proc_ins_id: Annotated[str, Depends(_traceable)]) -> Response:
    """The instance's chart: nodes passed in green, nodes it waits in red (``data-state`` done/waiting)."""
    return diagram.svg_response(await diagram.instance_svg(session, proc_ins_id))
