"""``/flowable/task/...``: start, lists, the task screen and every task operation.

``start`` and ``audit`` take their fields in the query string (the JeePlus client's ``params``), a
form or a JSON object (``loom_platform.fields``). ``vars`` and ``comment`` arrive as JSON text.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends

from loom_platform import logtitles
from loom_platform.auth import CurrentPrincipal
from loom_platform.db import SessionDep
from loom_platform.fields import QueryFields, RequestFields
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.openapi import fields_body, query
from loom_platform.paging import PageDep, empty_filter
from loom_workflow.caller import Acting, Initiator, Roles
from loom_workflow.engine_host import RuntimeDep
from loom_workflow.flowcopy.access import Rights, visible_instance
from loom_workflow.process import queries as process_queries
from loom_workflow.process.schemas import InstancePage
from loom_workflow.settle import OwnAndStartedWrites, OwnWrites, instance_writes
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


async def _visible_task_def(
    rights: Rights,
    session: SessionDep,
    taskId: str | None = None,  # noqa: N803
    taskDefKey: str | None = None,  # noqa: N803
    procInsId: str | None = None,  # noqa: N803
    procDefId: str | None = None,  # noqa: N803
    status: str | None = None,
) -> dict[str, Any]:
    """The task screen's definition, for those who may see its instance."""
    info = await queries.task_def(
        session,
        task_id=empty_filter(taskId),
        task_def_key=empty_filter(taskDefKey),
        proc_ins_id=empty_filter(procInsId),
        proc_def_id=empty_filter(procDefId),
        status=empty_filter(status),
    )
    await rights.check(session, info.get("procInsId"))
    return info


async def _visible_todo_task(rights: Rights, session: SessionDep, taskId: str) -> dict[str, Any]:  # noqa: N803
    """An open task's screen definition, for those who may see its instance."""
    info = await queries.task_def(
        session, task_id=taskId, task_def_key=None, proc_ins_id=None, proc_def_id=None, status="todo"
    )
    await rights.check(session, info.get("procInsId"))
    return info


async def _visible_task(rights: Rights, session: SessionDep, taskId: str) -> str:  # noqa: N803
    """The task, once the caller may see its instance."""
    await rights.check(session, await queries.instance_of_task(session, taskId))
    return taskId


VisibleTaskDef = Annotated[dict[str, Any], Depends(_visible_task_def)]
VisibleTodoTask = Annotated[dict[str, Any], Depends(_visible_todo_task)]
VisibleTask = Annotated[str, Depends(_visible_task)]


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
async def start(runtime: RuntimeDep, fields: RequestFields, acting: Acting, initiator: Initiator) -> Any:
    """Starts a process (``procDefKey`` or ``procDefId``, ``businessTable``, ``businessId``, ``title``,
    ``assignee``; any other field, and ``vars`` JSON, is a start form value and a process variable);
    answers the instance id."""
    return await starting.start(runtime, StartRequest.from_fields(fields), initiator=initiator, **acting)


@router.get("/todo", response_model=TodoPage)
async def todo(
    runtime: RuntimeDep,
    session: SessionDep,
    page: PageDep,
    principal: CurrentPrincipal,
    groups: Roles,
    beginDate: str | None = None,
    endDate: str | None = None,  # noqa: N803
    title: str | None = None,
    procDefName: str | None = None,  # noqa: N803
) -> Any:
    """The caller's open tasks (``status`` 'todo' when assigned to them, 'claim' when offered),
    searchable by title, process name and time range."""
    return await queries.todo(
        session,
        runtime.directory,
        page,
        user_id=principal.user_id,
        groups=groups,
        begin=empty_filter(beginDate),
        end=empty_filter(endDate),
        title=empty_filter(title),
        process_name=empty_filter(procDefName),
    )


