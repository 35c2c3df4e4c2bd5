"""Files on local storage under the state dir: generated names, size and type limits, no traversal."""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath
from typing import Protocol
from urllib.parse import quote

from sqlalchemy import select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.errors import NotFound
from loom_platform.wire import new_id, now
from loom_sys.config import service as config_service
from loom_sys.file.errors import ExtensionRefused, FileEmpty, FileTooLarge, PathInvalid
from loom_sys.file.models import StoredFile
from loom_sys.settings import SysSettings

_SAFE_FOLDER = re.compile(r"^[A-Za-z0-9_\-/]*$")
DOWNLOAD_URL = "/api/sys/file/download2?source={source}"


def clean_folder(upload_path: str | None) -> str:
    """The ``uploadPath`` as a relative folder: letters, digits, ``_ - /`` only, no ``..``."""
    folder = (upload_path or "").strip().strip("/")
    if not _SAFE_FOLDER.match(folder) or any(part in ("", ".", "..") for part in folder.split("/") if folder):
        raise PathInvalid()
    return folder or "common"


def resolve(root: Path, relative: str) -> Path:
    """``root / relative`` when it stays inside ``root``; otherwise :class:`PathInvalid`."""
    if not relative or relative.startswith("/") or "\\" in relative or ".." in PurePosixPath(relative).parts:
        raise PathInvalid()
    target = (root / relative).resolve()
    if not target.is_relative_to(root.resolve()):
        raise PathInvalid()
    return target


class Upload(Protocol):
    """What an upload offers (FastAPI's ``UploadFile``)."""

    filename: str | None
    content_type: str | None

    async def read(self, size: int = -1) -> bytes: ...


async def upload(
    session: AsyncSession,
    settings: SysSettings,
    file: Upload,
    *,
    folder: str | None,
    extensions: frozenset[str],
    actor: str,
) -> StoredFile:
    """Stores an upload within the size limit of the system settings (changed without a restart),
    never above the service's own; reads no more than one byte past it."""
    limit = config_service.upload_limit(
        await config_service.current(session, settings), settings.upload_max_bytes
    )
    return await store(
        session,
        root=settings.files_dir,
        folder=folder,
        filename=file.filename or "",
        content=await file.read(limit + 1),
        content_type=file.content_type,
        max_bytes=limit,
        extensions=extensions,
        actor=actor,
    )


async def store(
    session: AsyncSession,
    *,
    root: Path,
    folder: str | None,
    filename: str,
    content: bytes,
    content_type: str | None,
    max_bytes: int,
    extensions: frozenset[str],
    actor: str,
) -> StoredFile:
    """Writes the upload under a generated name and records it."""
    if not content:
        raise FileEmpty()
    if len(content) > max_bytes:
        raise FileTooLarge(limit=max_bytes // (1024 * 1024))
    original = PurePosixPath(filename.replace("\\", "/")).name or "file"
    extension = original.rsplit(".", 1)[-1].lower() if "." in original else ""
    if extension not in extensions:
        raise ExtensionRefused(ext=extension or "-")
    day = now()
    relative = f"{clean_folder(folder)}/{day:%Y/%m/%d}/{new_id()}.{extension}"
    target = resolve(root, relative)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(content)
    record = StoredFile(
        name=original, path=relative, size=len(content), content_type=content_type, create_by=actor
    )
    session.add(record)
    await session.flush()
    return record


def url_of(relative: str) -> str:
    return DOWNLOAD_URL.format(source=quote(relative, safe=""))


async def find(session: AsyncSession, *, root: Path, source: str) -> tuple[StoredFile, Path]:
    """The record and file behind ``source`` (a stored path or a file id)."""
    record = await session.get(StoredFile, source)
    if record is None:
        record = (
            await session.execute(select(StoredFile).where(StoredFile.path == source))
        ).scalar_one_or_none()
    if record is None:
        resolve(root, source)  # a traversal attempt is an invalid path, not a missing file
        raise NotFound()
    target = resolve(root, record.path)
    if not target.is_file():
        raise NotFound()
    return record, target


# Types a browser only displays (no scripts, no markup that could carry one).
PASSIVE_TYPES = frozenset(
    {
        "image/png",
        "image/jpeg",
        "image/gif",
        "image/webp",
        "image/bmp",
        "image/x-icon",
        "application/pdf",
        "text/plain",
    }
)


def shown_inline(media_type: str) -> bool:
    """Whether a stored file may be shown in the browser rather than saved: a picture, a PDF or
    plain text only (never HTML, SVG, script, or anything else a browser could run)."""
    return media_type.split(";")[0].strip().lower() in PASSIVE_TYPES
