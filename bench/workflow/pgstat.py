"""A private PostgreSQL server of Debian's binaries with ``pg_stat_statements`` (the embedded pgserver
ships no contrib modules), for the benchmarks that count where the database's work goes.

``private_server(port)`` runs ``initdb`` into a temporary directory (owned by the ``postgres`` system
user when this runs as root: the server refuses to run as root), starts it on ``127.0.0.1:<port>`` with
``shared_preload_libraries=pg_stat_statements`` (``track=all``: statements inside functions too), trust
authentication and settings of a small production server, yields its URL and data directory, and
stops and removes it at the end. ``pg_waldump`` of the same installation reads its WAL.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg


def server_processes(data_dir: Path) -> Iterator[tuple[Path, list[str], bool]]:
    """(``/proc/<pid>``, its stat fields after the command name, whether it is the postmaster) of the
    server running on ``data_dir``: the postmaster and its children."""
    postmaster = int(next(data_dir.rglob("postmaster.pid")).read_text().split()[0])
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, ppid = int(proc.name), int(fields[1])
        if pid == postmaster or ppid == postmaster:
            yield proc, fields, pid == postmaster


def bin_dir() -> Path:
    """The newest ``/usr/lib/postgresql/<version>/bin`` with ``pg_stat_statements`` beside it."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name), reverse=True)
    for candidate in found:
        if (candidate.parent / "lib" / "pg_stat_statements.so").exists():
            return candidate
    raise RuntimeError("no Debian PostgreSQL with pg_stat_statements under /usr/lib/postgresql")


def _as_postgres(command: list[str]) -> list[str]:
    """``command`` as the ``postgres`` system user when this process is root."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return command


def run(command: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    """One of the installation's programs (as ``postgres`` when root), its output as text."""
    return subprocess.run(_as_postgres(command), check=True, capture_output=True, text=True, **kwargs)  # type: ignore[call-overload, no-any-return]


@contextmanager
def private_server(port: int, *, keep: bool = False) -> Iterator[tuple[str, Path]]:
    """(URL of the ``postgres`` database, data directory) of a fresh server on ``port``."""
    binaries = bin_dir()
    home = Path(tempfile.mkdtemp(prefix="loom-pgstat-"))
    data = home / "data"
    if os.geteuid() == 0:
        shutil.chown(home, "postgres", "postgres")
    os.chmod(home, 0o755)
    run([str(binaries / "initdb"), "-D", str(data), "--auth=trust", "-U", "postgres", "-E", "UTF8"])
    settings = {
        "port": str(port),
        "listen_addresses": "'127.0.0.1'",
        "unix_socket_directories": f"'{home}'",
        "shared_preload_libraries": "'pg_stat_statements'",
        "pg_stat_statements.track": "all",
        "pg_stat_statements.max": "10000",
        "track_io_timing": "on",
        "shared_buffers": "256MB",
        "max_connections": "60",
        "fsync": "on",
        "synchronous_commit": "on",
    }
    with (data / "postgresql.auto.conf").open("a") as conf:
        for name, value in settings.items():
            conf.write(f"{name} = {value}\n")
    log = home / "server.log"
    run([str(binaries / "pg_ctl"), "-D", str(data), "-l", str(log), "-w", "start"])
    url = f"postgresql://postgres@127.0.0.1:{port}/postgres"
    try:
        for _ in range(100):
            try:
                with psycopg.connect(url, autocommit=True) as conn:
                    conn.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
                break
            except psycopg.OperationalError:
                time.sleep(0.1)
        yield url, data
    finally:
        subprocess.run(
            _as_postgres([str(binaries / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"]),
            check=False,
            capture_output=True,
        )
        if not keep:
            shutil.rmtree(home, ignore_errors=True)