@router.get("/historic", response_model=DonePage)
async def historic(
    runtime: RuntimeDep,
    session: SessionDep,
    page: PageDep,
    principal: CurrentPrincipal,
    _settled: OwnWrites,
    beginDate: str | None = None,
    endDate: str | None = None,  # noqa: N803
) -> Any:
    """Tasks the caller completed (their own latest completions included: read-your-writes)."""
    return await queries.historic(
        session,
        runtime.directory,
        page,
        user_id=principal.user_id,
        begin=empty_filter(beginDate),
        end=empty_filter(endDate),
    )


@router.get("/historicTaskList", response_model=list[HistoryStep], response_model_exclude_unset=True)
async def historic_task_list(
    runtime: RuntimeDep, session: SessionDep, proc_ins_id: Annotated[str, visible_instance("procInsId")]
) -> Any:
    """The steps of an instance with handlers, comments and durations (for those who may see it)."""
    return await queries.historic_task_list(session, runtime.directory, proc_ins_id)


@router.get("/myApplyed", response_model=InstancePage)
async def my_applyed(
    runtime: RuntimeDep,
    session: SessionDep,
    page: PageDep,
    principal: CurrentPrincipal,
    _settled: OwnAndStartedWrites,
    beginDate: str | None = None,
    endDate: str | None = None,
    title: str | None = None,  # noqa: N803
) -> Any:
    """Instances the caller started (what others did to them included: read-your-writes)."""
    return await process_queries.instances(
        session,
        runtime.directory,
        page,
        running=None,
        start_user_id=principal.user_id,
        begin=empty_filter(beginDate),
        end=empty_filter(endDate),
        title=empty_filter(title),
    )


@router.get("/getTaskDef", response_model=TaskDef, dependencies=[instance_writes("procInsId")])
async def get_task_def(info: VisibleTaskDef) -> Any:
    """Form type, form url, read-only flag and ids for the task screen (``taskId``, ``taskDefKey``,
    ``procInsId``, ``procDefId``, ``status``), for those who may see the instance."""
    return info


@router.get("/getTaskInfo", response_model=TaskInfo, response_model_exclude_unset=True)
async def get_task_info(runtime: RuntimeDep, session: SessionDep, info: VisibleTodoTask) -> Any:
    """The task screen's definition plus the node's buttons (for those who may see the instance)."""
    info["flowButtonList"] = await queries.task_buttons(session, info)
    if info.get("owner"):
        info["ownerName"] = (await user_names(runtime.directory, [info["owner"]])).get(info["owner"], "")
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
async def audit(runtime: RuntimeDep, fields: RequestFields, acting: Acting) -> Message:
    """Completes the task with ``vars`` (JSON) and the handler's ``comment`` (JSON)."""
    await service.audit(runtime, AuditRequest.from_fields(fields), **acting)
    return message(translate("workflow.task.audited"))


@router.put("/delegate")
async def delegate(runtime: RuntimeDep, acting: Acting, taskId: str, userId: str = "") -> Message:  # noqa: N803
    """Delegates the task to ``userId`` (it comes back to the owner)."""
    await service.hand_over(runtime, taskId, userId, service.DELEGATE, **acting)
    return message(translate("workflow.task.delegated"))


@router.put("/transfer")
async def transfer(runtime: RuntimeDep, acting: Acting, taskId: str, userId: str = "") -> Message:  # noqa: N803
    """Transfers the task to ``userId``."""
    await service.hand_over(runtime, taskId, userId, service.TRANSFER, **acting)
    return message(translate("workflow.task.transferred"))


@router.put("/callback")
async def callback(
    runtime: RuntimeDep,
    principal: CurrentPrincipal,
    processInstanceId: str,
    preTaskDefKey: str,  # noqa: N803
    currentTaskId: str,  # noqa: N803
) -> Message:
    """Takes a completed task back while the next one is untouched."""
    await service.callback(runtime, processInstanceId, preTaskDefKey, currentTaskId, actor=principal.user_id)
    return message(translate("workflow.task.callback_done"))


