"""``/flowable/task/...``: start, lists, the task screen and every task operation.

``start`` and ``audit`` take their fields in the query string (the JeePlus client's ``params``), a
form or a JSON object (``loom_platform.fields``). ``vars`` and ``comment`` arrive as JSON text.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, Request

from loom_platform import logtitles
from loom_platform.auth import CurrentPrincipal, Principal
from loom_platform.db import SessionDep
from loom_platform.fields import request_fields
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.openapi import fields_body, query
from loom_platform.paging import PageDep, empty_filter
from loom_workflow import caller
from loom_workflow.engine_host import runtime_of
from loom_workflow.flowcopy.access import check_instance_visible
from loom_workflow.process import queries as process_queries
from loom_workflow.process.schemas import InstancePage
from loom_workflow.task import countersign, queries, service
from loom_workflow.task import start as starting
from loom_workflow.task.schemas import (
    AuditRequest,
    BackNode,
    BackRequest,
    DonePage,
    HistoryStep,
    Signer,
    SignRequest,
    StartRequest,
    TaskDef,
    TaskInfo,
    TodoPage,
    UrgeRequest,
)
from loom_workflow.users import user_names

# the task operations are logged under 待办任务 (a start under 发起流程)
router = APIRouter(prefix="/flowable/task", tags=["task"], dependencies=[logtitles.under("flowable:task")])


# what sending a task back reads from the query string
BACK_PARAMS = query(
    backTaskDefKey="the node to send the task back to",
    backType="initiator (驳回到发起人) or previous (驳回到上一步), instead of a node",
    type="the comment's type",
    status="the comment's status",
    message="the comment",
)


# what adding or removing countersigners reads
SIGN_FIELDS = fields_body(taskId="the task", userIds="users, comma-joined", comment="the comment")


async def _run(
    request: Request,
    principal: Principal,
    command: Callable[..., Awaitable[Any]],
    read: Callable[[dict[str, Any]], Any],
    **more: Any,
) -> Any:
    """Runs a task command, as the caller, on what ``read`` takes from the request's fields."""
    fields = read(await request_fields(request))
    return await command(runtime_of(request.app), fields, **more, **await caller.acting(request, principal))


@router.post(
    "/start",
    dependencies=[logtitles.under("flowable:start")],
    openapi_extra=fields_body(
        procDefKey="the process key (or procDefId)",
        procDefId="the process definition",
        businessTable="the business table",
        businessId="the business record",
        title="the instance's title",
        assignee="the first handler, when the start chooses one",
        vars="the start form's values (a JSON object)",
    ),
    response_model=str,
)
async def start(request: Request, principal: CurrentPrincipal) -> Any:
    """Starts a process (``procDefKey`` or ``procDefId``, ``businessTable``, ``businessId``, ``title``,
    ``assignee``; any other field, and ``vars`` JSON, is a start form value and a process variable);
    answers the instance id."""
    initiator = await caller.initiator(request, principal)
    return await _run(request, principal, starting.start, StartRequest.from_fields, initiator=initiator)


@router.get("/todo", response_model=TodoPage)
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
        groups=await caller.roles(request, principal),
        begin=empty_filter(beginDate),
        end=empty_filter(endDate),
        title=empty_filter(title),
        process_name=empty_filter(procDefName),
    )


@router.get("/historic", response_model=DonePage)
async def historic(
    request: Request,
    session: SessionDep,
    page: PageDep,
    principal: CurrentPrincipal,
    beginDate: str | None = None,
    endDate: str | None = None,  # noqa: N803
) -> Any:
    """Tasks the caller completed (their own latest completions included: read-your-writes)."""
    await runtime_of(request.app).settle_history(actor=principal.user_id)
    return await queries.historic(
        session,
        request.app.state.directory,
        page,
        user_id=principal.user_id,
        begin=empty_filter(beginDate),
        end=empty_filter(endDate),
    )


