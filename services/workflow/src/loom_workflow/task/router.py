"""``/flowable/task/...``: start, lists, the task screen and every task operation.

``start`` and ``audit`` take their fields in the query string (the JeePlus client's ``params``);
``audit`` also accepts them form-encoded. ``vars`` and ``comment`` arrive as JSON text.
"""

from __future__ import annotations

from typing import Any

import orjson
from fastapi import APIRouter, Request
from sqlalchemy import text

from loom_platform.auth import CurrentPrincipal
from loom_platform.db import SessionDep
from loom_platform.errors import InvalidArgument
from loom_platform.http import message
from loom_platform.i18n import translate
from loom_platform.paging import PageDep, empty_filter
from loom_platform.wire import split_ids
from loom_workflow.engine_host import runtime_of
from loom_workflow.flowcopy.router import check_instance_visible
from loom_workflow.process import queries as process_queries
from loom_workflow.task import queries, service
from loom_workflow.users import user_infos, user_roles

router = APIRouter(prefix="/flowable/task", tags=["task"])


async def _fields(request: Request) -> dict[str, str]:
    """Query parameters merged with a form-encoded body (the body wins)."""
    fields = dict(request.query_params)
    if request.headers.get("content-type", "").startswith("application/x-www-form-urlencoded"):
        form = await request.form()
        fields.update({k: str(v) for k, v in form.items()})
    return fields


def _json(value: str | None, field: str) -> dict[str, Any]:
    if not value:
        return {}
    try:
        parsed = orjson.loads(value)
    except orjson.JSONDecodeError as exc:
        raise InvalidArgument("workflow.json_invalid", detail=field) from exc
    return parsed if isinstance(parsed, dict) else {}


def _ids(value: str | None) -> list[str]:
    """``userIds`` as the client sends it: JSON text of a comma-joined string, or plain."""
    text = (value or "").strip()
    if text.startswith(("[", '"')):
        parsed = orjson.loads(text)
        text = ",".join(parsed) if isinstance(parsed, list) else str(parsed)
    return split_ids(text)


async def _groups(request: Request, user_id: str) -> list[str]:
    """The caller's roles: the candidate groups whose tasks they may take."""
    return await user_roles(request.app.state.directory, user_id)


@router.post("/start")
async def start(request: Request, principal: CurrentPrincipal) -> Any:
    """Starts a process (``procDefKey`` or ``procDefId``, ``businessTable``, ``businessId``, ``title``,
    ``assignee`` and any other field as a process variable); answers the instance id."""
    fields = await _fields(request)
    variables: dict[str, object] = dict(fields.items())
    variables.update(_json(fields.get("vars"), "vars"))
    initiator = (await user_infos(request.app.state.directory, [principal.user_id])).get(
        principal.user_id, {"name": principal.login_name}
    )
    return await service.start(
        runtime_of(request.app),
        key=empty_filter(fields.get("procDefKey")),
        definition_id=empty_filter(fields.get("procDefId")),
        business_table=empty_filter(fields.get("businessTable")),
        business_id=empty_filter(fields.get("businessId")),
        title=empty_filter(fields.get("title")),
        assignee=empty_filter(fields.get("assignee")),
        variables=variables,
        initiator=initiator,
        actor=principal.user_id,
        groups=await _groups(request, principal.user_id),
    )


@router.get("/todo")
async def todo(
    request: Request,
    session: SessionDep,
    page: PageDep,
    principal: CurrentPrincipal,
    beginDate: str | None = None,
    endDate: str | None = None,  # noqa: N803
    title: str | None = None,
    procDefName: str | None = None,  # noqa: N803
) -> Any:
    """The caller's open tasks (``status`` 'todo' when assigned to them, 'claim' when offered),
    searchable by title, process name and time range."""
    return await queries.todo(
        session,
        request.app.state.directory,
        page,
        user_id=principal.user_id,
        groups=await _groups(request, principal.user_id),
        begin=empty_filter(beginDate),
        end=empty_filter(endDate),
        title=empty_filter(title),
        process_name=empty_filter(procDefName),
    )


@router.get("/historic")
async def historic(
    request: Request,
    session: SessionDep,
    page: PageDep,
    principal: CurrentPrincipal,
    beginDate: str | None = None,
    endDate: str | None = None,  # noqa: N803
) -> Any:
    """Tasks the caller completed."""
    return await queries.historic(
        session,
        request.app.state.directory,
        page,
        user_id=principal.user_id,
        begin=empty_filter(beginDate),
        end=empty_filter(endDate),
    )


