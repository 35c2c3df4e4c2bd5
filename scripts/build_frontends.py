"""Builds the frontends when their sources are newer than the last build (``make frontends``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "frontends"
STAMP = ROOT / "node_modules" / ".loom-build-stamp"
IGNORED = {"node_modules", "dist", ".vite", "coverage"}
# What the bundles import from outside frontends/: the form validators' rule table (@loom/ui's
# form-render) and the user guide's chapters and screenshots (the shell's 帮助 / Help).
OUTSIDE = [ROOT.parent / "libs" / "form-rules" / "src" / "loom_form_rules" / "validators.json"]
GUIDE = ROOT.parent / "docs" / "guide"


def newest_source() -> float:
    outside = [*OUTSIDE, *(p for p in GUIDE.rglob("*") if p.is_file())]
    newest = max((path.stat().st_mtime for path in outside if path.exists()), default=0.0)
    for path in ROOT.rglob("*"):
        if path.is_file() and not IGNORED.intersection(path.relative_to(ROOT).parts):
            newest = max(newest, path.stat().st_mtime)
    return newest


def main() -> int:
    if not (ROOT / "package.json").exists():
        return 0
    built = STAMP.stat().st_mtime if STAMP.exists() else 0.0
    if built >= newest_source() and (ROOT / "shell" / "dist" / "index.html").exists():
        return 0
    print("building the frontends (npm run build) …", flush=True)  # noqa: T201
    result = subprocess.run(["npm", "run", "build", "--silent"], cwd=ROOT)
    if result.returncode == 0:
        STAMP.parent.mkdir(parents=True, exist_ok=True)
        STAMP.touch()
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
