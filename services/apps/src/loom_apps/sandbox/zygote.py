"""The sandbox's first process: confines itself, imports what generated code needs, then forks one
child per task the host asks for (``python -I -m loom_apps.sandbox.zygote``, started by pool.py).

It is exec'd fresh with a scrubbed environment (nothing of the host's memory or environment is in
it), applies the host's :class:`~loom_apps.sandbox.confine.Plan`, imports the libraries every test
and module uses (a fork then costs milliseconds, not the seconds of a fresh interpreter), and waits
on its control socket (the descriptor named by its argument, ``SOCK_SEQPACKET``, JSON messages, file descriptors alongside):

- host → zygote: ``{"op": "spawn", "id", "task", "args"}`` with the task's descriptors;
- zygote → host: ``{"op": "hello", "layers"}`` once ready, ``{"op": "started", "id", "pid"}``,
  ``{"op": "exited", "id", "pid", "code"}``.

A child adds its own Landlock layer (its version's folder, its run folder) before it runs its task
(tasks.py). When the host goes away (the socket closes), the zygote kills its children and exits.
"""

from __future__ import annotations

import ctypes
import importlib
import json
import os
import selectors
import signal
import socket
import sys
import traceback
from typing import Any

from loom_apps.sandbox import confine

MAX_MESSAGE = 1 << 20
_PR_SET_NAME, _PR_SET_PDEATHSIG = 15, 1


def _send(control: socket.socket, message: dict[str, Any]) -> None:
    control.send(json.dumps(message).encode())


def _preload(names: list[str]) -> None:
    for name in names:
        try:
            importlib.import_module(name)
        except Exception:  # a missing extra is the task's concern, not the zygote's
            traceback.print_exc()


def _child(control: socket.socket, message: dict[str, Any], fds: list[int], base_read: list[str]) -> None:
    """In the forked child: never returns."""
    code = 70
    try:
        control.close()
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        os.setsid()
        libc = ctypes.CDLL(None)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        # what ps and top show: apps-serve, apps-pytest, apps-exec
        libc.prctl(_PR_SET_NAME, f"apps-{message['task']}".encode()[:15], 0, 0, 0)
        from loom_apps.sandbox import tasks

        code = tasks.run(str(message["task"]), dict(message.get("args") or {}), fds, base_read)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException:
        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def _spawn(control: socket.socket, message: dict[str, Any], fds: list[int], base_read: list[str]) -> int:
    pid = os.fork()
    if pid == 0:
        _child(control, message, fds, base_read)
    for fd in fds:
        os.close(fd)
    _send(control, {"op": "started", "id": message["id"], "pid": pid})
    return pid


def _reap(control: socket.socket, children: dict[int, Any]) -> None:
    while children:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        task_id = children.pop(pid, None)
        _send(control, {"op": "exited", "id": task_id, "pid": pid, "code": os.waitstatus_to_exitcode(status)})


def serve(control: socket.socket, base_read: list[str]) -> None:
    """Forks a child per spawn request until the host closes the control socket."""
    children: dict[int, Any] = {}
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_write, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    selector = selectors.DefaultSelector()
    selector.register(control, selectors.EVENT_READ)
    selector.register(wake_read, selectors.EVENT_READ)
    try:
        while True:
            for key, _ in selector.select():
                if key.fileobj == wake_read:
                    os.read(wake_read, 4096)
                    _reap(control, children)
                    continue
                data, fds, _flags, _addr = socket.recv_fds(control, MAX_MESSAGE, 16)
                if not data:
                    return
                message = json.loads(data)
                if message.get("op") == "spawn":
                    children[_spawn(control, message, fds, base_read)] = message["id"]
            _reap(control, children)
    finally:
        for pid in children:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def main() -> None:
    """Confine, preload, say hello, serve."""
    control = socket.socket(fileno=int(sys.argv[1]))
    setup = json.loads(control.recv(MAX_MESSAGE))
    plan = confine.Plan.from_json(setup["plan"])
    layers = confine.apply(plan)
    _preload(list(setup.get("preload", [])))
    _send(control, {"op": "hello", "layers": layers, "uid": os.getuid(), "pid": os.getpid()})
    serve(control, plan.read)


if __name__ == "__main__":
    main()
