"""The JeePlus file manager on local storage: each user's own root, and a shared root.

An item's id is ``<root>/<relative path>`` (``mine/reports/a.pdf``, ``share/logo.png``). Every id
is checked before the disk is touched: a known root the caller may use, plain names only (no
``..``, no absolute path, no backslash, no percent sign, no control character), no symbolic link
anywhere on the way, and the resolved path inside the root. Nothing outside the root is ever read
or written.
"""

from __future__ import annotations

import shutil
import unicodedata
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from loom_platform.i18n import EN, current_language
from loom_sys.file.errors import (
    ExtensionRefused,
    FileEmpty,
    FileNotFound,
    FileTooLarge,
    NameInvalid,
    PathInvalid,
    RootForbidden,
)

MINE, SHARE = "mine", "share"
ROOT_NAMES = {MINE: "我的文档", SHARE: "共享文档"}
# The roots' names are the platform's words, shown in the reader's language.
ROOT_NAMES_EN = {MINE: "My documents", SHARE: "Shared documents"}
MAX_DEPTH = 20
MAX_ITEMS = 5000


@dataclass(frozen=True)
class Roots:
    """Where the caller's roots are on disk."""

    base: Path
    user_id: str
    shared: bool  # holds sys:file:share

    def path_of(self, root: str) -> Path:
        if root == MINE:
            return self.base / "users" / _plain(self.user_id)
        if root == SHARE and self.shared:
            return self.base / "share"
        raise RootForbidden()

    def visible(self) -> list[str]:
        return [MINE, SHARE] if self.shared else [MINE]


def _plain(name: str) -> str:
    """``name`` when it is a plain file or folder name; otherwise :class:`NameInvalid`."""
    cleaned = (name or "").strip()
    if (
        not cleaned
        or cleaned in (".", "..")
        or len(cleaned) > 200
        or any(c in cleaned for c in '/\\%:*?"<>|')
        or any(unicodedata.category(c).startswith("C") for c in cleaned)
    ):
        raise NameInvalid(name=cleaned[:50])
    return cleaned


def locate(roots: Roots, item_id: str, *, must_exist: bool = True) -> Path:
    """The disk path of ``item_id`` after every check (see the module's docstring)."""
    raw = (item_id or "").strip()
    if not raw or raw.startswith("/") or "\\" in raw or "%" in raw or "\x00" in raw:
        raise PathInvalid()
    parts = PurePosixPath(raw).parts
    if len(parts) > MAX_DEPTH or any(part in ("", ".", "..") for part in raw.split("/")):
        raise PathInvalid()
    root = roots.path_of(parts[0])
    root.mkdir(parents=True, exist_ok=True)
    target = root
    for part in parts[1:]:
        if part in ("", ".", ".."):
            raise PathInvalid()
        target = target / _plain(part)
        if target.is_symlink():
            raise PathInvalid()
    if not target.resolve().is_relative_to(root.resolve()):
        raise PathInvalid()
    if must_exist and not target.exists():
        raise FileNotFound()
    return target


def id_of(roots: Roots, path: Path) -> str:
    for root in roots.visible():
        base = roots.path_of(root)
        if path == base or path.is_relative_to(base):
            relative = path.relative_to(base).as_posix()
            return root if relative == "." else f"{root}/{relative}"
    raise PathInvalid()


def _node(roots: Roots, path: Path, depth: int, budget: list[int]) -> dict[str, Any]:
    stat = path.lstat()
    node: dict[str, Any] = {
        "id": id_of(roots, path),
        "value": path.name,
        "date": int(stat.st_mtime * 1000),
        "pId": id_of(roots, path.parent) if depth else "",
    }
    if path.is_dir():
        children = []
        if depth < MAX_DEPTH:
            for child in sorted(path.iterdir(), key=lambda p: (not p.is_dir(), p.name)):
                if child.is_symlink() or budget[0] <= 0:
                    continue
                budget[0] -= 1
                children.append(_node(roots, child, depth + 1, budget))
        return {**node, "type": "folder", "open": depth == 0, "data": children}
    return {**node, "type": file_type(path.name), "size": str(stat.st_size), "data": []}


def tree(roots: Roots) -> list[dict[str, Any]]:
    """Each root the caller may use with everything in it (the widget's ``list``)."""
    budget = [MAX_ITEMS]
    found = []
    for root in roots.visible():
        path = roots.path_of(root)
        path.mkdir(parents=True, exist_ok=True)
        found.append({**_node(roots, path, 0, budget), "value": root_name(root), "pId": ""})
    return found


def root_name(root: str) -> str:
    """A root's name in the reader's language."""
    return (ROOT_NAMES_EN if current_language.get() == EN else ROOT_NAMES)[root]