@router.get("/historicTaskList", response_model=list[HistoryStep], response_model_exclude_unset=True)
async def historic_task_list(
    request: Request, session: SessionDep, principal: CurrentPrincipal, procInsId: str
) -> Any:  # noqa: N803
    """The steps of an instance with handlers, comments and durations (for those who may see it)."""
    await check_instance_visible(request, session, principal.user_id, procInsId)
    return await queries.historic_task_list(session, request.app.state.directory, procInsId)


@router.get("/myApplyed", response_model=InstancePage)
async def my_applyed(
    request: Request,
    session: SessionDep,
    page: PageDep,
    principal: CurrentPrincipal,
    beginDate: str | None = None,
    endDate: str | None = None,
    title: str | None = None,  # noqa: N803
) -> Any:
    """Instances the caller started (what others did to them included: read-your-writes)."""
    await runtime_of(request.app).settle_history(actor=principal.user_id, starter=principal.user_id)
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


@router.get("/getTaskDef", response_model=TaskDef)
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
    await runtime_of(request.app).settle_history(actor=principal.user_id, instances=[empty_filter(procInsId)])
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


@router.get("/getTaskInfo", response_model=TaskInfo, response_model_exclude_unset=True)
async def get_task_info(
    request: Request, session: SessionDep, principal: CurrentPrincipal, taskId: str
) -> Any:  # noqa: N803
    """The task screen's definition plus the node's buttons (for those who may see the instance)."""
    info = await queries.task_def(
        session, task_id=taskId, task_def_key=None, proc_ins_id=None, proc_def_id=None, status="todo"
    )
    await check_instance_visible(request, session, principal.user_id, info.get("procInsId"))
    info["flowButtonList"] = await queries.task_buttons(session, info)
    if info.get("owner"):
        info["ownerName"] = (await user_names(request.app.state.directory, [info["owner"]])).get(
            info["owner"], ""
        )
    return info


@router.post(
    "/audit",
    openapi_extra=fields_body(
        taskId="the task",
        vars="the form's values (a JSON object)",
        comment="the comment (a JSON object: type, status, message)",
        assignee="the next handler, when the node asks for one",
    ),
)
async def audit(request: Request, principal: CurrentPrincipal) -> Message:
    """Completes the task with ``vars`` (JSON) and the handler's ``comment`` (JSON)."""
    await _run(request, principal, service.audit, AuditRequest.from_fields)
    return message(translate("workflow.task.audited"))


async def _hand_over(
    request: Request, principal: Principal, task_id: str, user_id: str, how: service.HandOver
) -> None:
    await service.hand_over(
        runtime_of(request.app), task_id, user_id, how, **await caller.acting(request, principal)
    )


@router.put("/delegate")
async def delegate(request: Request, principal: CurrentPrincipal, taskId: str, userId: str = "") -> Message:  # noqa: N803
    """Delegates the task to ``userId`` (it comes back to the owner)."""
    await _hand_over(request, principal, taskId, userId, service.DELEGATE)
    return message(translate("workflow.task.delegated"))


@router.put("/transfer")
async def transfer(request: Request, principal: CurrentPrincipal, taskId: str, userId: str = "") -> Message:  # noqa: N803
    """Transfers the task to ``userId``."""
    await _hand_over(request, principal, taskId, userId, service.TRANSFER)
    return message(translate("workflow.task.transferred"))


@router.put("/callback")
async def callback(
    request: Request,
    principal: CurrentPrincipal,
    processInstanceId: str,
    preTaskDefKey: str,  # noqa: N803
    currentTaskId: str,  # noqa: N803
) -> Message:
    """Takes a completed task back while the next one is untouched."""
    await service.callback(
        runtime_of(request.app), processInstanceId, preTaskDefKey, currentTaskId, actor=principal.user_id
    )
    return message(translate("workflow.task.callback_done"))


