"""``/flowable/task/{overview,variables,saveForm}``: what the home page and the task screens read
and keep besides the engine's own task operations."""

from __future__ import annotations

from typing import Any

import orjson
from fastapi import APIRouter, Request

import loom_workflow.flowcopy.messages  # noqa: F401  (registers the texts)
from loom_platform.auth import CurrentPrincipal
from loom_platform.db import SessionDep
from loom_platform.errors import InvalidArgument
from loom_platform.http import message
from loom_platform.i18n import translate
from loom_workflow.engine_host import runtime_of
from loom_workflow.flowcopy import service as copy_service
from loom_workflow.flowcopy.router import fields, is_monitor
from loom_workflow.taskcenter import service
from loom_workflow.users import user_roles

router = APIRouter(prefix="/flowable/task", tags=["task"])


@router.get("/overview")
async def overview(request: Request, session: SessionDep, principal: CurrentPrincipal) -> Any:
    """The caller's counts for the home page: ``{todo, applyRunning, applyTotal, copyUnread}``."""
    groups = await user_roles(request.app.state.directory, principal.user_id)
    return await service.overview(
        session, request.app.state.directory, user_id=principal.user_id, groups=groups
    )


@router.get("/variables")
async def variables(
    request: Request, session: SessionDep, principal: CurrentPrincipal, procInsId: str
) -> Any:  # noqa: N803
    """An instance's form data (its process variables), for those who may see the instance."""
    groups = await user_roles(request.app.state.directory, principal.user_id)
    await copy_service.check_visible(
        session, procInsId, principal.user_id, groups, monitor=is_monitor(request)
    )
    return await service.variables(session, procInsId)


@router.post("/saveForm")
async def save_form(request: Request, principal: CurrentPrincipal) -> Any:
    """``_flow_save``: keeps the form's values (``vars`` JSON) on the task's instance without
    completing the task (form-encoded or query ``taskId``, ``vars``)."""
    f = await fields(request)
    try:
        values = orjson.loads(f.get("vars") or "{}")
    except orjson.JSONDecodeError as exc:
        raise InvalidArgument("workflow.json_invalid", detail="vars") from exc
    if not isinstance(values, dict):
        raise InvalidArgument("workflow.json_invalid", detail="vars")
    await service.save_form(
        runtime_of(request.app),
        f.get("taskId") or "",
        values,
        actor=principal.user_id,
        groups=await user_roles(request.app.state.directory, principal.user_id),
    )
    return message(translate("workflow.form.saved"))
