"""Errors as plain text for the JeePlus admin client, at the edge of every service.

The JeePlus client shows an error answer's whole body as its message (its response interceptor
hands ``error.response.data`` to Element's ``Message`` as HTML), so a ``{"code", "msg", "details"}``
object would show as a blob; JeePlus itself answers errors as text. A request from that client —
it sends its token in a ``token`` header, never ``Authorization: Bearer`` — or one that asks for
text first (``Accept: text/plain``) gets the error's message alone, as text, with the same status.
Loom's portal (bearer token, JSON first) and every other caller keep the JSON error body.

The message is HTML-escaped: the client renders it as HTML, and a message may quote what a user
typed (a name, a table name). A domain error is rendered as text by the platform's error handler
(``LoomError.text``: the fields of ``FieldsInvalid`` too); this middleware turns every other JSON
error (validation, unknown path, the guard's refusals) into its message on the way out.
"""

from __future__ import annotations

import html
from typing import Any

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

TEXT = b"text/plain; charset=utf-8"


def _preferred_media_type(accept: str) -> str:
    """The media type an ``Accept`` header prefers: the highest quality, the first on a tie."""
    best, best_q = "", -1.0
    for part in accept.split(","):
        media, *params = (p.strip() for p in part.split(";"))
        q = 1.0
        for param in params:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if media and q > best_q:
            best, best_q = media.lower(), q
    return best


def wants_plain_text(headers: dict[bytes, bytes]) -> bool:
    """Whether the caller reads errors as text: the JeePlus client (``token`` header and no
    ``Authorization``), or a caller whose ``Accept`` prefers ``text/plain``."""
    if b"token" in headers and b"authorization" not in headers:
        return True
    accept = headers.get(b"accept", b"").decode("latin-1")
    return bool(accept) and _preferred_media_type(accept) == "text/plain"


def escaped(text: str) -> str:
    """A text as the client shows it: as HTML, so what a user typed stays text."""
    return html.escape(text, quote=False)


def error_text(body: bytes) -> bytes | None:
    """The text of a JSON error body (its ``msg``, escaped), or ``None`` when it is none."""
    try:
        parsed: Any = orjson.loads(body)
    except orjson.JSONDecodeError:
        return None
    if not isinstance(parsed, dict) or not isinstance(parsed.get("msg"), str):
        return None
    return escaped(parsed["msg"]).encode()


class PlainTextErrors:
    """Turns JSON error answers into their message as text for callers that read text
    (:func:`wants_plain_text`); every other answer passes untouched, streamed as it comes."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not wants_plain_text(dict(scope["headers"])):
            await self.app(scope, receive, send)
            return
        held: Message | None = None  # the start of a JSON error answer, until its body is whole
        chunks: list[bytes] = []

        async def _send(message: Message) -> None:
            nonlocal held
            if message["type"] == "http.response.start" and _is_json_error(message):
                held = message
                return
            if held is None or message["type"] != "http.response.body":
                await send(message)
                return
            chunks.append(message.get("body", b""))
            if message.get("more_body", False):
                return
            await _send_error(send, held, b"".join(chunks))

        await self.app(scope, receive, _send)


def _is_json_error(start: Message) -> bool:
    if start["status"] < 400:
        return False
    content_type: bytes = dict(start.get("headers", [])).get(b"content-type", b"")
    return content_type.startswith(b"application/json")


async def _send_error(send: Send, start: Message, body: bytes) -> None:
    text = error_text(body)
    headers = list(start.get("headers", []))
    if text is not None:
        body = text
        kept = [(k, v) for k, v in headers if k.lower() not in (b"content-type", b"content-length")]
        headers = [*kept, (b"content-type", TEXT), (b"content-length", str(len(body)).encode())]
    await send({**start, "headers": headers})
    await send({"type": "http.response.body", "body": body})
