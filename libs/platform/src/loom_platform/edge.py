"""What every request passes before any service code: the guards that keep bad input a 400.

- :class:`GuardMiddleware` refuses a NUL character anywhere in the path, the query or a
  text body (PostgreSQL cannot store one, and the driver failed with a 500), and a text body
  larger than the service's limit. It also answers any exception nothing else handled with a
  500 *itself*, so the exception never reaches the server: uvicorn closes the keep-alive
  connection after an application error, and the gateway then handed the next request — maybe
  another user's — to that dead connection (502).
- :func:`database_error` translates what the database refused (unknown reference, duplicate,
  too long, not a number or a date …) into the platform's error model, once, for HTTP and gRPC.
- :func:`check_lengths` (a ``before_flush`` hook on every session) refuses a text longer than
  its column with the field's name, before the database does it without one.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from typing import Any

import orjson
from pydantic.alias_generators import to_camel
from sqlalchemy import event, inspect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from loom_platform import i18n
from loom_platform.errors import (
    AlreadyExists,
    Conflict,
    ErrorCode,
    InvalidArgument,
    LoomError,
)

log = logging.getLogger("loom.http")

DEFAULT_MAX_TEXT_BODY_BYTES = 2 * 1024 * 1024
_NUL_QUERY = re.compile(rb"%00", re.IGNORECASE)
# In JSON a NUL is the escape \u0000; an escaped backslash before it ("\\u0000") is no NUL.
_JSON_NUL = re.compile(rb"(?<!\\)(?:\\\\)*\\u0000", re.IGNORECASE)

i18n.register(
    {
        "edge.nul_character": {
            i18n.ZH: "参数不能包含空字符(\\0)",
            i18n.EN: "Parameters must not contain the NUL character (\\0)",
        },
        "edge.body_too_large": {
            i18n.ZH: "请求内容过大，不能超过{limit}字节",
            i18n.EN: "The request body is too large (at most {limit} bytes)",
        },
        "edge.too_long": {
            i18n.ZH: "{field}长度不能超过{limit}个字符",
            i18n.EN: "{field} must be at most {limit} characters long",
        },
        "edge.reference_missing": {
            i18n.ZH: "关联的数据不存在或已被删除: {detail}",
            i18n.EN: "A referenced record does not exist or was deleted: {detail}",
        },
        "edge.still_referenced": {
            i18n.ZH: "数据正在被使用，不能删除: {detail}",
            i18n.EN: "The record is still in use and cannot be deleted: {detail}",
        },
        "edge.required": {i18n.ZH: "{field}不能为空", i18n.EN: "{field} is required"},
        "edge.bad_value": {
            i18n.ZH: "参数格式不正确: {detail}",
            i18n.EN: "A parameter has the wrong format: {detail}",
        },
        "edge.timeout": {
            i18n.ZH: "操作超时，请缩小查询范围后重试",
            i18n.EN: "The operation took too long; narrow it down and try again",
        },
    }
)


class NulCharacter(InvalidArgument):
    message_key = "edge.nul_character"


class TooLong(InvalidArgument):
    message_key = "edge.too_long"


class BadValue(InvalidArgument):
    message_key = "edge.bad_value"


class Timeout(LoomError):
    code = ErrorCode.DEADLINE_EXCEEDED
    message_key = "edge.timeout"


# --- database errors ------------------------------------------------------------------------


def _pg_error(exc: DBAPIError) -> Any:
    """The driver's own exception (asyncpg or psycopg), which knows the SQLSTATE."""
    orig = exc.orig
    cause = getattr(orig, "__cause__", None)
    return cause if getattr(cause, "sqlstate", None) else orig


def database_error(exc: DBAPIError) -> LoomError | None:
    """The platform error for what the database refused, or ``None`` for a real fault."""
    pg = _pg_error(exc)
    state = str(getattr(pg, "sqlstate", None) or getattr(pg, "pgcode", None) or "")
    detail = str(getattr(pg, "detail", None) or "") or str(pg).split("\n")[0][:200]
    column = str(getattr(pg, "column_name", None) or "")
    if state == "23505":
        return AlreadyExists()
    if state == "23503":
        referenced_from = "is still referenced" in detail
        key = "edge.still_referenced" if referenced_from else "edge.reference_missing"
        return InvalidArgument(key, detail=detail)
    if state == "23502":
        return InvalidArgument("edge.required", field=to_camel(column) if column else "-")
    if state in ("40001", "40P01"):
        return Conflict()
    if state == "57014":
        return Timeout()
    if state.startswith(("22", "23")) or state in ("54000", "42804"):
        return BadValue(detail=detail)
    # asyncpg refuses some arguments before they reach the server (a string for a date, an
    # integer beyond 64 bits); that is the caller's input, not a fault of the service.
    if not state and type(pg).__name__ in ("DataError", "InvalidArgumentError"):
        return BadValue(detail=detail)
    if not state and isinstance(pg, ValueError | TypeError | OverflowError):
        return BadValue(detail=detail)
    return None


