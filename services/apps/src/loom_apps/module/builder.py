"""Builds a module version's pages into a module-federated remote (``builder/build.mjs`` under node).

The generated front end (gencode's front-end templates) is bundled with the frontends' bundler
into ``remoteEntry.js`` and its chunks, sharing the portal's singletons. The result is kept as a
zip in the version's record, so every replica serves the same files at ``/mf/apps/<name>/``.
"""

from __future__ import annotations

import io
import re
import shutil
import zipfile
from dataclasses import dataclass
from pathlib import Path

from loom_apps.sandbox.pool import Sandbox
from loom_apps.settings import AppsSettings

MAX_LOG = 50_000


@dataclass(frozen=True)
class Build:
    """What a page build answered: the remote's files as a zip when it succeeded."""

    passed: bool
    log: str
    remote: bytes = b""


def remote_name(name: str) -> str:
    """The module-federation name of a module's remote: ``demo/note`` → ``apps_demo__note``."""
    return "apps_" + re.sub(r"[^A-Za-z0-9_]", "_", name.replace("/", "__"))


async def build_remote(sandbox: Sandbox, settings: AppsSettings, name: str, front: Path, out: Path) -> Build:
    """Bundles the pages unpacked in ``front`` into ``out`` (in the sandbox: the generated pages are
    the designer's text, and a bundler follows their imports); answers the remote as a zip."""
    shutil.rmtree(out, ignore_errors=True)
    sandbox.give(out)
    run = sandbox.run_dir("build")
    node = shutil.which(settings.node) or settings.node
    args = {
        "run": str(run),
        "cwd": str(front),
        "argv": [node, str(settings.builder_script), str(front), str(out), remote_name(name)],
        "read": [str(front)],
        "write": [str(out), str(run)],
        "env": {
            "LOOM_APPS_BUILDER_MODULES": str(settings.builder_modules),
            "NO_COLOR": "1",
            "HOME": str(run),
            "TMPDIR": str(run / "tmp"),
        },
    }
    try:
        try:
            child = await sandbox.spawn("exec", args)
        except Exception as exc:
            return Build(False, f"the page builder could not start ({settings.node}): {exc}")
        code = await child.wait(settings.build_timeout_seconds)
        if code is None:
            child.kill()
            await child.wait()
            return Build(False, f"the page build took longer than {settings.build_timeout_seconds:g} s")
        try:
            log = (run / "output.log").read_text("utf-8", "replace")[-MAX_LOG:]
        except OSError:
            log = ""
        if code != 0 or not (out / "remoteEntry.js").is_file():
            return Build(False, log or f"the page builder exited with {code}")
        return Build(True, log, _zip(out))
    finally:
        shutil.rmtree(run, ignore_errors=True)


def _zip(folder: Path) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zipped:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                zipped.writestr(path.relative_to(folder).as_posix(), path.read_bytes())
    return buffer.getvalue()


def files_of(remote: bytes) -> dict[str, bytes]:
    """A remote's zip as path → content."""
    if not remote:
        return {}
    with zipfile.ZipFile(io.BytesIO(remote)) as zipped:
        return {m.filename: zipped.read(m) for m in zipped.infolist() if not m.is_dir()}


class RemoteFiles:
    """This replica's unzipped remotes: the newest version asked for of each module."""

    def __init__(self) -> None:
        self._by_name: dict[str, tuple[int, dict[str, bytes]]] = {}

    def get(self, name: str, version: int) -> dict[str, bytes] | None:
        found = self._by_name.get(name)
        return found[1] if found is not None and found[0] == version else None

    def put(self, name: str, version: int, remote: bytes) -> dict[str, bytes]:
        unzipped = files_of(remote)
        self._by_name[name] = (version, unzipped)
        return unzipped