@router.get("/historicTaskList")
async def historic_task_list(
    request: Request, session: SessionDep, principal: CurrentPrincipal, procInsId: str
) -> Any:  # noqa: N803
    """The steps of an instance with handlers, comments and durations (for those who may see it)."""
    await check_instance_visible(request, session, principal.user_id, procInsId)
    return await queries.historic_task_list(session, request.app.state.directory, procInsId)


@router.get("/myApplyed")
async def my_applyed(
    request: Request,
    session: SessionDep,
    page: PageDep,
    principal: CurrentPrincipal,
    beginDate: str | None = None,
    endDate: str | None = None,
    title: str | None = None,  # noqa: N803
) -> Any:
    """Instances the caller started."""
    return await process_queries.instances(
        session,
        request.app.state.directory,
        page,
        running=None,
        start_user_id=principal.user_id,
        begin=empty_filter(beginDate),
        end=empty_filter(endDate),
        title=empty_filter(title),
    )


@router.get("/getTaskDef")
async def get_task_def(
    request: Request,
    session: SessionDep,
    principal: CurrentPrincipal,
    taskId: str | None = None,
    taskDefKey: str | None = None,  # noqa: N803
    procInsId: str | None = None,
    procDefId: str | None = None,
    status: str | None = None,  # noqa: N803
) -> Any:
    """Form type, form url, read-only flag and ids for the task screen."""
    info = await queries.task_def(
        session,
        task_id=empty_filter(taskId),
        task_def_key=empty_filter(taskDefKey),
        proc_ins_id=empty_filter(procInsId),
        proc_def_id=empty_filter(procDefId),
        status=empty_filter(status),
    )
    await check_instance_visible(request, session, principal.user_id, info.get("procInsId"))
    return info


@router.get("/getTaskInfo")
async def get_task_info(
    request: Request, session: SessionDep, principal: CurrentPrincipal, taskId: str
) -> Any:  # noqa: N803
    """The task screen's definition plus the node's buttons (for those who may see the instance)."""
    info = await queries.task_def(
        session, task_id=taskId, task_def_key=None, proc_ins_id=None, proc_def_id=None, status="todo"
    )
    await check_instance_visible(request, session, principal.user_id, info.get("procInsId"))
    info["flowButtonList"] = await queries.node_buttons(session, info["procDefKey"], info["taskDefKey"] or "")
    return info


@router.post("/audit")
async def audit(request: Request, principal: CurrentPrincipal) -> Any:
    """Completes the task with ``vars`` (JSON) and the handler's ``comment`` (JSON)."""
    fields = await _fields(request)
    task_id = fields.get("taskId") or ""
    comment = _json(fields.get("comment"), "comment")
    await service.audit(
        runtime_of(request.app),
        task_id,
        variables=_json(fields.get("vars"), "vars"),
        comment=comment,
        assignee=empty_filter(fields.get("assignee")) or empty_filter(str(comment.get("assignee") or "")),
        actor=principal.user_id,
        groups=await _groups(request, principal.user_id),
    )
    return message(translate("workflow.task.audited"))


@router.put("/delegate")
async def delegate(request: Request, principal: CurrentPrincipal, taskId: str, userId: str = "") -> Any:  # noqa: N803
    """Delegates the task to ``userId`` (it comes back to the owner)."""
    await service.delegate(
        runtime_of(request.app),
        taskId,
        userId,
        actor=principal.user_id,
        groups=await _groups(request, principal.user_id),
    )
    return message(translate("workflow.task.delegated"))


@router.put("/transfer")
async def transfer(request: Request, principal: CurrentPrincipal, taskId: str, userId: str = "") -> Any:  # noqa: N803
    """Transfers the task to ``userId``."""
    await service.transfer(
        runtime_of(request.app),
        taskId,
        userId,
        actor=principal.user_id,
        groups=await _groups(request, principal.user_id),
    )
    return message(translate("workflow.task.transferred"))


@router.put("/callback")
async def callback(
    request: Request,
    principal: CurrentPrincipal,
    processInstanceId: str,
    preTaskDefKey: str,  # noqa: N803
    currentTaskId: str,  # noqa: N803
) -> Any:
    """Takes a completed task back while the next one is untouched."""
    await service.callback(
        runtime_of(request.app), processInstanceId, preTaskDefKey, currentTaskId, actor=principal.user_id
    )
    return message(translate("workflow.task.callback_done"))


