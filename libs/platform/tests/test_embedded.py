"""The embedded PostgreSQL stops when asked, whichever process started it (no server left behind)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import uuid

from loom_platform.embedded import stop_postgres
from loom_platform.settings import repo_root


def test_a_server_started_by_another_process_is_stopped() -> None:
    # given a server started by a process that has exited since (make dev, a test run)
    data_dir = repo_root() / ".loom" / "test" / f"embedded-{uuid.uuid4().hex[:8]}"
    data_dir.parent.mkdir(parents=True, exist_ok=True)
    start = (
        "from pathlib import Path; from loom_platform.embedded import postgres_url; postgres_url(Path(%r))"
    )
    subprocess.run([sys.executable, "-c", start % str(data_dir)], check=True, timeout=120)
    try:
        assert (data_dir / "postmaster.pid").exists()
        # when it is stopped
        stop_postgres(data_dir)
        # then its postmaster is gone
        deadline = time.monotonic() + 10
        while (data_dir / "postmaster.pid").exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not (data_dir / "postmaster.pid").exists()
    finally:
        stop_postgres(data_dir)
        shutil.rmtree(data_dir, ignore_errors=True)
