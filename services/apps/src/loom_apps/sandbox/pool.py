"""The host's handle on the sandbox: starts the zygote, asks it for children, hears how they end.

The zygote is exec'd fresh (``python -I``: no inherited environment variable reaches it, no module
path of the host's working directory) with only the environment in :func:`scrubbed_env`, and it
confines itself as :func:`plan` says before it imports anything (confine.py). Every generated test,
module and page build is one of its children (:meth:`Sandbox.spawn`).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from loom_apps.sandbox.confine import Plan
from loom_apps.settings import AppsSettings

log = logging.getLogger("loom.apps.sandbox")

MAX_MESSAGE = 1 << 20
# What every test and module imports: loaded once in the zygote, so a child starts in milliseconds.
PRELOAD = [
    "pytest",
    "pytest_asyncio.plugin",
    "httpx",
    "fastapi",
    "uvicorn",
    "sqlalchemy.ext.asyncio",
    "asyncpg",
    "sqlmodel",
    "openpyxl",
    "loom_platform.auth",
    "loom_platform.db",
    "loom_platform.http",
    "loom_platform.crud",
    "loom_platform.datarules",
    "loom_platform.modules",
    "loom_platform.paging",
    "loom_platform.tree",
    "loom_platform.xlsx",
    "loom_platform.testing.auth",
    "loom_apps.module.loader",
    "loom_apps.sandbox.tasks",
    "loom_apps.sandbox.gate",
]
# The system beneath which a child may read (and run): no home, no state, no other checkout.
SYSTEM_READ = [
    "/usr",
    "/lib",
    "/lib64",
    "/lib32",
    "/bin",
    "/sbin",
    "/etc",
    "/proc",
    "/sys/devices/system/cpu",
    "/sys/fs/cgroup",
    "/dev/null",
    "/dev/zero",
    "/dev/random",
    "/dev/urandom",
]


class SandboxUnavailable(RuntimeError):
    """The zygote did not start (its output says why)."""


def sandbox_ids(user: str) -> tuple[int, int] | None:
    """The uid and gid to run generated code as: ``user`` (a name, or ``uid[:gid]``) when the host
    runs as root; None otherwise (the host's own user stays, the other layers hold)."""
    if os.geteuid() != 0:
        return None
    name, _, group = user.partition(":")
    if name.isdigit():
        return int(name), int(group or name)
    try:
        entry = pwd.getpwnam(name or "nobody")
    except KeyError:
        return 65534, 65534  # nobody's ids on every Linux distribution we know
    return entry.pw_uid, int(group) if group.isdigit() else entry.pw_gid


def scrubbed_env(home: Path) -> dict[str, str]:
    """The zygote's whole environment: a PATH, a UTF-8 locale, a home in the module store."""
    return {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "HOME": str(home),
        "PYTHONDONTWRITEBYTECODE": "1",
    }


def _under(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip("/") + "/")


def read_roots(settings: AppsSettings) -> tuple[list[str], list[list[str]]]:
    """Where a child may read — the system, the interpreter and its packages, the page builder —
    and the symbolic links among them (``/bin`` → ``usr/bin``), to recreate in the sandbox's root."""
    state = str(settings.state_dir)
    node = shutil.which(settings.node)
    roots = [*SYSTEM_READ, sys.base_prefix, sys.prefix, *sys.path]
    if node:
        roots.append(str(Path(os.path.realpath(node)).parents[1]))
    roots += [str(settings.builder_script.parent), str(settings.builder_modules)]
    found, links = [], []
    for root in roots:
        if not root or not os.path.exists(root):
            continue
        if os.path.islink(root):
            links.append([os.path.abspath(root), os.readlink(root)])
        resolved = os.path.realpath(root)
        if _under(state, resolved) or _under(str(settings.modules), resolved):
            log.warning("%s holds the state directory: the sandbox does not read it", root)
            continue
        found.append(resolved)
    return list(dict.fromkeys(found)), links


def plan(settings: AppsSettings) -> Plan:
    """What the zygote does to itself (confine.py), for this host's settings and user."""
    ids = sandbox_ids(settings.sandbox_user)
    modules = str(settings.modules)
    view = settings.modules / "run" / ".view"
    view.mkdir(parents=True, exist_ok=True)
    reads, links = read_roots(settings)
    return Plan(
        uid=ids[0] if ids else None,
        gid=ids[1] if ids else None,
        view=str(view),
        namespaces=settings.sandbox_namespaces,
        landlock=settings.sandbox_landlock,
        read=reads,
        write=[modules],
        links=links,
    )


@dataclass
class Child:
    """A task the zygote forked: its pid once started, its exit code once over."""

    id: int
    started: asyncio.Future[int]
    ended: asyncio.Future[int]
    pid: int = 0
    listeners: list[Any] = field(default_factory=list)

    async def wait(self, timeout: float | None = None) -> int | None:
        """The exit code, or None when ``timeout`` passed first."""
        try:
            return await asyncio.wait_for(asyncio.shield(self.ended), timeout)
        except TimeoutError:
            return None

    def kill(self, sig: int = signal.SIGKILL) -> None:
        """Signals the child (the host may: it is root, or the same user outside the sandbox)."""
        if self.pid and not self.ended.done():
            try:
                os.kill(self.pid, sig)
            except ProcessLookupError:
                pass


class Sandbox:
    """The zygote and the children it forks for this host."""

    def __init__(self, settings: AppsSettings) -> None:
        self.settings = settings
        self.ids = sandbox_ids(settings.sandbox_user)
        self.layers: dict[str, str] = {}
        self._ids = itertools.count(1)
        self._children: dict[int, Child] = {}
        self._control: socket.socket | None = None
        self._process: subprocess.Popen[bytes] | None = None
        self._reader: asyncio.Task[None] | None = None
        self._hello: asyncio.Future[dict[str, Any]] | None = None
        self._lock = asyncio.Lock()

    @property
    def run_root(self) -> Path:
        """Where children's run folders (and the database relay's socket) live."""
        return self.settings.modules / "run"

    async def start(self) -> None:
        """Starts the zygote (once) and waits until it is confined and ready."""
        async with self._lock:
            if self._process is not None and self._process.poll() is None:
                return
            await self._start()

    async def _start(self) -> None:
        self.settings.modules.chmod(0o755)
        self.run_root.mkdir(mode=0o755, exist_ok=True)
        host_end, zygote_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self._process = subprocess.Popen(
            [sys.executable, "-I", "-B", "-u", "-m", "loom_apps.sandbox.zygote", str(zygote_end.fileno())],
            env=scrubbed_env(self.run_root),
            cwd=str(self.run_root),
            stdin=subprocess.DEVNULL,
            pass_fds=(zygote_end.fileno(),),
            start_new_session=True,
        )
        zygote_end.close()
        host_end.setblocking(False)
        self._control = host_end
        loop = asyncio.get_running_loop()
        self._hello = loop.create_future()
        self._reader = loop.create_task(self._read(host_end))
        setup = {"plan": plan(self.settings).to_json(), "preload": PRELOAD}
        await loop.sock_sendall(host_end, json.dumps(setup).encode())
        try:
            hello = await asyncio.wait_for(asyncio.shield(self._hello), self.settings.sandbox_start_seconds)
        except TimeoutError as exc:
            raise SandboxUnavailable("the sandbox did not start in time") from exc
        self.layers = dict(hello.get("layers", {}))
        missing = any("unavailable" in v or "kept" in v for v in self.layers.values())
        log.log(
            logging.WARNING if missing else logging.INFO,
            "sandbox ready: %s",
            ", ".join(f"{k}: {v}" for k, v in self.layers.items()),
        )

    async def _read(self, control: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        try:
            while True:
                data = await loop.sock_recv(control, MAX_MESSAGE)
                if not data:
                    break
                self._on_message(json.loads(data))
        except OSError:
            pass
        finally:
            if self._hello is not None and not self._hello.done():
                self._hello.set_exception(SandboxUnavailable("the sandbox exited while starting"))
            for child in list(self._children.values()):
                _settle(child, -1)
            self._children.clear()

    def _on_message(self, message: dict[str, Any]) -> None:
        op = message.get("op")
        if op == "hello" and self._hello is not None and not self._hello.done():
            self._hello.set_result(message)
            return
        child = self._children.get(int(message.get("id") or 0))
        if child is None:
            return
        if op == "started":
            child.pid = int(message["pid"])
            if not child.started.done():
                child.started.set_result(child.pid)
        elif op == "exited":
            self._children.pop(child.id, None)
            _settle(child, int(message.get("code", -1)))

    async def spawn(self, task: str, args: dict[str, Any], fds: Sequence[int] = ()) -> Child:
        """Forks a child running ``task`` (tasks.py) with ``args`` and the descriptors ``fds``."""
        await self.start()
        assert self._control is not None
        loop = asyncio.get_running_loop()
        args = {"landlock": self.settings.sandbox_landlock, **args}
        child = Child(next(self._ids), loop.create_future(), loop.create_future())
        self._children[child.id] = child
        message = json.dumps({"op": "spawn", "id": child.id, "task": task, "args": args}).encode()
        await _send_fds(self._control, message, list(fds))
        await asyncio.wait_for(asyncio.shield(child.started), 30)
        return child

    def run_dir(self, kind: str) -> Path:
        """A fresh folder a child may write in (its own: the sandbox user owns it)."""
        folder = self.run_root / f"{kind}-{os.urandom(6).hex()}"
        folder.mkdir(mode=0o700)
        (folder / "tmp").mkdir(mode=0o700)
        if self.ids is not None:
            for path in (folder, folder / "tmp"):
                os.chown(path, *self.ids)
        return folder

    def give(self, path: Path) -> None:
        """Hands a folder the host made to the sandbox user (a build's output)."""
        path.mkdir(parents=True, exist_ok=True)
        if self.ids is not None:
            os.chown(path, *self.ids)

    async def stop(self) -> None:
        """Ends the zygote and every child (closing the control socket does it; a kill makes sure)."""
        if self._reader is not None:
            self._reader.cancel()
            await asyncio.gather(self._reader, return_exceptions=True)
        if self._control is not None:
            self._control.close()
            self._control = None
        process, self._process = self._process, None
        if process is not None:
            try:
                await asyncio.wait_for(asyncio.get_running_loop().run_in_executor(None, process.wait), 5)
            except TimeoutError:
                process.kill()


def _settle(child: Child, code: int) -> None:
    if not child.started.done():
        child.started.set_exception(SandboxUnavailable("the sandbox did not start the task"))
    if not child.ended.done():
        child.ended.set_result(code)
    for listener in child.listeners:
        listener(code)


async def _send_fds(control: socket.socket, message: bytes, fds: list[int]) -> None:
    """One datagram with descriptors, on the non-blocking control socket."""
    loop = asyncio.get_running_loop()
    while True:
        try:
            socket.send_fds(control, [message], fds)
            return
        except BlockingIOError:
            writable = loop.create_future()
            loop.add_writer(control, writable.set_result, None)
            try:
                await writable
            finally:
                loop.remove_writer(control)
