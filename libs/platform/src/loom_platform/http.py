"""The FastAPI edge every service shares: request context, error mapping, health and metrics."""

from __future__ import annotations

import logging
import time
from typing import Any

import orjson
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, Counter, Histogram, generate_latest
from pydantic import BaseModel, ValidationError
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.types import Message as ASGIMessage

from loom_platform import i18n
from loom_platform.edge import database_error
from loom_platform.errors import HTTP_STATUS, ErrorCode, LoomError, RemoteError
from loom_platform.logging import REQUEST_ID_HEADER, caller, new_request_id, request_id
from loom_platform.texterrors import escaped, wants_plain_text

log = logging.getLogger("loom.http")
_REQUEST_ID = REQUEST_ID_HEADER.encode()

REQUESTS = Counter("loom_http_requests_total", "HTTP requests", ["service", "method", "route", "status"])
LATENCY = Histogram(
    "loom_http_request_seconds",
    "HTTP request latency",
    ["service", "method", "route"],
    buckets=(0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5),
)


class JSON(JSONResponse):
    """orjson-rendered JSON that keeps Chinese text readable."""

    def render(self, content: Any) -> bytes:
        return orjson.dumps(content, default=str, option=orjson.OPT_NON_STR_KEYS)


class ErrorBody(BaseModel):
    """Every error answer: ``code`` (INVALID_ARGUMENT, NOT_FOUND, …), ``msg`` in the caller's
    language, ``details`` (the field, the permission, …)."""

    code: str
    msg: str
    details: dict[str, Any] = {}


# The statuses every route may answer, in each service's OpenAPI document (clients and fuzzers).
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody, "description": "invalid input (the message names the field)"},
    401: {"model": ErrorBody, "description": "no token, or a wrong login"},
    403: {"model": ErrorBody, "description": "the permission is missing (named in the message)"},
    404: {"model": ErrorBody, "description": "no such record"},
    408: {"model": ErrorBody, "description": "the token is expired or invalid: refresh and retry"},
    409: {"model": ErrorBody, "description": "a conflict (already exists, changed meanwhile)"},
    413: {"model": ErrorBody, "description": "the body is too large"},
}


def error_body(code: ErrorCode | str, msg: str, details: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"code": str(code), "msg": msg, "details": details or {}}


def error_response(error: LoomError) -> JSON:
    code = error.remote_code if isinstance(error, RemoteError) else error.code
    return JSON(error_body(code, error.message(), error.details), status_code=HTTP_STATUS[code])


def error_as_text(error: LoomError) -> PlainTextResponse:
    """A domain error for a client that reads errors as text (``loom_platform.texterrors``): the
    error's own text, which may say more than its message (the fields of ``FieldsInvalid``); the
    other errors' JSON bodies become their message on the way out."""
    code = error.remote_code if isinstance(error, RemoteError) else error.code
    return PlainTextResponse(escaped(error.text()), status_code=HTTP_STATUS[code])


class RequestContextMiddleware:
    """Sets request id and language, logs one access line, records metrics (pure ASGI: cheap)."""

    def __init__(self, app: ASGIApp, service: str) -> None:
        self.app = app
        self.service = service
        # the request counter's and latency histogram's children by (method, route, status):
        # prometheus's labels() takes a lock and builds a key per call
        self._metrics: dict[tuple[str, str, str], tuple[Any, Any]] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        given_id, accept_language = b"", None
        for name, value in scope["headers"]:  # the two it reads (the last of a repeated one)
            if name == _REQUEST_ID:
                given_id = value
            elif name == b"accept-language":
                accept_language = value.decode("latin-1")
        rid = given_id.decode("latin-1") or new_request_id()
        rid_token = request_id.set(rid)
        lang_token = i18n.current_language.set(i18n.negotiate(accept_language))
        caller_token = caller.set("-")
        started = time.perf_counter()
        status = 500

        async def _send(message: ASGIMessage) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], (REQUEST_ID_HEADER.encode(), rid.encode())]
            await send(message)

        try:
            await self.app(scope, receive, _send)
        finally:
            elapsed = time.perf_counter() - started
            route = scope.get("route")
            route_path = getattr(route, "path", "unmatched")
            if route_path not in ("/metrics", "/healthz", "/readyz"):
                key = (scope["method"], route_path, str(status))
                metrics = self._metrics.get(key)
                if metrics is None:
                    metrics = self._metrics[key] = (
                        REQUESTS.labels(self.service, *key),
                        LATENCY.labels(self.service, scope["method"], route_path),
                    )
                metrics[0].inc()
                metrics[1].observe(elapsed)
                if log.isEnabledFor(logging.INFO):
                    log.info(
                        "%s %s %s",
                        scope["method"],
                        scope["path"],
                        status,
                        extra={
                            "fields": {"status": status, "ms": round(elapsed * 1000, 2), "route": route_path}
                        },
                    )
            request_id.reset(rid_token)
            i18n.current_language.reset(lang_token)
            caller.reset(caller_token)


