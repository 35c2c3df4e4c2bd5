"""The host's side of a live version: an ASGI app that forwards each request to its sandboxed worker.

The host verifies the caller's token first (the same dependency every service uses: 401 without a
token, 408 with a bad one, 401 for a closed session), then forwards the request without the token
(the ``Authorization`` and ``token`` headers and the ``token`` cookie stay in the host), naming the
caller in :data:`~loom_apps.sandbox.gate.PRINCIPAL_HEADER` and proving itself with the worker's key.
The worker's answer streams back as is; the records a write changed and the route's title, which the
worker reports in headers, go to the host's operation log.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

import httpx
from fastapi import Request
from starlette.types import Receive, Scope, Send

from loom_apps.sandbox.gate import CHANGES_HEADER, KEY_HEADER, PRINCIPAL_HEADER, TITLE_HEADER
from loom_platform import oplog
from loom_platform.auth import TOKEN_HEADER, current_principal, token_from
from loom_platform.errors import Unavailable

# hop-by-hop headers (RFC 9110 7.6.1) and what only the host may say
DROPPED = frozenset(
    {
        "connection",
        "keep-alive",
        "proxy-authenticate",
        "proxy-authorization",
        "te",
        "trailer",
        "transfer-encoding",
        "upgrade",
        "host",
        "authorization",
        TOKEN_HEADER,
        KEY_HEADER,
        PRINCIPAL_HEADER,
    }
)
ANSWER_DROPPED = frozenset({"connection", "keep-alive", "transfer-encoding", CHANGES_HEADER, TITLE_HEADER})


def _without_token_cookie(value: str) -> str:
    kept = [
        p for p in (c.strip() for c in value.split(";")) if p and p.split("=", 1)[0].strip() != TOKEN_HEADER
    ]
    return "; ".join(kept)


class _Titled:
    """Stands in for the route in the scope, so the operation log titles the entry by its docstring."""

    def __init__(self, title: str) -> None:
        self.__doc__ = title


class WorkerApp:
    """Forwards requests to one worker's socket (an abstract Unix socket name)."""

    def __init__(self, address: str, key: str) -> None:
        transport = httpx.AsyncHTTPTransport(uds=address, retries=0)
        self._client = httpx.AsyncClient(
            transport=transport, base_url="http://module", timeout=httpx.Timeout(None, connect=10.0)
        )
        self._key = key
        self.in_flight = 0

    async def close(self) -> None:
        await self._client.aclose()

    async def _headers(self, scope: Scope, request: Request) -> list[tuple[str, str]]:
        headers = [
            (k.decode("latin-1"), v.decode("latin-1"))
            for k, v in scope["headers"]
            if k.decode("latin-1").lower() not in DROPPED
        ]
        headers = [(k, _without_token_cookie(v)) if k.lower() == "cookie" else (k, v) for k, v in headers]
        if token_from(request) is not None:
            principal = await current_principal(request)
            fields = {
                "user_id": principal.user_id,
                "login_name": principal.login_name,
                "session_id": principal.session_id,
                "token_id": principal.token_id,
                "expires_at": principal.expires_at,
            }
            headers.append((PRINCIPAL_HEADER, json.dumps(fields, ensure_ascii=True)))
        headers.append((KEY_HEADER, self._key))
        return headers

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        request = Request(scope, receive)
        headers = await self._headers(scope, request)
        body = await request.body()
        path = scope.get("raw_path") or scope["path"].encode()
        target = path.decode("latin-1") + (
            "?" + scope["query_string"].decode("latin-1") if scope.get("query_string") else ""
        )
        self.in_flight += 1
        try:
            async with self._answer(scope["method"], target, headers, body) as answer:
                _log_changes(scope, answer.headers)
                await send(
                    {
                        "type": "http.response.start",
                        "status": answer.status_code,
                        "headers": [
                            (k, v)
                            for k, v in answer.headers.raw
                            if k.decode("latin-1").lower() not in ANSWER_DROPPED
                        ],
                    }
                )
                async for chunk in answer.aiter_raw():
                    await send({"type": "http.response.body", "body": chunk, "more_body": True})
                await send({"type": "http.response.body", "body": b""})
        finally:
            self.in_flight -= 1

    @contextlib.asynccontextmanager
    async def _answer(
        self, method: str, target: str, headers: list[tuple[str, str]], body: bytes
    ) -> AsyncIterator[httpx.Response]:
        outgoing = self._client.build_request(method, target, headers=headers, content=body)
        try:
            answer = await self._client.send(outgoing, stream=True)
        except httpx.TransportError as exc:
            raise Unavailable(detail="module") from exc
        try:
            yield answer
        finally:
            await answer.aclose()


def _log_changes(scope: Scope, headers: Any) -> None:
    """What the worker says a write changed and how its route is called, for the operation log."""
    title = headers.get(TITLE_HEADER)
    if title:
        with contextlib.suppress(ValueError):
            scope["endpoint"] = _Titled(str(json.loads(title)))
    raw = headers.get(CHANGES_HEADER)
    if not raw:
        return
    with contextlib.suppress(ValueError, TypeError):
        for key, before, after in json.loads(raw):
            table, _, record = str(key).partition(" ")
            oplog.record(table, record, before, after)
