"""``serve`` stops within Docker's 10 s of SIGTERM even while a response never ends (a notice stream):
uvicorn's graceful shutdown is bounded (cli.SERVER_OPTIONS); unbounded, it waited for the stream
until the container was killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from loom_platform.cli import GRACEFUL_SHUTDOWN_SECONDS
from loom_platform.embedded import free_port

# An app whose /stream sends a line every half second for ever, as a server-sent events stream does.
APP = """
import asyncio
from starlette.applications import Starlette
from starlette.responses import StreamingResponse
from starlette.routing import Route

async def stream(request):
    async def lines():
        while True:
            yield b": heartbeat\\n\\n"
            await asyncio.sleep(0.5)
    return StreamingResponse(lines(), media_type="text/event-stream")

def build():
    return Starlette(routes=[Route("/stream", stream)])
"""

SERVE = """
import sys
import uvicorn
from loom_platform.cli import SERVER_OPTIONS
uvicorn.run("streamapp:build", factory=True, port=int(sys.argv[1]), **SERVER_OPTIONS)
"""


def test_serve_stops_within_ten_seconds_of_sigterm_while_a_stream_is_open(tmp_path: Path) -> None:
    # given: the server with a client reading an endless stream
    (tmp_path / "streamapp.py").write_text(APP)
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-c", SERVE, str(port)],
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(f"http://127.0.0.1:{port}/nothing", timeout=1)
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline and server.poll() is None, "the server did not start"
                time.sleep(0.1)
        with httpx.stream("GET", f"http://127.0.0.1:{port}/stream", timeout=30) as response:
            lines = response.iter_lines()
            assert next(lines) == ": heartbeat"
            # when: SIGTERM, as `docker stop` sends it
            stopped_at = time.monotonic()
            server.send_signal(signal.SIGTERM)
            # then: the process exits by itself, well before the 10 s after which Docker kills it
            server.wait(timeout=10)
            took = time.monotonic() - stopped_at
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    # uvicorn re-raises the signal it stopped for once it is done: exited by SIGTERM, not killed
    assert server.returncode in (0, -signal.SIGTERM)
    assert took < GRACEFUL_SHUTDOWN_SECONDS + 3 < 10
