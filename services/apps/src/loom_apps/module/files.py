"""A module version's files on this replica's disk: unpacked from the database, never shared."""

from __future__ import annotations

import io
import re
import shutil
import zipfile
from pathlib import Path, PurePosixPath

MAX_FILES = 500
MAX_BYTES = 20_000_000


def folder_name(name: str, version: int) -> str:
    """``demo/gen_note`` version 7 → ``demo__gen_note/7``."""
    return f"{re.sub(r'[^A-Za-z0-9_]', '_', name.replace('/', '__'))}/{version}"


def unpack(archive: bytes, target: Path) -> Path:
    """Unpacks a zip archive into ``target`` (replacing it); refuses paths that leave it."""
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    with zipfile.ZipFile(io.BytesIO(archive)) as zipped:
        members = zipped.infolist()
        if len(members) > MAX_FILES or sum(m.file_size for m in members) > MAX_BYTES:
            raise ValueError("module archive too large")
        for member in members:
            path = PurePosixPath(member.filename)
            if path.is_absolute() or ".." in path.parts or member.is_dir():
                continue
            destination = target.joinpath(*path.parts)
            destination.parent.mkdir(parents=True, exist_ok=True)
            destination.write_bytes(zipped.read(member))
    return target


def remove(path: Path) -> None:
    """Removes an unpacked version (ignoring what is already gone)."""
    shutil.rmtree(path, ignore_errors=True)
