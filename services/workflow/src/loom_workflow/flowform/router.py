"""``/flowable/form/...``: the start and task forms of Flowable form properties (the client's
``FormService``). Reads take query parameters; submits are form-encoded with ``data`` as JSON text."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends

from loom_platform import logtitles
from loom_platform.auth import CurrentPrincipal
from loom_platform.db import SessionDep
from loom_platform.fields import RequestFields
from loom_platform.openapi import fields_body
from loom_platform.paging import empty_filter
from loom_workflow.caller import Acting, Initiator
from loom_workflow.engine_host import RuntimeDep
from loom_workflow.flowcopy.access import Rights, visible_instance
from loom_workflow.flowform import service
from loom_workflow.flowform.schemas import HistoryFormData, StartFormData, TaskFormData

router = APIRouter(
    prefix="/flowable/form", tags=["flowable form"], dependencies=[logtitles.under("flowable:task")]
)


async def _visible_open_task(rights: Rights, session: SessionDep, taskId: str) -> str:  # noqa: N803
    """An open task (404 when done or unknown), once the caller may see its instance."""
    task = await service.open_task(session, taskId)
    await rights.check(session, task.proc_inst_id)
    return taskId


VisibleOpenTask = Annotated[str, Depends(_visible_open_task)]


@router.get("/getStartFormData", response_model=StartFormData, response_model_exclude_unset=True)
async def get_start_form_data(session: SessionDep, _: CurrentPrincipal, processDefinitionId: str) -> Any:  # noqa: N803
    """``{startFormData}``: the start event's form properties (Flowable's ``FormProperty`` JSON)."""
    return await service.start_form_data(session, processDefinitionId)


@router.get("/getTaskFormData", response_model=TaskFormData, response_model_exclude_unset=True)
async def get_task_form_data(session: SessionDep, task_id: VisibleOpenTask) -> Any:
    """``{taskFormData}``: the task node's form properties with the instance's values."""
    return await service.task_form_data(session, task_id)


@router.get("/getHistoryTaskFormData", response_model=HistoryFormData)
async def get_history_task_form_data(
    session: SessionDep,
    proc_ins_id: Annotated[str, visible_instance("processInstanceId")],
    procDefId: str | None = None,  # noqa: N803
    taskDefKey: str | None = None,  # noqa: N803
) -> Any:
    """``{taskFormData}``: a node's readable properties with the values the instance wrote."""
    return await service.history_form_data(
        session,
        proc_inst_id=proc_ins_id,
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
async def submit_start_form_data(
    runtime: RuntimeDep, session: SessionDep, fields: RequestFields, initiator: Initiator, acting: Acting
) -> Any:
    """Starts the process with the start form's ``data`` checked by its properties; answers the
    instance id."""
    return await service.submit_start(runtime, session, fields, initiator=initiator, **acting)


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
async def submit_task_form_data(
    runtime: RuntimeDep, session: SessionDep, fields: RequestFields, acting: Acting
) -> Any:
    """Completes the task with the task form's ``data`` checked by its properties; answers the
    instance id."""
    return await service.submit_task(runtime, session, fields, **acting)
