"""The one way a serving module asks the host something: a socket pair, JSON datagrams.

A module never talks to sys (no network in the sandbox); what its routes need of the platform — the
caller's permissions, their data scope on the module's menu, dictionary labels — it asks the host
over this channel, and the host answers from its own caches (the same answers it gave when modules
ran inside it). Requests carry an id; answers come back in any order.

The socket is ``SOCK_SEQPACKET``: one datagram is one message, so there is no framing to get wrong.
"""

from __future__ import annotations

import asyncio
import itertools
import socket
from collections.abc import Awaitable, Callable
from typing import Any

import orjson

MAX_MESSAGE = 1 << 20


def pair() -> tuple[socket.socket, socket.socket]:
    """The host's end and the worker's end of a new channel."""
    return socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)


class ChannelClosed(ConnectionError):
    """The other side went away."""


class Client:
    """The worker's end: :meth:`call` sends a request and awaits its answer."""

    def __init__(self, sock: socket.socket) -> None:
        sock.setblocking(False)
        self._sock = sock
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[Any]] = {}
        self._reader: asyncio.Task[None] | None = None

    def notify(self, op: str, **args: Any) -> None:
        """Sends a message that has no answer (blocking; before the event loop runs)."""
        self._sock.setblocking(True)
        try:
            self._sock.send(orjson.dumps({"op": op, **args}))
        finally:
            self._sock.setblocking(False)

    async def call(self, op: str, **args: Any) -> Any:
        """The host's answer to ``op``; raises :class:`RuntimeError` with the host's reason."""
        loop = asyncio.get_running_loop()
        if self._reader is None or self._reader.done():
            self._reader = loop.create_task(self._read())
        request_id = next(self._ids)
        future: asyncio.Future[Any] = loop.create_future()
        self._waiting[request_id] = future
        try:
            await loop.sock_sendall(self._sock, orjson.dumps({"id": request_id, "op": op, "args": args}))
            return await future
        finally:
            self._waiting.pop(request_id, None)

    async def _read(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            data = await loop.sock_recv(self._sock, MAX_MESSAGE)
            if not data:
                for future in self._waiting.values():
                    if not future.done():
                        future.set_exception(ChannelClosed("the host closed the channel"))
                return
            message = orjson.loads(data)
            waiting = self._waiting.get(int(message.get("id", 0)))
            if waiting is None or waiting.done():
                continue
            if "error" in message:
                waiting.set_exception(RuntimeError(str(message["error"])))
            else:
                waiting.set_result(message.get("result"))


Handler = Callable[[str, dict[str, Any]], Awaitable[Any]]


async def serve(sock: socket.socket, handler: Handler, on_notice: Callable[[dict[str, Any]], None]) -> None:
    """The host's end: answers each request with ``handler(op, args)`` until the worker closes it;
    messages without an id (notices such as ``ready``) go to ``on_notice``."""
    sock.setblocking(False)
    loop = asyncio.get_running_loop()
    pending: set[asyncio.Task[None]] = set()

    async def answer(message: dict[str, Any]) -> None:
        try:
            reply = {
                "id": message["id"],
                "result": await handler(str(message["op"]), message.get("args") or {}),
            }
        except Exception as exc:  # the worker sees why; the host carries on
            reply = {"id": message["id"], "error": f"{type(exc).__name__}: {exc}"[:2000]}
        try:
            await loop.sock_sendall(sock, orjson.dumps(reply))
        except OSError:
            pass  # the worker is gone

    try:
        while True:
            try:
                data = await loop.sock_recv(sock, MAX_MESSAGE)
            except OSError:
                return
            if not data:
                return
            message = orjson.loads(data)
            if "id" not in message:
                on_notice(message)
                continue
            task = loop.create_task(answer(message))
            pending.add(task)
            task.add_done_callback(pending.discard)
    finally:
        for task in pending:
            task.cancel()
        sock.close()
