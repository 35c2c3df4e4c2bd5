"""The workspace root: generated code is written, and paths are browsed, only inside it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from loom_gencode.errors import PathOutside
from loom_platform.errors import InvalidArgument

# The app host's module store, relative to the workspace root: the default generation paths.
MODULE_BACKEND = "apps/backend"
MODULE_FRONTEND = "apps/frontend"


def resolve(root: Path, path: str) -> Path:
    """``path`` (relative to the root, or absolute) resolved through symlinks; refused outside the root."""
    root = root.resolve()
    raw = (path or "").strip()
    if not raw or "\x00" in raw:
        raise PathOutside(path=raw)
    candidate = Path(raw)
    real = (candidate if candidate.is_absolute() else root / candidate).resolve()
    if real != root and root not in real.parents:
        raise PathOutside(path=raw)
    return real


def tree(root: Path, parent: str = "") -> list[dict[str, Any]]:
    """One level of the directory tree under ``parent`` (the root node itself when empty)."""
    root = root.resolve()
    if not parent.strip():
        return [_node(root, root)]
    folder = resolve(root, parent)
    if not folder.is_dir():
        return []
    entries = []
    for child in sorted(folder.iterdir(), key=lambda p: p.name):
        if child.is_dir() and not child.name.startswith("."):
            try:
                entries.append(_node(root, resolve(root, str(child))))
            except InvalidArgument:
                continue  # a symlink pointing outside is not shown
    return entries


def _node(root: Path, path: Path) -> dict[str, Any]:
    has_children = any(p.is_dir() for p in path.iterdir()) if path.is_dir() else False
    return {
        "id": str(path),
        "value": str(path),
        "label": path.name or str(path),
        "name": path.name or str(path),
        "relative": str(path.relative_to(root)) if path != root else "",
        "isLeaf": not has_children,
        "leaf": not has_children,
    }
