"""Builds the workflow app: routers, the engine runtime and the job scheduler."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI

import loom_workflow.messages  # noqa: F401  (registers the catalogue)
from loom_contracts.clients.sys_directory import DirectoryClient, directory_access_loader
from loom_platform.auth import AccessLoader
from loom_platform.grpc import Client
from loom_platform.service import ServiceSpec, create_app
from loom_workflow.analytics.router import router as analytics_router
from loom_workflow.category.router import router as category_router
from loom_workflow.connector.router import router as connector_router
from loom_workflow.decision.router import router as decision_router
from loom_workflow.diagram.router import router as diagram_router
from loom_workflow.dryrun.router import router as dryrun_router
from loom_workflow.engine_host import WorkflowRuntime
from loom_workflow.extension.router import routers as extension_routers
from loom_workflow.external.router import router as external_router
from loom_workflow.flowcopy.router import router as flowcopy_router
from loom_workflow.flowform.router import router as flowform_router
from loom_workflow.incident.router import router as incident_router
from loom_workflow.migration.router import router as migration_router
from loom_workflow.migration.worker import migrations
from loom_workflow.modeler.files import router as model_files_router
from loom_workflow.modeler.router import router as model_router
from loom_workflow.notice.bell import router as bell_router
from loom_workflow.notice.consumer import notices
from loom_workflow.notice.router import router as notice_router
from loom_workflow.process.router import router as process_router
from loom_workflow.proctest.router import router as proctest_router
from loom_workflow.settings import WorkflowSettings
from loom_workflow.task import deadlines
from loom_workflow.task.center_router import router as task_center_router
from loom_workflow.task.chart_router import router as task_chart_router
from loom_workflow.task.router import router as task_router

ROUTERS = [
    model_router,
    model_files_router,
    diagram_router,
    dryrun_router,
    proctest_router,
    migration_router,
    process_router,
    task_router,
    task_chart_router,
    task_center_router,
    flowcopy_router,
    flowform_router,
    category_router,
    notice_router,
    bell_router,
    decision_router,
    external_router,
    connector_router,
    incident_router,
    analytics_router,
    *extension_routers,
]


def build_app(
    settings: WorkflowSettings | None = None,
    *,
    access_loader: AccessLoader | None = None,
    directory: Any | None = None,
) -> FastAPI:
    """The workflow application. Tests pass their own access loader and directory."""
    settings = settings or WorkflowSettings()
    client = Client(settings.sys_grpc_address, deadline_seconds=settings.grpc_deadline_seconds)
    directory = directory if directory is not None else DirectoryClient(client)

    @asynccontextmanager
    async def runtime(app: FastAPI) -> AsyncIterator[None]:
        app.state.directory = directory
        rt = WorkflowRuntime(
            settings,
            directory=directory,
            loop=asyncio.get_running_loop(),
            job_handlers=deadlines.JOB_HANDLERS,
        )
        app.state.runtime = rt
        try:
            yield
        finally:
            await asyncio.get_running_loop().run_in_executor(None, rt.close)

    @asynccontextmanager
    async def scheduler(app: FastAPI) -> AsyncIterator[None]:
        from loom_workflow.jobs.scheduler import run_scheduler

        async with run_scheduler(app.state.js, app.state.runtime, settings):
            yield

    @asynccontextmanager
    async def history_lag(app: FastAPI) -> AsyncIterator[None]:
        from loom_workflow.jobs.history import lag_gauge

        async with lag_gauge(app.state.runtime, settings.history_gauge_seconds):
            yield

    @asynccontextmanager
    async def sys_changes(app: FastAPI) -> AsyncIterator[None]:
        from loom_platform import messaging
        from loom_workflow.users import on_sys_change

        def changed(msg: Any) -> None:  # a user's event names the user in a header (none: drop all)
            on_sys_change(msg.subject, (msg.headers or {}).get("Loom-User-Id"))
            app.state.runtime.resolver.answers.on_sys_change(msg.subject)  # reviewers, calendar

        subscription = await messaging.listen(app.state.nats, "loom.sys.*.changed", changed)
        try:
            yield
        finally:
            await subscription.unsubscribe()

    @asynccontextmanager
    async def process_states(app: FastAPI) -> AsyncIterator[None]:
        from loom_workflow.process.states import answer_states

        subscription = await answer_states(app)
        try:
            yield
        finally:
            await subscription.unsubscribe()

    hooks: list[Callable[[FastAPI], Any]] = [
        runtime,
        history_lag,
        sys_changes,
        notices,
        migrations,
        process_states,
    ]
    if settings.scheduler_enabled:
        hooks.append(scheduler)
    spec = ServiceSpec(
        settings=settings,
        title="Loom workflow",
        routers=ROUTERS,
        access_loader=lambda _app: access_loader or directory_access_loader(DirectoryClient(client)),
        hooks=hooks,
    )
    return create_app(spec)


def build() -> FastAPI:
    """The app with settings from the environment (uvicorn factory)."""
    return build_app()