@router.put("/backNodes")
async def back_nodes(request: Request, principal: CurrentPrincipal, taskId: str) -> Any:  # noqa: N803
    """The nodes the task may be sent back to; with ``backTaskDefKey`` (the client's ``back``) sends it."""
    target = empty_filter(request.query_params.get("backTaskDefKey"))
    if target is not None:
        return await back(request, principal, taskId)
    return await service.back_nodes(runtime_of(request.app), taskId, actor=principal.user_id)


@router.put("/back")
async def back(request: Request, principal: CurrentPrincipal, taskId: str) -> Any:  # noqa: N803
    """Sends the task back to ``backTaskDefKey`` (default: the nearest node it can go back to)."""
    fields = dict(request.query_params)
    comment = {
        "type": fields.get("type") or "_flow_back",
        "status": fields.get("status") or "驳回",
        "message": fields.get("message") or "",
    }
    await service.back(
        runtime_of(request.app),
        taskId,
        empty_filter(fields.get("backTaskDefKey")),
        comment,
        actor=principal.user_id,
        groups=await _groups(request, principal.user_id),
    )
    return message(translate("workflow.task.backed"))


@router.put("/rejectAndOver")
async def reject_and_over(
    request: Request,
    principal: CurrentPrincipal,
    taskId: str,
    procInsId: str = "",  # noqa: N803
) -> Any:
    """Rejects and ends the instance."""
    await service.reject_and_over(
        runtime_of(request.app),
        procInsId,
        taskId,
        empty_filter(request.query_params.get("message")),
        actor=principal.user_id,
        groups=await _groups(request, principal.user_id),
    )
    return message(translate("workflow.task.reject_over"))


@router.post("/addSignTask")
async def add_sign_task(request: Request, principal: CurrentPrincipal) -> Any:
    """Adds signers to the countersign node (form-encoded ``taskId``, ``userIds``, ``comment``)."""
    fields = await _fields(request)
    await service.add_sign(
        runtime_of(request.app),
        fields.get("taskId") or "",
        _ids(fields.get("userIds")),
        empty_filter(fields.get("comment")),
        actor=principal.user_id,
        groups=await _groups(request, principal.user_id),
    )
    return message(translate("workflow.task.add_signed"))


@router.post("/delSignTask")
async def del_sign_task(request: Request, principal: CurrentPrincipal) -> Any:
    """减签 (``_flow_del_multi_instance``): removes signers from the countersign node
    (form-encoded or query ``taskId``, ``userIds``, ``comment``)."""
    fields = await _fields(request)
    await service.delete_sign(
        runtime_of(request.app),
        fields.get("taskId") or "",
        _ids(fields.get("userIds")),
        empty_filter(fields.get("comment")),
        actor=principal.user_id,
        groups=await _groups(request, principal.user_id),
    )
    return message(translate("workflow.task.del_signed"))


@router.post("/urge")
async def urge(request: Request, principal: CurrentPrincipal) -> Any:
    """Reminds the current handlers (form-encoded ``procInsId`` or ``taskId``, ``message``); only
    those who may see the instance may urge it."""
    fields = await _fields(request)
    proc_ins_id = empty_filter(fields.get("procInsId") or fields.get("processInstanceId"))
    task_id = empty_filter(fields.get("taskId"))
    async with request.app.state.session_factory() as session:
        if proc_ins_id is None and task_id is not None:
            found = await session.execute(
                text("SELECT proc_inst_id FROM act_ru_task WHERE id = :t"), {"t": task_id}
            )
            proc_ins_id = found.scalar_one_or_none()
        await check_instance_visible(request, session, principal.user_id, proc_ins_id)
    await service.urge(
        runtime_of(request.app),
        empty_filter(fields.get("procInsId") or fields.get("processInstanceId")),
        empty_filter(fields.get("taskId")),
        empty_filter(fields.get("message") or fields.get("content")),
        actor=principal.user_id,
    )
    return message(translate("workflow.task.urged"))


@router.get("/getFlowChart")
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

        xml = (await model_service.get(session, modelId)).bpmn_xml
    return await process_queries.flow_chart(
        session,
        proc_inst_id=empty_filter(processInstanceId),
        proc_def_id=empty_filter(processDefId),
        model_xml=xml,
    )
