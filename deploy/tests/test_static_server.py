"""deploy/local/static_server.py in the frontends image: LOOM_FRONTENDS_DIR is all it needs (it lives
at /app/static_server.py there, which has no parents[2]: that was an IndexError at start)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_it_serves_the_directory_it_is_given_from_anywhere(tmp_path: Path) -> None:
    shutil.copy(ROOT / "deploy" / "local" / "static_server.py", tmp_path / "static_server.py")
    (tmp_path / "frontends" / "shell" / "dist").mkdir(parents=True)
    (tmp_path / "frontends" / "shell" / "dist" / "index.html").write_text("<title>portal</title>")
    probe = (
        "import static_server as s; from starlette.testclient import TestClient; "
        "print(TestClient(s.build()).get('/some/page').text)"
    )
    answer = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=tmp_path,
        env={**os.environ, "LOOM_FRONTENDS_DIR": str(tmp_path / "frontends"), "PYTHONPATH": str(tmp_path)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert answer.returncode == 0, answer.stderr
    assert answer.stdout.strip() == "<title>portal</title>"
