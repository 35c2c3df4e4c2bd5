"""``/flowable/task/{overview,variables,formData,formHistory,saveForm}``: what the home page and the task screens read
and keep besides the engine's own task operations."""

from __future__ import annotations

from typing import Annotated, Any

import orjson
from fastapi import APIRouter

import loom_workflow.flowcopy.messages  # noqa: F401  (registers the texts)
from loom_platform import logtitles
from loom_platform.auth import CurrentPrincipal
from loom_platform.db import SessionDep
from loom_platform.fields import RequestFields
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.openapi import fields_body
from loom_workflow import forms_client
from loom_workflow.caller import Acting, Roles
from loom_workflow.engine_host import RuntimeDep
from loom_workflow.errors import MalformedJson
from loom_workflow.flowcopy.access import visible_instance
from loom_workflow.process.schemas import ProcessVariables
from loom_workflow.settle import OwnAndStartedWrites
from loom_workflow.task import center as service
from loom_workflow.task.center_schemas import FormHistory, InstanceFormData, TaskOverview

router = APIRouter(prefix="/flowable/task", tags=["task"], dependencies=[logtitles.under("flowable:task")])

# an instance the caller may see (the rights rule of ``historicTaskList``)
VisibleInstance = Annotated[str, visible_instance("procInsId")]


@router.get("/overview", response_model=TaskOverview)
async def overview(
    runtime: RuntimeDep,
    session: SessionDep,
    principal: CurrentPrincipal,
    groups: Roles,
    _settled: OwnAndStartedWrites,
) -> Any:
    """The caller's counts for the home page: ``{todo, applyRunning, applyTotal, copyUnread}``."""
    return await service.overview(session, runtime.directory, user_id=principal.user_id, groups=groups)


@router.get("/variables", response_model=ProcessVariables)
async def variables(
    session: SessionDep, proc_ins_id: Annotated[str, visible_instance("procInsId", must_exist=True)]
) -> Any:
    """An instance's form data (its process variables), for those who may see the instance."""
    return await service.variables(session, proc_ins_id)


@router.get("/formData", response_model=InstanceFormData)
async def form_data(
    runtime: RuntimeDep,
    session: SessionDep,
    proc_ins_id: VisibleInstance,
    jsonId: str = "",  # noqa: N803
) -> Any:
    """The instance's dynamic form data from forms (of the form version ``jsonId`` when given), for
    those who may see the instance: a task page reads its form's values with no right on forms."""
    forms = forms_client.client(runtime.settings.forms_grpc_address)
    return await service.form_data(session, forms, proc_ins_id, jsonId)


@router.get("/formHistory", response_model=FormHistory)
async def form_history(runtime: RuntimeDep, session: SessionDep, proc_ins_id: VisibleInstance) -> Any:
    """Who changed what in the instance's form (each save: node, user, time, field, before → after),
    for those who may see the instance (the rule of ``historicTaskList``)."""
    forms = forms_client.client(runtime.settings.forms_grpc_address)
    found = await service.form_history(session, runtime.directory, forms, proc_ins_id)
    return {"success": True, "code": 200, "msg": translate("workflow.form.history.ok"), "list": found}


@router.post(
    "/saveForm", openapi_extra=fields_body(taskId="the task", vars="the form's values (a JSON object)")
)
async def save_form(runtime: RuntimeDep, fields: RequestFields, acting: Acting) -> Message:
    """``_flow_save``: keeps the form's values (``vars`` JSON) on the task's instance without
    completing the task (form-encoded or query ``taskId``, ``vars``)."""
    try:
        values = orjson.loads(fields.get("vars") or "{}")
    except orjson.JSONDecodeError as exc:
        raise MalformedJson(detail="vars") from exc
    if not isinstance(values, dict):
        raise MalformedJson(detail="vars")
    await service.save_form(runtime, fields.get("taskId") or "", values, **acting)
    return message(translate("workflow.form.saved"))
