"""Regenerates ``libs/contracts/src/loom_contracts`` from ``proto/`` (``make proto``).

With ``--check`` it generates into a temporary directory and fails when the committed code
differs, so CI catches a proto change without regenerated code.
"""

from __future__ import annotations

import filecmp
import shutil
import sys
import tempfile
from pathlib import Path

from grpc_tools import protoc

ROOT = Path(__file__).resolve().parents[1]
PROTO = ROOT / "proto"
OUT = ROOT / "libs" / "contracts" / "src" / "loom_contracts"


def generate(target: Path) -> None:
    files = sorted(str(p.relative_to(PROTO)) for p in PROTO.rglob("*.proto"))
    include = str(Path(protoc.__file__).parent / "_proto")
    args = [
        "protoc",
        f"-I{PROTO}",
        f"-I{include}",
        f"--python_out={target}",
        f"--grpc_python_out={target}",
        f"--mypy_out=quiet:{target}",
        f"--mypy_grpc_out=quiet:{target}",
        *files,
    ]
    if protoc.main(args) != 0:
        raise SystemExit("protoc failed")
    for directory in [target / "loom", *[p for p in (target / "loom").rglob("*") if p.is_dir()]]:
        (directory / "__init__.py").touch()
    _absolute_imports(target)


def _absolute_imports(target: Path) -> None:
    # protoc writes "from loom.sys.v1 import ..."; the package lives under loom_contracts.
    for path in target.rglob("*.py*"):
        text = path.read_text()
        fixed = text.replace("from loom.", "from loom_contracts.loom.").replace(
            "import loom.", "import loom_contracts.loom."
        )
        if fixed != text:
            path.write_text(fixed)


def differences(a: Path, b: Path) -> list[str]:
    found: list[str] = []
    cmp = filecmp.dircmp(a, b, ignore=["__pycache__"])
    found += [f"only committed: {n}" for n in cmp.left_only] + [
        f"only generated: {n}" for n in cmp.right_only
    ]
    found += [f"differs: {n}" for n in cmp.diff_files]
    for sub in cmp.common_dirs:
        found += differences(a / sub, b / sub)
    return found


def main() -> int:
    if "--check" in sys.argv:
        with tempfile.TemporaryDirectory() as tmp:
            generate(Path(tmp))
            diff = differences(OUT / "loom", Path(tmp) / "loom")
        if diff:
            print(  # noqa: T201
                "generated contracts are stale; run `make proto`:\n  " + "\n  ".join(diff)
            )
            return 1
        return 0
    shutil.rmtree(OUT / "loom", ignore_errors=True)
    generate(OUT)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