def available(path: Path) -> Path:
    """``path``, or ``name(1).ext``, ``name(2).ext``… when it is taken (JeePlus getAvailableFile)."""
    if not path.exists():
        return path
    stem, suffix = (path.stem, path.suffix) if path.is_file() or "." in path.name else (path.name, "")
    for n in range(1, 10_000):
        candidate = path.with_name(f"{stem}({n}){suffix}")
        if not candidate.exists():
            return candidate
    raise PathInvalid()


def _answer(roots: Roots, path: Path) -> dict[str, Any]:
    return {
        "id": id_of(roots, path),
        "value": path.name,
        "type": "folder" if path.is_dir() else file_type(path.name),
    }


def _folder(roots: Roots, item_id: str) -> Path:
    folder = locate(roots, item_id)
    if not folder.is_dir():
        raise PathInvalid()
    return folder


def upload(
    roots: Roots, *, target: str, filename: str, content: bytes, max_bytes: int, extensions: frozenset[str]
) -> dict[str, Any]:
    """Stores an uploaded file in the folder ``target`` under its own (checked) name."""
    folder = _folder(roots, target)
    if not content:
        raise FileEmpty()
    if len(content) > max_bytes:
        raise FileTooLarge(limit=max_bytes // (1024 * 1024))
    name = _plain(PurePosixPath((filename or "").replace("\\", "/")).name)
    extension = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    if extension not in extensions:
        raise ExtensionRefused(ext=extension or "-")
    path = available(folder / name)
    path.write_bytes(content)
    return _answer(roots, path)


def create_folder(roots: Roots, *, name: str, target: str) -> dict[str, Any]:
    """Creates the folder ``name`` inside ``target``."""
    path = available(_folder(roots, target) / _plain(name))
    path.mkdir()
    return _answer(roots, path)


def rename(roots: Roots, *, source: str, name: str) -> dict[str, Any]:
    """Renames ``source`` within its folder (a free name is picked if ``name`` is taken)."""
    path = _movable(roots, source)
    renamed = available(path.with_name(_plain(name)))
    path.rename(renamed)
    return _answer(roots, renamed)


def _movable(roots: Roots, item_id: str) -> Path:
    path = locate(roots, item_id)
    if "/" not in item_id.strip().strip("/"):
        raise PathInvalid()  # a root itself is never moved, renamed or removed
    return path


def _sources(roots: Roots, source: str) -> list[Path]:
    items = [s for s in (source or "").split(",") if s.strip()]
    if not items:
        raise PathInvalid()
    return [_movable(roots, s) for s in items[:100]]


def copy(roots: Roots, *, source: str, target: str) -> list[dict[str, Any]]:
    """Copies each of ``source`` (comma-joined ids) into the folder ``target``."""
    folder, done = _folder(roots, target), []
    for path in _sources(roots, source):
        if folder.resolve().is_relative_to(path.resolve()):
            raise PathInvalid()  # a folder into itself
        copied = available(folder / path.name)
        if path.is_dir():
            shutil.copytree(path, copied, symlinks=True)
        else:
            shutil.copy2(path, copied, follow_symlinks=False)
        done.append(_answer(roots, copied))
    return done


def move(roots: Roots, *, source: str, target: str) -> list[dict[str, Any]]:
    """Moves each of ``source`` into the folder ``target``."""
    folder, done = _folder(roots, target), []
    for path in _sources(roots, source):
        if folder.resolve().is_relative_to(path.resolve()):
            raise PathInvalid()
        moved = available(folder / path.name)
        path.rename(moved)
        done.append(_answer(roots, moved))
    return done


def remove(roots: Roots, *, source: str) -> list[dict[str, Any]]:
    """Deletes each of ``source`` (folders with what they hold)."""
    done = []
    for path in _sources(roots, source):
        answer = {"id": id_of(roots, path), "value": path.name}
        if path.is_dir():
            shutil.rmtree(path)
        else:
            path.unlink()
        done.append(answer)
    return done


def download(roots: Roots, *, source: str) -> Path:
    """The file behind ``source`` (never a folder)."""
    path = locate(roots, source)
    if not path.is_file():
        raise FileNotFound()
    return path


_TYPES = {
    "code": {"htm", "html", "css", "less", "js", "java", "c", "sql", "py", "ts", "json", "xml"},
    "word": {"doc", "docx", "wps"},
    "text": {"txt", "md", "csv"},
    "excel": {"xls", "xlsx"},
    "pp": {"ppt", "pptx"},
    "pdf": {"pdf"},
    "archive": {"rar", "zip", "7z"},
    "video": {"mp4", "avi", "mov", "mkv", "wmv"},
    "audio": {"mp3", "ogg", "wav", "aac"},
    "image": {"gif", "jpeg", "jpg", "png", "bmp", "webp", "svg", "ico"},
}


def file_type(name: str) -> str:
    """The widget's icon kind of a file name (JeePlus FileKit.getFileType)."""
    suffix = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    return next((kind for kind, suffixes in _TYPES.items() if suffix in suffixes), "file")
