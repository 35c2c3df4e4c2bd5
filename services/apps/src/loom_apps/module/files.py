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


def version_folder(root: Path, name: str, version: int) -> Path:
    """A version's folder in the module store (made, readable by the sandbox user)."""
    folder = root / folder_name(name, version)
    _folders(folder, root)
    return folder


def unpack(archive: bytes, target: Path) -> Path:
    """Unpacks a zip archive into ``target`` (replacing it); refuses paths that leave it. Everything
    is readable by the sandbox user and writable by the host only (whatever the host's umask)."""
    if target.exists():
        shutil.rmtree(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    _folders(target, target)
    with zipfile.ZipFile(io.BytesIO(archive)) as zipped:
        members = zipped.infolist()
        if len(members) > MAX_FILES or sum(m.file_size for m in members) > MAX_BYTES:
            raise ValueError("module archive too large")
        for member in members:
            path = PurePosixPath(member.filename)
            if path.is_absolute() or ".." in path.parts or member.is_dir():
                continue
            destination = target.joinpath(*path.parts)
            _folders(destination.parent, target)
            destination.write_bytes(zipped.read(member))
            destination.chmod(0o644)
    return target


def _folders(folder: Path, root: Path) -> None:
    """``folder`` and the folders between it and ``root``'s parent, made with mode 0755."""
    if folder.exists() or folder == root.parent:
        return
    _folders(folder.parent, root)
    folder.mkdir()
    folder.chmod(0o755)


def remove(path: Path) -> None:
    """Removes an unpacked version (ignoring what is already gone)."""
    shutil.rmtree(path, ignore_errors=True)
