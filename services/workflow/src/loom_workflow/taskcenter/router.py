"""``/flowable/task/{overview,variables,formData,formHistory,saveForm}``: what the home page and the task screens read
and keep besides the engine's own task operations."""

from __future__ import annotations

from typing import Any

import orjson
from fastapi import APIRouter, Request

import loom_workflow.flowcopy.messages  # noqa: F401  (registers the texts)
from loom_platform import logtitles
from loom_platform.auth import CurrentPrincipal
from loom_platform.db import SessionDep
from loom_platform.fields import request_fields
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.openapi import fields_body
from loom_workflow import forms_client
from loom_workflow.engine_host import runtime_of
from loom_workflow.errors import MalformedJson
from loom_workflow.flowcopy import service as copy_service
from loom_workflow.flowcopy.access import check_instance_visible, is_monitor
from loom_workflow.process.schemas import ProcessVariables
from loom_workflow.taskcenter import service
from loom_workflow.taskcenter.schemas import FormHistory, InstanceFormData, TaskOverview
from loom_workflow.users import user_roles

router = APIRouter(prefix="/flowable/task", tags=["task"], dependencies=[logtitles.under("flowable:task")])


@router.get("/overview", response_model=TaskOverview)
async def overview(request: Request, session: SessionDep, principal: CurrentPrincipal) -> Any:
    """The caller's counts for the home page: ``{todo, applyRunning, applyTotal, copyUnread}``."""
    groups = await user_roles(request.app.state.directory, principal.user_id)
    await runtime_of(request.app).settle_history(actor=principal.user_id, starter=principal.user_id)
    return await service.overview(
        session, request.app.state.directory, user_id=principal.user_id, groups=groups
    )


@router.get("/variables", response_model=ProcessVariables)
async def variables(
    request: Request, session: SessionDep, principal: CurrentPrincipal, procInsId: str
) -> Any:  # noqa: N803
    """An instance's form data (its process variables), for those who may see the instance."""
    groups = await user_roles(request.app.state.directory, principal.user_id)
    await runtime_of(request.app).settle_history(actor=principal.user_id, instances=[procInsId])
    await copy_service.check_visible(
        session, procInsId, principal.user_id, groups, monitor=is_monitor(request)
    )
    return await service.variables(session, procInsId)


@router.get("/formData", response_model=InstanceFormData)
async def form_data(
    request: Request, session: SessionDep, principal: CurrentPrincipal, procInsId: str, jsonId: str = ""
) -> Any:  # noqa: N803
    """The instance's dynamic form data from forms (of the form version ``jsonId`` when given), for
    those who may see the instance: a task page reads its form's values with no right on forms."""
    await check_instance_visible(request, session, principal.user_id, procInsId)
    forms = forms_client.client(runtime_of(request.app).settings.forms_grpc_address)
    return await service.form_data(session, forms, procInsId, jsonId)


@router.get("/formHistory", response_model=FormHistory)
async def form_history(
    request: Request, session: SessionDep, principal: CurrentPrincipal, procInsId: str
) -> Any:  # noqa: N803
    """Who changed what in the instance's form (each save: node, user, time, field, before → after),
    for those who may see the instance (the rule of ``historicTaskList``)."""
    await check_instance_visible(request, session, principal.user_id, procInsId)
    forms = forms_client.client(runtime_of(request.app).settings.forms_grpc_address)
    found = await service.form_history(session, request.app.state.directory, forms, procInsId)
    return {"success": True, "code": 200, "msg": translate("workflow.form.history.ok"), "list": found}


@router.post(
    "/saveForm", openapi_extra=fields_body(taskId="the task", vars="the form's values (a JSON object)")
)
async def save_form(request: Request, principal: CurrentPrincipal) -> Message:
    """``_flow_save``: keeps the form's values (``vars`` JSON) on the task's instance without
    completing the task (form-encoded or query ``taskId``, ``vars``)."""
    f = await request_fields(request)
    try:
        values = orjson.loads(f.get("vars") or "{}")
    except orjson.JSONDecodeError as exc:
        raise MalformedJson(detail="vars") from exc
    if not isinstance(values, dict):
        raise MalformedJson(detail="vars")
    await service.save_form(
        runtime_of(request.app),
        f.get("taskId") or "",
        values,
        actor=principal.user_id,
        groups=await user_roles(request.app.state.directory, principal.user_id),
    )
    return message(translate("workflow.form.saved"))
