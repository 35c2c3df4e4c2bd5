"""The gencode service: FastAPI app (HTTP :8102) with its runtime, seeded on start."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI

import loom_gencode.messages  # noqa: F401  (registers the catalogue)
from loom_contracts.clients.sys_directory import DirectoryClient, directory_access_loader
from loom_contracts.loom.gencode.v1 import data_pb2_grpc
from loom_gencode import seed
from loom_gencode.connection.crypto import PasswordBox
from loom_gencode.connection.engines import EngineCache
from loom_gencode.dataset.router import router as dataset_router
from loom_gencode.datasource.router import router as datasource_router
from loom_gencode.dbtable.router import router as dbtable_router
from loom_gencode.generate.router import router as generate_router
from loom_gencode.grpc_server import DataServicer
from loom_gencode.reftypes.router import router as reftypes_router
from loom_gencode.runtime import Runtime
from loom_gencode.scheme.router import router as scheme_router
from loom_gencode.settings import GencodeSettings
from loom_gencode.sync.router import router as sync_router
from loom_gencode.table.entity_router import router as entity_router
from loom_gencode.table.router import router as table_router
from loom_platform.auth import AccessLoader
from loom_platform.db import transaction
from loom_platform.grpc import Client
from loom_platform.migrations import ensure_database
from loom_platform.service import ServiceSpec, create_app

ROUTERS = (
    table_router,
    generate_router,
    sync_router,
    scheme_router,
    datasource_router,
    reftypes_router,
    entity_router,
    dbtable_router,
    dataset_router,
)


def build_app(
    settings: GencodeSettings | None = None,
    *,
    access_loader: AccessLoader | None = None,
    directory: DirectoryClient | None = None,
) -> FastAPI:
    """The app; tests pass their own access loader and directory."""
    settings = settings or GencodeSettings()
    holder: dict[str, Any] = {}

    def _directory() -> DirectoryClient:
        if directory is not None:
            return directory
        if "directory" not in holder:
            holder["directory"] = DirectoryClient(
                Client(settings.sys_grpc_address, deadline_seconds=settings.grpc_deadline_seconds)
            )
        found: DirectoryClient = holder["directory"]
        return found

    @asynccontextmanager
    async def runtime_hook(app: FastAPI) -> AsyncIterator[None]:
        runtime = Runtime(
            settings=settings,
            engines=EngineCache(),
            box=PasswordBox(settings.secret_key),
            directory=_directory(),
        )
        app.state.gencode = runtime
        await asyncio.to_thread(_ensure_app_database, settings)
        async with app.state.session_factory() as session, transaction(session):
            await seed.seed(session)
        try:
            yield
        finally:
            runtime.engines.dispose()

    spec = ServiceSpec(
        settings=settings,
        title="Loom gencode",
        routers=ROUTERS,
        access_loader=lambda _app: access_loader or directory_access_loader(_directory()),
        grpc_services=lambda app: [
            (
                data_pb2_grpc.add_DataServiceServicer_to_server,
                DataServicer(app.state.session_factory, app.state.gencode),
                "loom.gencode.v1.DataService",
            )
        ],
        hooks=[runtime_hook],
    )
    return create_app(spec)  # type: ignore[no-any-return]


def _ensure_app_database(settings: GencodeSettings) -> None:
    if settings.app_database_url.startswith("postgres"):
        ensure_database(settings.app_database_url)


def app_factory() -> FastAPI:
    """uvicorn --factory entry point."""
    return build_app()
