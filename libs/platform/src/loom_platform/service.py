"""One process per service: the FastAPI app, its gRPC server, the outbox relay and listeners."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, FastAPI
from nats.aio.msg import Msg

from loom_platform import db, messaging, oplog
from loom_platform.auth import AccessCache, AccessLoader, AuthState, TokenVerifier
from loom_platform.edge import GuardMiddleware
from loom_platform.grpc import Registrar, start_server
from loom_platform.http import (
    ERROR_RESPONSES,
    JSON,
    RequestContextMiddleware,
    install_error_handlers,
    install_probes,
)
from loom_platform.logging import configure
from loom_platform.openapi import install_openapi
from loom_platform.outbox import OutboxRelay
from loom_platform.settings import ServiceSettings
from loom_platform.texterrors import PlainTextErrors

log = logging.getLogger("loom.service")

Hook = Callable[[FastAPI], AbstractAsyncContextManager[None]]


@dataclass
class ServiceSpec:
    """What a service plugs into the shared runtime."""

    settings: ServiceSettings
    title: str
    routers: Sequence[APIRouter]
    access_loader: Callable[[FastAPI], AccessLoader]
    grpc_services: Callable[[FastAPI], Sequence[tuple[Registrar, Any, str]]] = lambda _app: ()
    hooks: Sequence[Hook] = field(default_factory=list)
    run_relay: bool = True


async def _wait_for(what: str, attempt: Callable[[], Any], seconds: float = 30.0) -> Any:
    """Retries ``attempt`` while a dependency starts (make dev starts everything at once)."""
    deadline = asyncio.get_running_loop().time() + seconds
    while True:
        try:
            result = attempt()
            return await result if asyncio.iscoroutine(result) else result
        except Exception as exc:
            if asyncio.get_running_loop().time() > deadline:
                raise RuntimeError(f"{what} not reachable after {seconds:.0f}s") from exc
            log.info("waiting for %s: %s", what, exc)
            await asyncio.sleep(0.5)


def create_app(spec: ServiceSpec) -> FastAPI:
    """Builds the app; everything with a connection starts in the lifespan."""
    settings = spec.settings
    configure(settings.service_name, settings.log_level, settings.log_json)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        async with contextlib.AsyncExitStack() as stack:
            await _start(app, spec, stack)
            yield

    app = FastAPI(
        title=spec.title,
        lifespan=lifespan,
        default_response_class=JSON,
        docs_url="/docs",
        responses=ERROR_RESPONSES,
    )
    app.state.settings = settings
    # Innermost: sees the route that answered and the response it gave (docs in oplog.py).
    app.add_middleware(
        oplog.OperationLogMiddleware, service=settings.service_name, subject=settings.oplog_subject
    )
    # Added first, so it runs inside the request context (language, request id, access line).
    app.add_middleware(GuardMiddleware, max_text_body_bytes=settings.max_text_body_bytes)
    app.add_middleware(RequestContextMiddleware, service=settings.service_name)
    # Outermost: every error answer, the guard's too, as text for the JeePlus client (texterrors.py).
    app.add_middleware(PlainTextErrors)
    install_error_handlers(app)
    install_probes(app)
    for router in spec.routers:
        app.include_router(router)
    install_openapi(app)
    return app


async def _start(app: FastAPI, spec: ServiceSpec, stack: contextlib.AsyncExitStack) -> None:
    settings = spec.settings
    engine = db.create_engine(settings.database_url, pool_size=settings.database_pool_size)
    stack.push_async_callback(engine.dispose)
    app.state.engine = engine
    app.state.session_factory = db.session_factory(engine)

    nc = await _wait_for("NATS", lambda: messaging.connect(settings.nats_url, settings.service_name))
    stack.push_async_callback(messaging.close, nc)
    app.state.nats = nc
    app.state.js = nc.jetstream()
    await messaging.ensure_stream(app.state.js, settings.stream_name, [f"loom.{settings.service_name}.>"])
    await messaging.ensure_stream(app.state.js, settings.oplog_stream, [f"{settings.oplog_subject}.>"])
    stack.push_async_callback(oplog.drain)

    await _start_auth(app, spec)
    await messaging.listen(nc, "loom.sys.>", lambda msg: _invalidate_access(app, msg))

    for hook in spec.hooks:
        await stack.enter_async_context(hook(app))

    if spec.run_relay:
        relay = OutboxRelay(engine, app.state.js, poll_seconds=settings.outbox_poll_seconds)
        app.state.relay = relay
        task = asyncio.create_task(relay.run(), name="outbox-relay")

        async def _stop_relay() -> None:
            relay.stop()
            await task

        stack.push_async_callback(_stop_relay)

    services = spec.grpc_services(app)
    if services:
        server, port = await start_server(f"{settings.grpc_host}:{settings.grpc_port}", services)
        app.state.grpc_port = port

        async def _stop_grpc() -> None:
            await server.stop(1)

        stack.push_async_callback(_stop_grpc)


async def _start_auth(app: FastAPI, spec: ServiceSpec) -> None:
    settings = spec.settings
    key_path = settings.public_key_path
    verifier = await _wait_for(f"JWT public key {key_path}", lambda: TokenVerifier.from_file(key_path))
    app.state.auth = AuthState(
        verifier=verifier, cache=AccessCache(spec.access_loader(app), settings.permission_cache_seconds)
    )


def _invalidate_access(app: FastAPI, msg: Msg) -> None:
    # Roles and menus change what many users may do; a user event concerns one user.
    cache: AccessCache = app.state.auth.cache
    user_id = (msg.headers or {}).get("Loom-User-Id")
    cache.invalidate(user_id or None)
