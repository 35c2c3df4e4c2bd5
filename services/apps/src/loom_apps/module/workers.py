"""Live versions served by sandboxed workers: start one, hear it is ready, stop it when replaced.

A worker is a sandbox child (``serve`` task) holding one version. The host gives it a listening
socket of its own (an abstract Unix socket name only the host's network namespace can reach), a
channel to ask the platform's questions (sandbox/platform.py), the module role's URL through the
relay and a key proving that a request comes from the host. It answers ``ready`` once the version
is imported, and only then does the host mount it (:class:`~loom_apps.module.mounts.Mounts`): the
version before keeps serving until that moment, and finishes the requests it has in flight before
it stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import signal
import socket
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from loom_apps.module.loader import Loaded
from loom_apps.module.proxy import WorkerApp
from loom_apps.sandbox import channel
from loom_apps.sandbox.platform import for_module
from loom_apps.sandbox.pool import Child, Sandbox

log = logging.getLogger("loom.apps.workers")

# how long a replaced version may finish its requests in flight
DRAIN_SECONDS = 30.0


class WorkerFailed(RuntimeError):
    """A version's worker did not load it (the message is its traceback)."""


@dataclass
class Worker:
    """One running version: its child, its channel, the app that forwards to it."""

    child: Child
    app: WorkerApp
    channel: asyncio.Task[None]
    run: Path


class Workers:
    """Starts and stops this host's workers."""

    def __init__(
        self,
        sandbox: Sandbox,
        handler: channel.Handler,
        *,
        database_url: str,
        start_seconds: float,
        options: dict[str, Any],
    ) -> None:
        self.sandbox = sandbox
        self.handler = handler
        self.database_url = database_url
        self.start_seconds = start_seconds
        self.options = options
        self._running: dict[int, Worker] = {}

    async def start(
        self,
        *,
        name: str,
        version: int,
        back: Path,
        package: str,
        tables: list[str],
        on_exit: Callable[[Loaded], None],
    ) -> Loaded:
        """A ready version (not yet mounted); :class:`WorkerFailed` with its reason otherwise."""
        address = f"\0loom-apps-{secrets.token_hex(12)}"
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        listener.bind(address)
        listener.listen(128)
        host_end, worker_end = channel.pair()
        key = secrets.token_urlsafe(32)
        loop = asyncio.get_running_loop()
        said: asyncio.Future[dict[str, Any]] = loop.create_future()
        run = self.sandbox.run_dir("serve")
        args = {
            **self.options,
            "name": name,
            "version": version,
            "back": str(back),
            "package": package,
            "tables": tables,
            "key": key,
            "database_url": self.database_url,
            "read": [str(back)],
            "write": [str(run)],
            "env": {"TMPDIR": str(run / "tmp"), "HOME": str(run)},
        }

        def heard(message: dict[str, Any]) -> None:
            if not said.done():
                said.set_result(message)

        served = loop.create_task(channel.serve(host_end, for_module(self.handler, tables), heard))
        try:
            child = await self.sandbox.spawn("serve", args, [listener.fileno(), worker_end.fileno()])
        except BaseException:
            served.cancel()
            _remove(run)
            raise
        finally:
            listener.close()
            worker_end.close()
        child.listeners.append(lambda code: heard({"op": "failed", "error": f"the worker exited ({code})"}))
        try:
            message = await asyncio.wait_for(asyncio.shield(said), self.start_seconds)
        except TimeoutError:
            message = {"op": "failed", "error": f"no answer within {self.start_seconds:g} s"}
        if message.get("op") != "ready":
            child.kill()
            served.cancel()
            _remove(run)
            raise WorkerFailed(str(message.get("error", "the version did not load")))
        app = WorkerApp(address, key)
        loaded = Loaded(name=name, version=version, prefixes=tuple(message.get("prefixes", ())), app=app)
        self._running[id(app)] = Worker(child, app, served, run)
        child.listeners.append(lambda _code: self._ended(loaded, on_exit))
        return loaded

    def _ended(self, loaded: Loaded, on_exit: Callable[[Loaded], None]) -> None:
        worker = self._running.pop(id(loaded.app), None)
        if worker is None:
            return  # stopped on purpose
        log.warning("module %s version %s: its worker exited", loaded.name, loaded.version)
        worker.channel.cancel()
        _remove(worker.run)
        on_exit(loaded)

    async def stop(self, loaded: Loaded, *, drain: bool = True) -> None:
        """Stops a version's worker once its requests in flight are answered."""
        worker = self._running.pop(id(loaded.app), None)
        if worker is None:
            return
        if drain:
            deadline = asyncio.get_running_loop().time() + DRAIN_SECONDS
            while worker.app.in_flight and asyncio.get_running_loop().time() < deadline:
                await asyncio.sleep(0.1)
        await worker.app.close()
        worker.child.kill(signal.SIGTERM)
        if await worker.child.wait(10) is None:
            worker.child.kill()
        worker.channel.cancel()
        _remove(worker.run)

    async def stop_all(self) -> None:
        """Stops every worker at once (the host shuts down)."""
        running = list(self._running.values())
        self._running.clear()
        for worker in running:
            worker.child.kill()
            worker.channel.cancel()
            await worker.app.close()
            _remove(worker.run)


def _remove(path: Path) -> None:
    import shutil

    with contextlib.suppress(OSError):
        shutil.rmtree(path, ignore_errors=True)