@router.put(
    "/backNodes",
    openapi_extra=BACK_PARAMS,
    # the nodes a task may go back to; with backTaskDefKey it sends it back (the message)
    response_model=list[BackNode] | str,
)
async def back_nodes(
    query_string: QueryFields,
    runtime: RuntimeDep,
    acting: Acting,
    session: SessionDep,
    taskId: str,  # noqa: N803
) -> Any:
    """The nodes the task may be sent back to; with ``backTaskDefKey`` or ``backType`` (the
    client's ``back``) sends it."""
    target = empty_filter(query_string.get("backTaskDefKey"))
    if target is not None or empty_filter(query_string.get("backType")) is not None:
        return await back(query_string, runtime, acting, session, taskId)
    return await service.back_nodes(runtime, taskId, actor=acting["actor"])


@router.put(
    "/back",
    openapi_extra=BACK_PARAMS,
)
async def back(
    query_string: QueryFields,
    runtime: RuntimeDep,
    acting: Acting,
    session: SessionDep,
    taskId: str,  # noqa: N803
) -> Message:
    """Sends the task back to ``backTaskDefKey``, or by ``backType`` to the initiator's node
    (``initiator``, 驳回到发起人) or the previous step (``previous``, 驳回到上一步); default: the
    nearest node it can go back to; with the comment's ``type``, ``status`` and ``message``."""
    await service.back(
        runtime,
        BackRequest.from_fields(taskId, query_string),
        **acting,
        session=session,
    )
    return message(translate("workflow.task.backed"))


@router.put("/rejectAndOver", openapi_extra=query(message="the reason"))
async def reject_and_over(
    query_string: QueryFields,
    runtime: RuntimeDep,
    acting: Acting,
    taskId: str,
    procInsId: str = "",  # noqa: N803
) -> Message:
    """Rejects and ends the instance."""
    await service.reject_and_over(
        runtime,
        procInsId,
        taskId,
        empty_filter(query_string.get("message")),
        **acting,
    )
    return message(translate("workflow.task.reject_over"))


@router.post(
    "/addSignTask",
    openapi_extra=SIGN_FIELDS,
)
async def add_sign_task(runtime: RuntimeDep, fields: RequestFields, acting: Acting) -> Message:
    """Adds signers to the countersign node (form-encoded ``taskId``, ``userIds``, ``comment``)."""
    await countersign.add_sign(runtime, SignRequest.from_fields(fields), **acting)
    return message(translate("workflow.task.add_signed"))


@router.get("/signers", response_model=list[Signer])
async def signers(runtime: RuntimeDep, session: SessionDep, task_id: VisibleTask) -> Any:
    """The other signers still open at the task's countersign node (whom 减签 may remove):
    ``[{id, name}]``, for those who may see the instance."""
    return await queries.countersigners(session, runtime.directory, task_id)


@router.post(
    "/delSignTask",
    openapi_extra=SIGN_FIELDS,
)
async def del_sign_task(runtime: RuntimeDep, fields: RequestFields, acting: Acting) -> Message:
    """减签 (``_flow_del_multi_instance``): removes signers from the countersign node
    (form-encoded or query ``taskId``, ``userIds``, ``comment``)."""
    await countersign.delete_sign(runtime, SignRequest.from_fields(fields), **acting)
    return message(translate("workflow.task.del_signed"))


@router.post(
    "/urge",
    openapi_extra=fields_body(
        procInsId="the instance (or taskId)", taskId="a task of it", message="the reminder"
    ),
)
async def urge(runtime: RuntimeDep, session: SessionDep, rights: Rights, fields: RequestFields) -> Message:
    """Reminds the current handlers (form-encoded ``procInsId`` or ``taskId``, ``message``); only
    those who may see the instance may urge it."""
    urged = UrgeRequest.from_fields(fields)
    proc_ins_id = urged.proc_ins_id
    if proc_ins_id is None and urged.task_id is not None:
        proc_ins_id = await queries.instance_of_task(session, urged.task_id)
    await rights.check(session, proc_ins_id)
    await session.close()  # the command holds no connection of the request's pool while it runs
    await service.urge(runtime, urged, actor=rights.user_id)
    return message(translate("workflow.task.urged"))
