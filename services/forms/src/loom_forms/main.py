"""The forms service: FastAPI app (HTTP :8104) and FormsService gRPC (:9104)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

import loom_forms.messages  # noqa: F401  (registers the catalogue)
from loom_contracts.clients.sys_directory import DirectoryClient, directory_access_loader
from loom_contracts.loom.forms.v1 import service_pb2_grpc
from loom_forms.category.router import router as category_router
from loom_forms.data.router import router as data_router
from loom_forms.definition.router import router as definition_router
from loom_forms.gencode_client import SERVICE_TOKEN_KEY, DataClient
from loom_forms.generate import service as online_service
from loom_forms.generate.router import router as generate_router
from loom_forms.grpc_server import FormsServicer
from loom_forms.make.router import router as make_router
from loom_forms.online_cache import OnlineCache
from loom_forms.runtime import Runtime
from loom_forms.settings import FormsSettings
from loom_platform import messaging
from loom_platform.auth import AccessLoader
from loom_platform.grpc import Client
from loom_platform.service import ServiceSpec, create_app

ROUTERS = (category_router, definition_router, make_router, generate_router, data_router)


def build_app(
    settings: FormsSettings | None = None,
    *,
    access_loader: AccessLoader | None = None,
    directory: DirectoryClient | None = None,
) -> FastAPI:
    """The app; tests pass their own access loader (and may pass a directory)."""
    settings = settings or FormsSettings()
    sys_client = Client(settings.sys_grpc_address, deadline_seconds=settings.grpc_deadline_seconds)
    gencode_client = Client(
        settings.gencode_grpc_address,
        deadline_seconds=settings.grpc_deadline_seconds,
        metadata=[(SERVICE_TOKEN_KEY, settings.data_service_token)],
    )
    runtime = Runtime(
        settings=settings,
        data=DataClient(gencode_client),
        directory=directory or DirectoryClient(sys_client),
        online=OnlineCache(settings.online_cache_seconds, online_service.load),
    )

    @asynccontextmanager
    async def runtime_hook(app: FastAPI) -> AsyncIterator[None]:
        app.state.forms = runtime
        await messaging.listen(app.state.nats, "loom.forms.make.>", runtime.online.on_event)
        try:
            yield
        finally:
            await gencode_client.close()
            await sys_client.close()

    spec = ServiceSpec(
        settings=settings,
        title="Loom forms",
        routers=ROUTERS,
        access_loader=lambda _app: access_loader or directory_access_loader(runtime.directory),
        grpc_services=lambda app: [
            (
                service_pb2_grpc.add_FormsServiceServicer_to_server,
                FormsServicer(app.state.session_factory),
                "loom.forms.v1.FormsService",
            )
        ],
        hooks=[runtime_hook],
    )
    return create_app(spec)  # type: ignore[no-any-return]


def app_factory() -> FastAPI:
    """uvicorn --factory entry point."""
    return build_app()
