"""``/flowable/form/...``: the start and task forms of Flowable form properties (the client's
``FormService``). Reads take query parameters; submits are form-encoded with ``data`` as JSON text."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from loom_platform import logtitles
from loom_platform.auth import CurrentPrincipal
from loom_platform.db import SessionDep
from loom_platform.fields import request_fields
from loom_platform.openapi import fields_body
from loom_platform.paging import empty_filter
from loom_workflow import caller
from loom_workflow.engine_host import runtime_of
from loom_workflow.flowcopy.access import check_instance_visible
from loom_workflow.flowform import service
from loom_workflow.flowform.schemas import HistoryFormData, StartFormData, TaskFormData

router = APIRouter(
    prefix="/flowable/form", tags=["flowable form"], dependencies=[logtitles.under("flowable:task")]
)


@router.get("/getStartFormData", response_model=StartFormData, response_model_exclude_unset=True)
async def get_start_form_data(session: SessionDep, _: CurrentPrincipal, processDefinitionId: str) -> Any:  # noqa: N803
    """``{startFormData}``: the start event's form properties (Flowable's ``FormProperty`` JSON)."""
    return await service.start_form_data(session, processDefinitionId)


@router.get("/getTaskFormData", response_model=TaskFormData, response_model_exclude_unset=True)
async def get_task_form_data(
    request: Request, session: SessionDep, principal: CurrentPrincipal, taskId: str
) -> Any:  # noqa: N803
    """``{taskFormData}``: the task node's form properties with the instance's values."""
    task = await service.open_task(session, taskId)
    await check_instance_visible(request, session, principal.user_id, task.proc_inst_id)
    return await service.task_form_data(session, taskId)


@router.get("/getHistoryTaskFormData", response_model=HistoryFormData)
async def get_history_task_form_data(
    request: Request,
    session: SessionDep,
    principal: CurrentPrincipal,
    processInstanceId: str,  # noqa: N803
    procDefId: str | None = None,  # noqa: N803
    taskDefKey: str | None = None,  # noqa: N803
) -> Any:
    """``{taskFormData}``: a node's readable properties with the values the instance wrote."""
    await check_instance_visible(request, session, principal.user_id, processInstanceId)
    return await service.history_form_data(
        session,
        proc_inst_id=processInstanceId,
        proc_def_id=empty_filter(procDefId),
        task_def_key=empty_filter(taskDefKey),
    )


@router.post(
    "/submitStartFormData",
    openapi_extra=fields_body(
        processDefinitionId="the process definition",
        title="the instance's title",
        assignee="the first handler, when the start chooses one",
        data="the start form's values (a JSON object)",
    ),
    response_model=str,
)
async def submit_start_form_data(request: Request, session: SessionDep, principal: CurrentPrincipal) -> Any:
    """Starts the process with the start form's ``data`` checked by its properties; answers the
    instance id."""
    fields = await request_fields(request)
    initiator = await caller.initiator(request, principal)
    acting = await caller.acting(request, principal)
    return await service.submit_start(runtime_of(request.app), session, fields, initiator=initiator, **acting)


@router.post(
    "/submitTaskFormData",
    openapi_extra=fields_body(
        taskId="the task",
        procInsId="its instance",
        assignee="the next handler, when the node asks for one",
        comment="the comment (JSON text, or comment.type/status/message)",
        data="the task form's values (a JSON object)",
    ),
    response_model=str,
)
async def submit_task_form_data(request: Request, session: SessionDep, principal: CurrentPrincipal) -> Any:
    """Completes the task with the task form's ``data`` checked by its properties; answers the
    instance id."""
    fields = await request_fields(request)
    acting = await caller.acting(request, principal)
    return await service.submit_task(runtime_of(request.app), session, fields, **acting)
