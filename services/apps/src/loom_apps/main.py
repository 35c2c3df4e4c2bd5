"""The app host: FastAPI app (HTTP :8105) serving its own routes and, through their sandboxed
workers, every live generated module."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

import loom_apps.messages  # noqa: F401  (registers the catalogue)
from loom_apps import events
from loom_apps.module.host import Host
from loom_apps.module.mounts import Mounts
from loom_apps.module.platform import SysPlatform
from loom_apps.module.router import remote_router
from loom_apps.module.router import router as module_router
from loom_apps.module.workers import Workers
from loom_apps.runtime import Runtime
from loom_apps.sandbox.platform import host_handler
from loom_apps.sandbox.pool import Sandbox
from loom_apps.sandbox.relay import PostgresRelay
from loom_apps.settings import AppsSettings
from loom_contracts.clients.sys_directory import DirectoryClient, directory_access_loader
from loom_platform import db, messaging
from loom_platform.auth import AccessLoader
from loom_platform.grpc import Client
from loom_platform.modules import ModulePlatform
from loom_platform.service import ServiceSpec, create_app

ROUTERS = (module_router, remote_router)


def build_app(
    settings: AppsSettings | None = None,
    *,
    access_loader: AccessLoader | None = None,
    platform: ModulePlatform | None = None,
) -> FastAPI:
    """The app; tests pass their own access loader and module platform (data rules, dictionaries)."""
    settings = settings or AppsSettings()
    sys_client = Client(settings.sys_grpc_address, deadline_seconds=settings.grpc_deadline_seconds)
    directory = DirectoryClient(sys_client)
    mounts = Mounts()
    module_platform = platform or SysPlatform(directory, settings.permission_cache_seconds)

    @asynccontextmanager
    async def host_hook(app: FastAPI) -> AsyncIterator[None]:
        app_engine = db.create_engine(settings.app_database_url, pool_size=settings.app_database_pool_size)
        sandbox = Sandbox(settings)
        relay = PostgresRelay(settings.app_database_url, sandbox.run_root / "pg")
        await relay.start()
        module_url = relay.url_for(settings.app_database_url)
        workers = Workers(
            sandbox,
            host_handler(app.state.auth, module_platform),
            database_url=module_url,
            start_seconds=settings.module_start_seconds,
            options={
                "pool_size": settings.module_pool_size,
                "log_level": settings.log_level,
                "log_json": settings.log_json,
                "landlock": settings.sandbox_landlock,
            },
        )
        host = Host(settings, app.state.session_factory, app_engine, sandbox, workers, module_url, mounts)
        app.state.apps = Runtime(settings=settings, host=host)
        await messaging.ensure_stream(app.state.js, events.GENCODE_STREAM, ["loom.gencode.>"])
        consumer = messaging.DurableConsumer(
            app.state.js,
            stream=events.GENCODE_STREAM,
            durable=settings.consumer,
            subject=events.MODULE_PUBLISHED,
            handler=host.on_published,
            batch=5,
            deliver_new=settings.consumer_from_now,
        )
        tables = messaging.DurableConsumer(
            app.state.js,
            stream=events.GENCODE_STREAM,
            durable=f"{settings.consumer}-tables",
            subject=events.TABLE_DELETED,
            handler=host.on_table_deleted,
            batch=20,
            deliver_new=settings.consumer_from_now,
        )
        await messaging.listen(app.state.nats, events.MODULE_CHANGED, host.on_changed)
        if isinstance(module_platform, SysPlatform):
            module_platform.nats = app.state.nats
            await module_platform.follow(app.state.nats)
        tasks = [
            asyncio.create_task(consumer.run(), name="apps-consumer"),
            asyncio.create_task(tables.run(), name="apps-tables"),
            asyncio.create_task(host.test_loop(), name="apps-tests"),
            asyncio.create_task(host.sync_loop(), name="apps-sync"),
        ]
        try:
            yield
        finally:
            consumer.stop()
            tables.stop()
            host.stop()
            await asyncio.gather(*tasks, return_exceptions=True)
            await workers.stop_all()
            await sandbox.stop()
            await relay.stop()
            await app_engine.dispose()
            await sys_client.close()

    spec = ServiceSpec(
        settings=settings,
        title="Loom apps",
        routers=ROUTERS,
        access_loader=lambda _app: access_loader or directory_access_loader(directory),
        hooks=[host_hook],
    )
    app = create_app(spec)
    # Last route: every path the host's own routes do not answer goes to the live modules (or a JSON 404).
    app.mount("", mounts)
    return app  # type: ignore[no-any-return]


def app_factory() -> FastAPI:
    """uvicorn --factory entry point."""
    return build_app()