@router.put(
    "/backNodes",
    openapi_extra=BACK_PARAMS,
    # the nodes a task may go back to; with backTaskDefKey it sends it back (the message)
    response_model=list[BackNode] | str,
)
async def back_nodes(
    request: Request,
    principal: CurrentPrincipal,
    session: SessionDep,
    taskId: str,  # noqa: N803
) -> Any:
    """The nodes the task may be sent back to; with ``backTaskDefKey`` or ``backType`` (the
    client's ``back``) sends it."""
    target = empty_filter(request.query_params.get("backTaskDefKey"))
    if target is not None or empty_filter(request.query_params.get("backType")) is not None:
        return await back(request, principal, session, taskId)
    return await service.back_nodes(runtime_of(request.app), taskId, actor=principal.user_id)


@router.put(
    "/back",
    openapi_extra=BACK_PARAMS,
)
async def back(
    request: Request,
    principal: CurrentPrincipal,
    session: SessionDep,
    taskId: str,  # noqa: N803
) -> Message:
    """Sends the task back to ``backTaskDefKey``, or by ``backType`` to the initiator's node
    (``initiator``, 驳回到发起人) or the previous step (``previous``, 驳回到上一步); default: the
    nearest node it can go back to; with the comment's ``type``, ``status`` and ``message``."""
    await service.back(
        runtime_of(request.app),
        BackRequest.from_fields(taskId, request.query_params),
        **await caller.acting(request, principal),
        session=session,
    )
    return message(translate("workflow.task.backed"))


@router.put("/rejectAndOver", openapi_extra=query(message="the reason"))
async def reject_and_over(
    request: Request,
    principal: CurrentPrincipal,
    taskId: str,
    procInsId: str = "",  # noqa: N803
) -> Message:
    """Rejects and ends the instance."""
    await service.reject_and_over(
        runtime_of(request.app),
        procInsId,
        taskId,
        empty_filter(request.query_params.get("message")),
        **await caller.acting(request, principal),
    )
    return message(translate("workflow.task.reject_over"))


@router.post(
    "/addSignTask",
    openapi_extra=SIGN_FIELDS,
)
async def add_sign_task(request: Request, principal: CurrentPrincipal) -> Message:
    """Adds signers to the countersign node (form-encoded ``taskId``, ``userIds``, ``comment``)."""
    await _run(request, principal, countersign.add_sign, SignRequest.from_fields)
    return message(translate("workflow.task.add_signed"))


@router.get("/signers", response_model=list[Signer])
async def signers(request: Request, session: SessionDep, principal: CurrentPrincipal, taskId: str) -> Any:  # noqa: N803
    """The other signers still open at the task's countersign node (whom 减签 may remove):
    ``[{id, name}]``, for those who may see the instance."""
    await check_instance_visible(
        request, session, principal.user_id, await queries.instance_of_task(session, taskId)
    )
    return await queries.countersigners(session, request.app.state.directory, taskId)


@router.post(
    "/delSignTask",
    openapi_extra=SIGN_FIELDS,
)
async def del_sign_task(request: Request, principal: CurrentPrincipal) -> Message:
    """减签 (``_flow_del_multi_instance``): removes signers from the countersign node
    (form-encoded or query ``taskId``, ``userIds``, ``comment``)."""
    await _run(request, principal, countersign.delete_sign, SignRequest.from_fields)
    return message(translate("workflow.task.del_signed"))


@router.post(
    "/urge",
    openapi_extra=fields_body(
        procInsId="the instance (or taskId)", taskId="a task of it", message="the reminder"
    ),
)
async def urge(request: Request, principal: CurrentPrincipal) -> Message:
    """Reminds the current handlers (form-encoded ``procInsId`` or ``taskId``, ``message``); only
    those who may see the instance may urge it."""
    urged = UrgeRequest.from_fields(await request_fields(request))
    proc_ins_id = urged.proc_ins_id
    async with request.app.state.session_factory() as session:
        if proc_ins_id is None and urged.task_id is not None:
            proc_ins_id = await queries.instance_of_task(session, urged.task_id)
        await check_instance_visible(request, session, principal.user_id, proc_ins_id)
    await service.urge(runtime_of(request.app), urged, actor=principal.user_id)
    return message(translate("workflow.task.urged"))
