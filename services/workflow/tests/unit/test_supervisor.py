"""The API's supervisor (``serve`` with several processes) stops within its bound even when a worker
cannot answer: stopped (SIGSTOP) while the supervisor may be waiting on its health ping. uvicorn's own
waits a minute for the ping, then forever for the worker."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from loom_platform.embedded import free_port

APP = """
async def app(scope, receive, send):
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            await send({"type": message["type"] + ".complete"})
            if message["type"] == "lifespan.shutdown":
                return
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"ok"})
"""

SERVE = """
import sys
import uvicorn
from loom_workflow import supervisor
supervisor.STOP_SECONDS = 2.0
config = uvicorn.Config("tinyapp:app", port=int(sys.argv[1]), workers=2, timeout_worker_healthcheck=60)
supervisor.Supervisor(config, sockets=[config.bind_socket()]).run()
"""


def _children(pid: int) -> list[int]:
    found = []
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                ppid = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError):
                continue
            if ppid == pid:
                found.append(int(proc.name))
    return found


def test_a_stopped_worker_does_not_hold_the_supervisor_past_its_bound(tmp_path: Path) -> None:
    # given: the supervisor serving a tiny app with two workers
    (tmp_path / "tinyapp.py").write_text(APP)
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    parent = subprocess.Popen(
        [sys.executable, "-c", SERVE, str(port)],
        env=env,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        workers: list[int] = []
        while time.monotonic() < deadline:
            workers = [
                c for c in _children(parent.pid) if Path(f"/proc/{c}/cmdline").read_bytes().count(b"spawn")
            ]
            try:
                if len(workers) == 2 and httpx.get(f"http://127.0.0.1:{port}/", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        assert len(workers) == 2, "the two workers did not start"

        # when: one worker is stopped, then the group is asked to stop, as the scale test's teardown does
        os.kill(workers[0], signal.SIGSTOP)
        started = time.monotonic()
        os.killpg(parent.pid, signal.SIGTERM)

        # then: the supervisor exits within its bound (2 s here) plus its 0.5 s slices, the stopped
        # worker killed
        parent.wait(timeout=30)
        assert time.monotonic() - started < 15
        assert not Path(f"/proc/{workers[0]}").exists() or "Z" in Path(f"/proc/{workers[0]}/stat").read_text()
    finally:
        if parent.poll() is None:
            os.killpg(parent.pid, signal.SIGKILL)
            parent.wait()
