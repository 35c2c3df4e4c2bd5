"""``/flowable/process/...``: definitions and instances."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter

from loom_platform import logtitles
from loom_platform.auth import CurrentAccess, CurrentPrincipal, Principal, require_permission
from loom_platform.db import SessionDep
from loom_platform.fields import QueryFields
from loom_platform.http import Message, message
from loom_platform.i18n import current_language, translate
from loom_platform.openapi import query
from loom_platform.paging import PageDep, empty_filter, parse_page
from loom_platform.wire import split_ids
from loom_workflow.engine_host import RuntimeDep
from loom_workflow.flowcopy.access import Rights, visible_instance_if_given
from loom_workflow.process import queries, service
from loom_workflow.process.errors import InstanceNotFound
from loom_workflow.process.schemas import (
    DefinitionPage,
    FlowChart,
    InstancePage,
    ProcessStatus,
    ProcessVariables,
)
from loom_workflow.process.scope import HISTORY_MENU, RUNNING_MENU, Scope, all_in_scope, in_scope
from loom_workflow.process.status import render_status, status_of
from loom_workflow.settle import AllWrites, instance_writes
from loom_workflow.users import user_roles

router = APIRouter(prefix="/flowable/process", tags=["process"])

CanActivate = Annotated[Principal, require_permission("flowable:process:active", "flowable:process:edit")]
CanSuspend = Annotated[Principal, require_permission("flowable:process:suspend", "flowable:process:edit")]
# act:process:del: the JeePlus client's key for deleting a definition (its 流程定义 list).
CanDeleteDefinition = Annotated[Principal, require_permission("flowable:process:del", "act:process:del")]
CanViewRunning = Annotated[Principal, require_permission("flowable:instance:view")]
CanDeleteRunning = Annotated[Principal, require_permission("flowable:instance:del", "flowable:instance:stop")]
CanViewHistory = Annotated[Principal, require_permission("flowable:history:view", "flowable:instance:view")]
CanDeleteHistory = Annotated[Principal, require_permission("flowable:history:del")]
# instances named in the query string, each within the caller's data scope through a monitor's menu
# (404 otherwise); declared after the permission, which is checked first
RunningInstance = Annotated[str, in_scope(RUNNING_MENU, "procInsId")]
HistoricInstance = Annotated[str, in_scope(HISTORY_MENU, "procInsId")]


@router.get("/list", response_model=DefinitionPage, response_model_exclude_unset=True)
async def list_definitions(
    query_string: QueryFields,
    runtime: RuntimeDep,
    session: SessionDep,
    page: PageDep,
    principal: CurrentPrincipal,
    name: str | None = None,
    category: str | None = None,
    allVersions: str | None = None,  # noqa: N803 - wire name
    startable: str | None = None,
    formUrl: str | None = None,  # noqa: N803 - wire name
) -> Any:
    """Deployed definitions, latest version per key; with ``startable=1`` (the start screen) only
    those the caller may start (candidateStarterUsers/Groups), and with ``formUrl`` only those whose
    start node's form is that address (a workflow form's 新建 starts its process). Paged by ``pageNo``/``pageSize``
    (the JeePlus client's 流程定义 list), the page is also ``{success, page: {list, count}}``."""
    if startable == "1":
        return await service.startable_definitions(
            session,
            runtime,
            page,
            user_id=principal.user_id,
            groups=await user_roles(runtime.directory, principal.user_id),
            name=empty_filter(name),
            category=empty_filter(category),
            form_url=empty_filter(formUrl),
        )
    legacy = query_string.get("pageNo")
    if legacy is not None:  # the JeePlus client's 流程定义 still speaks the older paging
        page = parse_page({"current": legacy, "size": query_string.get("pageSize", "10")})
    answer = await queries.definitions(
        session,
        page,
        name=empty_filter(name),
        category=empty_filter(category),
        latest_only=allVersions != "1",
    )
    if legacy is not None:
        answer |= {"success": True, "page": {"list": answer["records"], "count": answer["total"]}}
    return answer


@router.get("/historicVariables", response_model=ProcessVariables)
async def historic_variables(session: SessionDep, _: CanViewHistory, proc_ins_id: HistoricInstance) -> Any:
    """The instance's variables as last written (kept after it ends): the history screens' form values
    (404 for an instance outside the caller's data scope)."""
    return await queries.historic_variables(session, proc_ins_id)


@router.get("/exist")
async def exist(session: SessionDep, _: CurrentPrincipal, key: str) -> bool:
    """True when a definition with this key is deployed."""
    return await queries.key_deployed(session, key)


@router.put("/update/suspend")
async def suspend(runtime: RuntimeDep, principal: CanSuspend, procDefId: str) -> Message:  # noqa: N803
    """Suspends a definition: no new instances; running ones wait."""
    await service.set_suspended(runtime, procDefId, True, actor=principal.user_id)
    return message(translate("workflow.definition.suspend_done", id=procDefId))


@router.put("/update/active")
async def activate(runtime: RuntimeDep, principal: CanActivate, procDefId: str) -> Message:  # noqa: N803
    """Activates a suspended definition."""
    await service.set_suspended(runtime, procDefId, False, actor=principal.user_id)
    return message(translate("workflow.definition.active_done", id=procDefId))


@router.put("/instance/suspend")
async def suspend_instance(
    runtime: RuntimeDep, principal: CanSuspend, proc_ins_id: RunningInstance
) -> Message:
    """Suspends one running instance (its tasks wait); the definition and other instances run on.
    An instance outside the caller's data scope (运行中流程's menu) is 404."""
    await service.set_instance_suspended(runtime, proc_ins_id, True, actor=principal.user_id)
    return message(translate("workflow.instance.suspend_done"))


@router.put("/instance/active")
async def activate_instance(
    runtime: RuntimeDep, principal: CanActivate, proc_ins_id: RunningInstance
) -> Message:
    """Activates one suspended instance (404 outside the caller's data scope)."""
    await service.set_instance_suspended(runtime, proc_ins_id, False, actor=principal.user_id)
    return message(translate("workflow.instance.active_done"))


@router.delete("/delete")
async def delete_definitions(runtime: RuntimeDep, principal: CanDeleteDefinition, ids: str = "") -> Message:
    """Deletes definition versions (``?ids`` of definitions) with their deployment, instances and
    history, as Flowable's cascading deployment delete; the model and other versions stay."""
    removed = await service.delete_definitions(runtime, split_ids(ids), actor=principal.user_id)
    return message(translate("workflow.definition.deleted", count=removed))


async def _monitored(
    runtime: RuntimeDep, session: SessionDep, page: PageDep, scope: Scope, title: str | None, *, running: bool
) -> Any:
    """The running or ended instances of a monitor screen whose starter the caller's data scope (from
    that screen's menu) reaches."""
    return await queries.instances(
        session,
        runtime.directory,
        page,
        running=running,
        title=empty_filter(title),
        access=await scope.access(RUNNING_MENU if running else HISTORY_MENU),
    )


@router.get("/runningData", response_model=InstancePage)
async def running(
    runtime: RuntimeDep,
    session: SessionDep,
    page: PageDep,
    _: CanViewRunning,
    _settled: AllWrites,
    scope: Scope,
    title: str | None = None,
) -> Any:
    """Running instances whose starter the caller's data scope reaches (every history record applied
    first)."""
    return await _monitored(runtime, session, page, scope, title, running=True)


@router.get("/historyListData", response_model=InstancePage)
async def history(
    runtime: RuntimeDep,
    session: SessionDep,
    page: PageDep,
    _: CanViewHistory,
    _settled: AllWrites,
    scope: Scope,
    title: str | None = None,
) -> Any:
    """Ended instances (completed, revoked, stopped, cancelled) whose starter the caller's data
    scope reaches (every history record applied first)."""
    return await _monitored(runtime, session, page, scope, title, running=False)


@router.put("/revokeProcIns", dependencies=[logtitles.under("flowable:apply")])
async def revoke(runtime: RuntimeDep, principal: CurrentPrincipal, id: str) -> Message:
    """The initiator withdraws the instance while the next task is untouched."""
    await service.revoke(runtime, id, actor=principal.user_id)
    return message(translate("workflow.instance.revoked"))


@router.put(
    "/stop", openapi_extra=query(message="the reason"), dependencies=[logtitles.under("flowable:instance")]
)
async def stop(
    query_string: QueryFields,
    runtime: RuntimeDep,
    session: SessionDep,
    principal: CurrentPrincipal,
    access: CurrentAccess,
    scope: Scope,
    id: str,  # noqa: A002 - wire name
) -> Message:
    """Stops a running instance with a message (``?id&message``): its initiator, a handler of a
    current task, or a holder of ``flowable:instance:stop`` within their data scope (outside it,
    an instance they take no part in is 404)."""
    admin = access.allows("flowable:instance:stop")
    hidden = admin and await scope.outside(session, RUNNING_MENU, [id])
    await service.stop(
        runtime,
        id,
        empty_filter(query_string.get("message")),
        actor=principal.user_id,
        admin=admin and not hidden,
        hidden=hidden,
    )
    return message(translate("workflow.instance.stopped"))


@router.delete("/deleteProcIns")
async def delete_running(
    runtime: RuntimeDep,
    principal: CanDeleteRunning,
    ids: Annotated[list[str], all_in_scope(RUNNING_MENU, "ids")],
    reason: str | None = None,
) -> Message:
    """Cancels running instances with a reason (作废); none when one is outside the caller's data scope (404)."""
    await service.delete_running(runtime, ids, reason, actor=principal.user_id)
    return message(translate("workflow.instance.deleted"))


@router.delete("/history/deleteAllProcIns")
async def delete_history(
    runtime: RuntimeDep,
    principal: CanDeleteHistory,
    ids: Annotated[list[str], all_in_scope(HISTORY_MENU, "procInsIds")],
) -> Message:
    """Removes ended instances from history; none when one is outside the caller's data scope (404)."""
    await service.delete_history(runtime, ids, actor=principal.user_id)
    return message(translate("workflow.instance.history_deleted"))


@router.get("/getFlowChart", response_model=FlowChart)
async def flow_chart(
    session: SessionDep,
    proc_ins_id: Annotated[str | None, visible_instance_if_given("procInsId")],
    processDefId: str | None = None,  # noqa: N803
) -> Any:
    """The definition's XML (and, for an instance, the visited nodes and taken flows)."""
    return await queries.flow_chart(session, proc_inst_id=proc_ins_id, proc_def_id=empty_filter(processDefId))


@router.get("/queryProcessStatus", response_model=ProcessStatus)
async def process_status(
    session: SessionDep,
    rights: Rights,
    procInsId: str,
    _settled: Annotated[int, instance_writes("procInsId")],
) -> Any:  # noqa: N803
    """``{code, status, level}`` of an instance (for those who may see it; 404 before 403)."""
    found = await queries.instance(session, procInsId)
    if found is None:
        raise InstanceNotFound()
    await rights.check(session, procInsId)
    return render_status(status_of(found.end_time, found.delete_reason), current_language.get())
