"""``/external-task/...``: Camunda's external-task API for workers (their own token, their topics only),
and the administrators' routes (workers' credentials, the list of external tasks, unlock, retries)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response

from loom_platform import logtitles
from loom_platform.auth import Principal, current_principal, holds_any, require_permission
from loom_platform.crud import add_routes
from loom_platform.db import SessionDep, transaction
from loom_platform.errors import PermissionDenied
from loom_platform.paging import PageDep, empty_filter
from loom_workflow.engine.commands import SetJobRetries
from loom_workflow.engine_host import RuntimeDep
from loom_workflow.external import service, workers
from loom_workflow.external.auth import CurrentWorker, Worker, current_worker, is_worker_token
from loom_workflow.external.resources import EDIT, VIEW, WORKER
from loom_workflow.external.schemas import (
    Complete,
    ExtendLock,
    ExternalTaskPage,
    Failure,
    FetchAndLock,
    LockedExternalTask,
    SetRetries,
    ThrowBpmnError,
    WorkerToken,
)

router = APIRouter(
    prefix="/external-task", tags=["external-task"], dependencies=[logtitles.under("external")]
)

CanView = Annotated[Principal, require_permission(*VIEW)]
CanEdit = Annotated[Principal, require_permission(*EDIT)]
NO_CONTENT = {"status_code": 204, "response_class": Response}

add_routes(router, WORKER, prefix="/worker")


@router.post("/worker/token")
async def issue_token(session: SessionDep, principal: CanEdit, id: str) -> WorkerToken:  # noqa: A002 - wire name
    """Issues the worker's token (its previous one stops working); the answer is the only place it shows."""
    async with transaction(session):
        return await workers.new_token(session, id, actor=principal.user_id)


@router.get("/list")
async def list_tasks(
    session: SessionDep,
    page: PageDep,
    _: CanView,
    topicName: str | None = None,  # noqa: N803 - wire name
    incidents: bool = False,
) -> ExternalTaskPage:
    """External tasks (waiting, locked, or with an incident), oldest first."""
    return await service.page(session, page, topic=empty_filter(topicName), incidents=incidents)


@router.post("/fetchAndLock")
async def fetch_and_lock(
    runtime: RuntimeDep, body: FetchAndLock, worker: CurrentWorker
) -> list[LockedExternalTask]:
    """Locks up to ``maxTasks`` tasks of the requested topics (each for its ``lockDuration``), waiting
    up to ``asyncResponseTimeout`` ms for one; a topic the worker's credentials do not name is a 403."""
    return await service.fetch_and_lock(
        runtime, worker, body, max_wait_seconds=runtime.settings.external_task_max_wait_seconds
    )


@router.post("/{task_id}/complete", **NO_CONTENT)
async def complete(runtime: RuntimeDep, task_id: str, body: Complete, worker: CurrentWorker) -> None:
    """Completes a task the worker holds, with its variables; the process goes on."""
    await service.complete(runtime, worker, task_id, body)


@router.post("/{task_id}/failure", **NO_CONTENT)
async def failure(runtime: RuntimeDep, task_id: str, body: Failure, worker: CurrentWorker) -> None:
    """Reports a failure: ``retries`` left (0: an incident in the monitor), fetchable again after
    ``retryTimeout`` ms."""
    await service.fail(runtime, worker, task_id, body)


@router.post("/{task_id}/bpmnError", **NO_CONTENT)
async def bpmn_error(runtime: RuntimeDep, task_id: str, body: ThrowBpmnError, worker: CurrentWorker) -> None:
    """Throws a BPMN error: an error boundary event catching ``errorCode`` takes the process on."""
    await service.throw(runtime, worker, task_id, body)


@router.post("/{task_id}/extendLock", **NO_CONTENT)
async def extend_lock(runtime: RuntimeDep, task_id: str, body: ExtendLock, worker: CurrentWorker) -> None:
    """Extends the worker's lock: it ends ``newDuration`` ms from now."""
    await service.extend(runtime, worker, task_id, body)


async def _worker_or_admin(request: Request, session: SessionDep) -> Worker | None:
    """A worker (with its token), or a user holding the external tasks' edit right."""
    if is_worker_token(request):
        return await current_worker(request, session)
    await current_principal(request)
    if not holds_any(request, *EDIT):
        raise PermissionDenied(permission=" | ".join(EDIT))
    return None


@router.post("/{task_id}/unlock", **NO_CONTENT)
async def unlock(
    runtime: RuntimeDep, task_id: str, worker: Annotated[Worker | None, Depends(_worker_or_admin)]
) -> None:
    """Gives a task back (a worker: one it holds; an administrator: any)."""
    await service.unlock(runtime, task_id, worker)


@router.put("/{task_id}/retries", **NO_CONTENT)
async def set_retries(runtime: RuntimeDep, task_id: str, body: SetRetries, principal: CanEdit) -> None:
    """Sets a task's retries: an incident's task is fetched again."""
    await runtime.run(SetJobRetries(task_id, body.retries), user_id=principal.user_id)
