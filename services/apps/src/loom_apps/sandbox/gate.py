"""A live version's routes, served inside the sandbox behind the host (the ``serve`` task).

The host verified the caller's token and passes who they are (:data:`PRINCIPAL_HEADER`); the token
itself never reaches the module. :class:`Gate` turns that into the request state the platform's
auth dependencies read (``principal``, ``access`` — asked of the host per request, so a revoked
right is gone at once), sets the request's language and id, and refuses any request without the
version's key (:data:`KEY_HEADER`: only the host knows it). For a write it hands back the records
the request changed (:data:`CHANGES_HEADER`) and the route's title (:data:`TITLE_HEADER`), so that
the host's operation log reads as it did when modules ran inside the host.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import socket
import time
import traceback
from pathlib import Path
from typing import Any

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from loom_apps.module import loader
from loom_apps.sandbox import channel
from loom_apps.sandbox.platform import RemotePlatform
from loom_platform import db, i18n, oplog
from loom_platform.auth import Principal
from loom_platform.logging import REQUEST_ID_HEADER, caller, configure, request_id

KEY_HEADER = "x-loom-worker-key"
PRINCIPAL_HEADER = "x-loom-principal"
CHANGES_HEADER = "x-loom-changes"
TITLE_HEADER = "x-loom-title"
MAX_CHANGES_BYTES = 48 * 1024
# an idle module gives its database connections back after this long
IDLE_SECONDS = 60.0


def _refused(status: int, text: str) -> tuple[Message, Message]:
    body = orjson.dumps({"code": "PERMISSION_DENIED", "msg": text, "details": {}})
    start = {
        "type": "http.response.start",
        "status": status,
        "headers": [(b"content-type", b"application/json")],
    }
    return start, {"type": "http.response.body", "body": body}


def ascii_json(value: Any) -> str:
    """JSON with every non-ASCII character escaped: fit for a header value."""
    return json.dumps(value, ensure_ascii=True, separators=(",", ":"), default=str)


def encode_changes(changes: list[oplog.Change]) -> str:
    """The changed records as a header value, trimmed to fit."""
    kept = list(changes)
    while kept:
        encoded = ascii_json(kept)
        if len(encoded) <= MAX_CHANGES_BYTES:
            return encoded
        kept = kept[: len(kept) // 2]
    return ""


class Gate:
    """The worker's outermost ASGI layer (see the module docstring)."""

    def __init__(self, app: ASGIApp, key: str, platform: RemotePlatform, engine: Any = None) -> None:
        self.app = app
        self.key = key.encode()
        self.platform = platform
        self.engine = engine
        self.last_seen = time.monotonic()
        self._janitor: asyncio.Task[None] | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        self.last_seen = time.monotonic()
        if self.engine is not None and self._janitor is None:
            self._janitor = asyncio.get_running_loop().create_task(self._give_back_idle())
        headers = {k.decode("latin-1"): v for k, v in scope["headers"]}
        if not hmac.compare_digest(headers.get(KEY_HEADER, b""), self.key):
            for message in _refused(403, "not from the host"):
                await send(message)
            return
        lang = i18n.current_language.set(
            i18n.negotiate(headers.get("accept-language", b"").decode("latin-1"))
        )
        rid = request_id.set(headers.get(REQUEST_ID_HEADER, b"-").decode("latin-1"))
        who = caller.set("-")
        try:
            await self._with_principal(scope, headers.get(PRINCIPAL_HEADER))
            await self._call(scope, receive, send)
        finally:
            i18n.current_language.reset(lang)
            request_id.reset(rid)
            caller.reset(who)

    async def _with_principal(self, scope: Scope, raw: bytes | None) -> None:
        if not raw:
            return
        fields = orjson.loads(raw)
        principal = Principal(
            user_id=str(fields["user_id"]),
            login_name=str(fields.get("login_name", "")),
            session_id=str(fields.get("session_id", "")),
            token_id=str(fields.get("token_id", "")),
            expires_at=int(fields.get("expires_at", 0)),
        )
        state = scope.setdefault("state", {})
        state["principal"] = principal
        state["access"] = await self.platform.access(principal.user_id, principal.session_id)
        caller.set(principal.user_id)

    async def _call(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["method"] not in oplog.WRITES:
            await self.app(scope, receive, send)
            return
        with oplog.collecting() as changes:

            async def _send(message: Message) -> None:
                if message["type"] == "http.response.start":
                    extra = []
                    if changes:
                        extra.append((CHANGES_HEADER.encode(), encode_changes(changes).encode()))
                    doc = (getattr(scope.get("endpoint"), "__doc__", None) or "").strip().splitlines()
                    if doc:
                        extra.append((TITLE_HEADER.encode(), ascii_json(doc[0][:255]).encode()))
                    message = {**message, "headers": [*message.get("headers", []), *extra]}
                await send(message)

            await self.app(scope, receive, _send)

    async def _give_back_idle(self) -> None:
        while True:
            await asyncio.sleep(IDLE_SECONDS / 2)
            if time.monotonic() - self.last_seen > IDLE_SECONDS:
                await self.engine.dispose()


def serve(args: dict[str, Any], *, listen_fd: int, channel_fd: int) -> int:
    """Imports the version, tells the host it is ready (or why not), then serves until stopped."""
    import uvicorn

    client = channel.Client(socket.socket(fileno=channel_fd))
    configure("apps-module", str(args.get("log_level", "INFO")), bool(args.get("log_json", True)))
    try:
        engine = db.create_engine(str(args["database_url"]), pool_size=int(args.get("pool_size", 2)))
        platform = RemotePlatform(client)
        state = {"session_factory": db.session_factory(engine), "platform": platform}
        loaded = loader.build(
            str(args["name"]),
            int(args["version"]),
            Path(args["back"]),
            str(args["package"]),
            [str(t) for t in args["tables"]],
            state,
        )
    except BaseException:
        client.notify("failed", error=traceback.format_exc()[-20_000:])
        return 1
    client.notify("ready", prefixes=list(loaded.prefixes))
    app = Gate(loaded.app, str(args["key"]), platform, engine)
    config = uvicorn.Config(
        app, fd=listen_fd, lifespan="off", log_config=None, access_log=False, timeout_keep_alive=75
    )
    uvicorn.Server(config).run()
    return 0