def _validation_message(exc: RequestValidationError | ValidationError) -> tuple[str, dict[str, Any]]:
    first = exc.errors()[0] if exc.errors() else {}
    location = [str(p) for p in first.get("loc", ()) if p not in ("body", "query", "path", "form")]
    field = ".".join(location) or "-"
    detail = first.get("msg", "")
    msg = i18n.translate("validation_failed", field=field, detail=detail)
    return msg, {"field": field, "errors": [{"loc": e.get("loc"), "msg": e.get("msg")} for e in exc.errors()]}


def install_error_handlers(app: FastAPI) -> None:
    """Maps domain, validation, routing and unexpected errors to ``{code, msg, details}``."""

    @app.exception_handler(LoomError)
    async def _loom(request: Request, exc: LoomError) -> Response:
        if wants_plain_text(dict(request.scope["headers"])):
            return error_as_text(exc)
        return error_response(exc)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> Response:
        msg, details = _validation_message(exc)
        return JSON(error_body(ErrorCode.INVALID_ARGUMENT, msg, details), status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code == 404:
            msg = i18n.translate("route_not_found", path=request.url.path)
            return JSON(error_body(ErrorCode.NOT_FOUND, msg), status_code=404)
        return JSON(error_body(str(exc.status_code), str(exc.detail)), status_code=exc.status_code)

    @app.exception_handler(ValidationError)
    async def _invalid_inside(_: Request, exc: ValidationError) -> Response:
        # A model built from the request inside a route ({"id": 5} where a string belongs).
        msg, details = _validation_message(exc)
        return JSON(error_body(ErrorCode.INVALID_ARGUMENT, msg, details), status_code=400)

    @app.exception_handler(DBAPIError)
    async def _database(_: Request, exc: DBAPIError) -> Response:
        mapped = database_error(exc)
        if mapped is not None:
            return error_response(mapped)
        log.error("database error", exc_info=exc)
        msg = i18n.translate("internal", detail=type(exc).__name__)
        return JSON(error_body(ErrorCode.INTERNAL, msg), status_code=500)

    # Anything else is answered by GuardMiddleware (loom_platform.edge), which does not re-raise:
    # a handler registered for Exception runs in Starlette's outermost middleware, which re-raises
    # to the server, and uvicorn then closes the keep-alive connection the gateway may reuse.


def install_probes(app: FastAPI) -> None:
    """``/healthz`` (the process answers), ``/readyz`` (database and NATS), ``/metrics``."""

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/readyz", include_in_schema=False)
    async def readyz(request: Request) -> Response:
        checks: dict[str, str] = {}
        try:
            async with request.app.state.engine.connect() as conn:
                await conn.execute(text("SELECT 1"))
            checks["database"] = "ok"
        except Exception as exc:  # the probe reports, it does not raise
            checks["database"] = f"down: {type(exc).__name__}"
        nc = getattr(request.app.state, "nats", None)
        checks["nats"] = "ok" if nc is not None and nc.is_connected else "down"
        ready = all(v == "ok" for v in checks.values())
        return JSON(
            {"status": "ok" if ready else "unavailable", "checks": checks}, status_code=200 if ready else 503
        )

    @app.get("/metrics", include_in_schema=False)
    async def metrics() -> Response:
        return PlainTextResponse(generate_latest().decode(), media_type=CONTENT_TYPE_LATEST)


class Message(JSON):
    """A write's answer: the success message as a JSON string (a route annotated ``-> Message``
    has it in its OpenAPI document, loom_platform.openapi)."""


def message(text_: str) -> Message:
    """A write's answer: the success message as a JSON string (the client shows it)."""
    return Message(text_)
