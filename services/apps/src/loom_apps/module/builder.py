"""Builds a module version's pages into a module-federated remote (``builder/build.mjs`` under node).

The generated front end (gencode's front-end templates) is bundled with the frontends' bundler
into ``remoteEntry.js`` and its chunks, sharing the portal's singletons. The result is kept as a
zip in the version's record, so every replica serves the same files at ``/mf/apps/<name>/``.
"""

from __future__ import annotations

import asyncio
import io
import os
import re
import shutil
import zipfile
from dataclasses import dataclass
from pathlib import Path

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


async def build_remote(settings: AppsSettings, name: str, front: Path, out: Path) -> Build:
    """Bundles the pages unpacked in ``front`` into ``out``; answers the remote as a zip."""
    shutil.rmtree(out, ignore_errors=True)
    env = {**os.environ, "LOOM_APPS_BUILDER_MODULES": str(settings.builder_modules), "NO_COLOR": "1"}
    try:
        process = await asyncio.create_subprocess_exec(
            settings.node,
            str(settings.builder_script),
            str(front),
            str(out),
            remote_name(name),
            cwd=front,
            env=env,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            start_new_session=True,
        )
    except OSError as exc:
        return Build(False, f"the page builder could not start ({settings.node}): {exc}")
    try:
        output, _ = await asyncio.wait_for(process.communicate(), settings.build_timeout_seconds)
    except TimeoutError:
        process.kill()
        await process.wait()
        return Build(False, f"the page build took longer than {settings.build_timeout_seconds:g} s")
    log = output.decode("utf-8", "replace")[-MAX_LOG:]
    if process.returncode != 0 or not (out / "remoteEntry.js").is_file():
        return Build(False, log or f"the page builder exited with {process.returncode}")
    return Build(True, log, _zip(out))


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
