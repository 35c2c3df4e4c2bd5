"""gRPC server and client helpers (grpc.aio): health, deadlines, error mapping, context.

Metadata carries ``x-request-id``, ``x-loom-caller`` (the user on whose behalf a service asks)
and ``accept-language``; the server interceptor restores them as context variables, and maps
:class:`LoomError` to a status whose details is the rendered message.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar, cast

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from sqlalchemy.exc import DBAPIError

from loom_platform import i18n
from loom_platform.edge import database_error
from loom_platform.errors import CODE_FOR_GRPC, GRPC_STATUS, ErrorCode, LoomError, RemoteError, Unavailable
from loom_platform.logging import REQUEST_ID_HEADER, caller, new_request_id, request_id

log = logging.getLogger("loom.grpc")

CALLER_KEY = "x-loom-caller"
LANGUAGE_KEY = "accept-language"

Registrar = Callable[[Any, grpc.aio.Server], None]


class ContextInterceptor(grpc.aio.ServerInterceptor):  # type: ignore[misc]
    """Restores request id, caller and language; turns domain errors into statuses."""

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler]],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler:
        handler = await continuation(handler_call_details)
        if handler is None or handler.unary_unary is None:
            return handler
        inner = handler.unary_unary
        metadata = dict(handler_call_details.invocation_metadata or ())

        async def _wrapped(request: Any, context: grpc.aio.ServicerContext) -> Any:
            tokens = (
                request_id.set(str(metadata.get(REQUEST_ID_HEADER) or new_request_id())),
                caller.set(str(metadata.get(CALLER_KEY) or "-")),
                i18n.current_language.set(i18n.negotiate(str(metadata.get(LANGUAGE_KEY) or ""))),
            )
            try:
                return await inner(request, context)
            except LoomError as exc:
                await context.abort(GRPC_STATUS[exc.code], exc.message())
            except DBAPIError as exc:
                mapped = database_error(exc)
                if mapped is None:
                    log.exception("database error in %s", handler_call_details.method)
                    await context.abort(grpc.StatusCode.INTERNAL, i18n.translate("internal", detail="grpc"))
                else:
                    await context.abort(GRPC_STATUS[mapped.code], mapped.message())
            except Exception:
                log.exception("unhandled error in %s", handler_call_details.method)
                await context.abort(grpc.StatusCode.INTERNAL, i18n.translate("internal", detail="grpc"))
            finally:
                request_id.reset(tokens[0])
                caller.reset(tokens[1])
                i18n.current_language.reset(tokens[2])

        return grpc.unary_unary_rpc_method_handler(
            _wrapped,
            request_deserializer=handler.request_deserializer,
            response_serializer=handler.response_serializer,
        )


async def start_server(
    address: str, services: Sequence[tuple[Registrar, Any, str]]
) -> tuple[grpc.aio.Server, int]:
    """Starts a server with the standard health service; ``services`` are (add_fn, servicer, name)."""
    server = grpc.aio.server(interceptors=[ContextInterceptor()])
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    for register, servicer, name in services:
        register(servicer, server)
        await health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    await health_servicer.set("", health_pb2.HealthCheckResponse.SERVING)
    port = server.add_insecure_port(address)
    await server.start()
    return server, port


StubT = TypeVar("StubT")


class Client:
    """A channel to another service: deadlines, context metadata, bounded in-flight calls."""

    def __init__(
        self,
        address: str,
        *,
        deadline_seconds: float = 5.0,
        max_in_flight: int = 64,
        metadata: Sequence[tuple[str, str]] = (),
    ) -> None:
        self.address = address
        self.deadline = deadline_seconds
        # Sent with every call besides the context (e.g. a service credential the callee checks).
        self._metadata = tuple(metadata)
        # Made at the first call, inside the event loop that uses it: grpc.aio binds a channel to the
        # loop current when it is made, and a service is built before its loop runs (or, in tests,
        # after another test closed the thread's loop).
        self._channel: grpc.aio.Channel | None = None
        self._stubs: dict[Callable[[grpc.aio.Channel], Any], Any] = {}
        # Thousands of calls at once on one channel were cancelled here: bound them.
        self._slots = asyncio.Semaphore(max_in_flight)

    @property
    def channel(self) -> grpc.aio.Channel:
        if self._channel is None:
            self._channel = grpc.aio.insecure_channel(
                self.address, options=[("grpc.keepalive_time_ms", 30000), ("grpc.enable_retries", 1)]
            )
        return self._channel

    def stub(self, make: Callable[[grpc.aio.Channel], StubT]) -> StubT:
        """The service stub ``make`` builds on this channel, made once, at its first use."""
        if make not in self._stubs:
            self._stubs[make] = make(self.channel)
        return cast(StubT, self._stubs[make])

    async def call(self, method: Callable[..., Any], request: Any, *, timeout: float | None = None) -> Any:
        """Calls a stub method with metadata and a deadline; errors come back as domain errors."""
        metadata = (
            (REQUEST_ID_HEADER, request_id.get()),
            (CALLER_KEY, caller.get()),
            (LANGUAGE_KEY, i18n.current_language.get()),
            *self._metadata,
        )
        async with self._slots:
            try:
                return await method(request, timeout=timeout or self.deadline, metadata=metadata)
            except grpc.aio.AioRpcError as exc:
                raise error_from_status(exc.code(), exc.details() or "") from exc

    async def close(self) -> None:
        if self._channel is not None:
            await self._channel.close()


def error_from_status(status: grpc.StatusCode, details: str) -> LoomError:
    """A remote status as a domain error that keeps the remote's rendered message."""
    if status in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED, grpc.StatusCode.CANCELLED):
        return Unavailable(detail=details or status.name)
    return RemoteError(CODE_FOR_GRPC.get(status, ErrorCode.INTERNAL), details)
