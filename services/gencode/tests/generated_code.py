"""Checks of generated code: does it compile, and is every marker planted in a value still data?

Python goes through ``compile`` and the tokenizer. Pages go through the TypeScript compiler, one
program for a whole batch (typescript_data.mjs): they are written under ``<root>/src`` beside a
tsconfig extending the frontends' base and a link to the frontends' node_modules, so ``@loom/ui``,
antd and react resolve as in the portal.
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import tokenize
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

REPOSITORY = Path(__file__).resolve().parents[3]
FRONTENDS = REPOSITORY / "frontends"
SCRIPT = Path(__file__).with_name("typescript_data.mjs")


def python_outside(path: str, source: str, markers: list[str]) -> list[str]:
    """Compiles ``source`` (a SyntaxError fails the caller) and answers each line where a marker is
    code: anywhere but a plain string literal or a comment (an f-string's text would run)."""
    compile(source, path, "exec", dont_inherit=True)
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        data = token.type == tokenize.COMMENT or (
            token.type == tokenize.STRING and "f" not in token.string.split(token.string[-1])[0].lower()
        )
        if not data and any(marker in token.string for marker in markers):
            found.append(f"{path}:{token.start[0]}: {token.line.strip()}")
    return found


@dataclass(frozen=True)
class Checked:
    """What the compiler said of a batch: its errors and the markers it found in code."""

    diagnostics: list[dict[str, Any]]
    outside: list[dict[str, Any]]
    files: int


def check_pages(root: Path, pages: dict[str, str], markers: list[str]) -> Checked:
    """Type-checks ``pages`` (path below ``src/`` -> text) and finds every marker outside data."""
    node = shutil.which("node")
    if node is None or not (FRONTENDS / "node_modules" / "typescript").is_dir():
        pytest.skip("node and the frontends' node_modules are needed (make install)")
    for relative, text in pages.items():
        target = root / "src" / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    (root / "node_modules").symlink_to(FRONTENDS / "node_modules")
    config = {"extends": str(FRONTENDS / "tsconfig.base.json"), "include": ["src"]}
    (root / "tsconfig.json").write_text(json.dumps(config), encoding="utf-8")
    job = {
        "root": str(root),
        "typescript": str(FRONTENDS / "node_modules" / "typescript"),
        "markers": markers,
    }
    (root / "job.json").write_text(json.dumps(job), encoding="utf-8")
    run = subprocess.run(
        [node, str(SCRIPT), str(root / "job.json")], capture_output=True, text=True, timeout=600, check=False
    )
    assert run.returncode == 0, run.stderr[-3000:]
    answer = json.loads(run.stdout)
    return Checked(answer["diagnostics"], answer["outside"], answer["files"])