# --- field lengths --------------------------------------------------------------------------


def _too_long(obj: Any) -> Iterator[LoomError]:
    state = inspect(obj)
    for attr in state.mapper.column_attrs:
        column = attr.columns[0]
        value = state.dict.get(attr.key)  # loaded values only: never a lazy load inside a flush
        if not isinstance(value, str):
            continue
        if "\x00" in value:
            yield NulCharacter()
        # String, and type decorators around it (SQLModel's AutoString), know their length.
        length = getattr(column.type, "length", None)
        if isinstance(length, int) and len(value) > length:
            yield TooLong(field=to_camel(attr.key), limit=length)


@event.listens_for(Session, "before_flush")
def check_lengths(session: Session, _context: Any, _instances: Any) -> None:
    """Refuses a text longer than its column (or holding a NUL) before the database does."""
    for obj in (*session.new, *session.dirty):
        for error in _too_long(obj):
            raise error


# --- the ASGI guard ---------------------------------------------------------------------------


def _has_nul(value: Any) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_has_nul(k) or _has_nul(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_nul(v) for v in value)
    return False


def body_has_nul(body: bytes, content_type: str) -> bool:
    """A NUL in a text body: raw, percent-encoded (forms) or escaped (JSON)."""
    if b"\x00" in body:
        return True
    if "json" in content_type:
        if not _JSON_NUL.search(body):
            return False
        try:
            return _has_nul(orjson.loads(body))
        except orjson.JSONDecodeError:
            return False  # the body's own validation answers for malformed JSON
    return bool(_NUL_QUERY.search(body))


class GuardMiddleware:
    """NUL characters and oversized text bodies become 400/413; leftover errors a clean 500."""

    def __init__(self, app: ASGIApp, max_text_body_bytes: int = DEFAULT_MAX_TEXT_BODY_BYTES) -> None:
        self.app = app
        self.max_text_body = max_text_body_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def _send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            refusal, receive = await self._check(scope, receive)
            if refusal is not None:
                await _answer(_send, refusal)
                return
            await self.app(scope, receive, _send)
        except Exception as exc:  # the last resort: answer, never let the server close the connection
            await self._fault(exc, started, _send)

    async def _fault(self, exc: Exception, started: bool, send: Send) -> None:
        mapped = database_error(exc) if isinstance(exc, DBAPIError) else None
        if mapped is None:
            log.exception("unhandled error")
        if started:
            return  # a streamed body broke half-way; the client sees a short body
        if mapped is not None:
            await _answer(send, mapped)
            return
        msg = i18n.translate("internal", detail=type(exc).__name__)
        await _send_json(send, 500, {"code": ErrorCode.INTERNAL.value, "msg": msg, "details": {}})

    async def _check(self, scope: Scope, receive: Receive) -> tuple[LoomError | None, Receive]:
        raw_path = scope.get("raw_path") or scope["path"].encode()
        if _NUL_QUERY.search(scope.get("query_string", b"")) or b"%00" in raw_path.lower():
            return NulCharacter(), receive
        headers = dict(scope["headers"])
        content_type = headers.get(b"content-type", b"").decode("latin-1").lower()
        if scope["method"] in ("GET", "HEAD", "OPTIONS") and b"content-length" not in headers:
            if b"transfer-encoding" not in headers:
                return None, receive
        if content_type.startswith("multipart/"):
            return None, receive  # files have their own limit and may hold any byte
        body, too_large = await _read_body(receive, self.max_text_body)
        if too_large:
            return _BodyTooLarge(limit=self.max_text_body), receive
        if body and body_has_nul(body, content_type):
            return NulCharacter(), receive
        return None, _replay(body, receive)


class _BodyTooLarge(InvalidArgument):
    message_key = "edge.body_too_large"


async def _read_body(receive: Receive, limit: int) -> tuple[bytes, bool]:
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            while message.get("more_body", False):  # drain, so the connection stays usable
                message = await receive()
            return b"", True
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks), False


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def _receive() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return _receive


async def _answer(send: Send, error: LoomError) -> None:
    from loom_platform.errors import HTTP_STATUS

    status = 413 if isinstance(error, _BodyTooLarge) else HTTP_STATUS[error.code]
    body = {"code": error.code.value, "msg": error.message(), "details": error.details}
    await _send_json(send, status, body)


async def _send_json(send: Send, status: int, body: dict[str, Any]) -> None:
    payload = orjson.dumps(body)
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": payload})
