"""Builds the sys app: routers, the directory gRPC service, tokens and the local access loader."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

import loom_sys.messages  # noqa: F401  (registers the catalogue)
from loom_contracts.loom.sys.v1 import service_pb2_grpc
from loom_platform.auth import TokenSigner, TokenVerifier, generate_keypair
from loom_platform.service import ServiceSpec, create_app
from loom_sys import access, events
from loom_sys.area.router import router as area_router
from loom_sys.auth.loader import local_access_loader
from loom_sys.auth.router import router as auth_router
from loom_sys.auth.service import TokenService
from loom_sys.caller import CallerAnswers, answer_with
from loom_sys.config.plugins import router as plugin_router
from loom_sys.config.router import router as config_router
from loom_sys.datarule.router import router as datarule_router
from loom_sys.dict.router import router as dict_router
from loom_sys.file.manager_router import router as file_manager_router
from loom_sys.file.router import router as file_router
from loom_sys.grpc_server import DirectoryServicer
from loom_sys.log.consumer import log_consumer
from loom_sys.log.router import router as log_router
from loom_sys.menu.router import router as menu_router
from loom_sys.office.router import router as office_router
from loom_sys.post.router import router as post_router
from loom_sys.role.router import router as role_router
from loom_sys.settings import SysSettings
from loom_sys.user.members_router import router as role_members_router
from loom_sys.user.router import router as user_router
from loom_sys.user.transfer_router import router as user_transfer_router

ROUTERS = [
    auth_router,
    user_router,
    office_router,
    role_router,
    role_members_router,
    post_router,
    area_router,
    menu_router,
    dict_router,
    file_router,
    file_manager_router,
    datarule_router,
    log_router,
    config_router,
    plugin_router,
    user_transfer_router,
]


def ensure_keys(settings: SysSettings) -> None:
    """sys owns the signing key pair; it is created on first start unless configured."""
    if settings.jwt_private_key_file is None:
        generate_keypair(settings.private_key_path.parent)


def build(settings: SysSettings | None = None) -> FastAPI:
    """The sys application (HTTP, gRPC, outbox relay in one process)."""
    settings = settings or SysSettings()
    ensure_keys(settings)

    @asynccontextmanager
    async def tokens(app: FastAPI) -> AsyncIterator[None]:
        app.state.tokens = TokenService(
            signer=TokenSigner.from_file(settings.private_key_path),
            verifier=TokenVerifier.from_file(settings.public_key_path),
            settings=settings,
        )
        events.local_caches.append(app.state.auth.cache)
        try:
            yield
        finally:
            events.local_caches.remove(app.state.auth.cache)

    spec = ServiceSpec(
        settings=settings,
        title="Loom sys",
        routers=ROUTERS,
        access_loader=lambda app: local_access_loader(lambda: app.state.session_factory),
        grpc_services=lambda app: [
            (
                service_pb2_grpc.add_DirectoryServiceServicer_to_server,
                DirectoryServicer(app.state.session_factory),
                "loom.sys.v1.DirectoryService",
            )
        ],
        hooks=[tokens, log_consumer],
    )
    app = create_app(spec)
    # the routes of users, offices and menus ask these about their callers (``caller.py``)
    answer_with(app, CallerAnswers(data_access=access.access_for, granted_menu_ids=access.granted_menu_ids))
    return app
