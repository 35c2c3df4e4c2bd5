"""What the file routes answer: uploads as el-upload reads them, and the file manager's items."""

from __future__ import annotations

from loom_platform.wire import Answer


class UploadUrl(Answer):
    """Where an uploaded file is read."""

    url: str


class Uploaded(Answer):
    """A stored upload (``success``/``msg`` as el-upload reads them): its id, name, size in bytes,
    stored path and URL (also as ``data.url``)."""

    success: bool
    msg: str
    id: str
    name: str
    size: int
    path: str
    url: str
    data: UploadUrl


class FileItem(Answer):
    """An item the file manager touched: its id and name; its kind (``folder``, ``image``…) unless
    it was removed."""

    id: str
    value: str
    type: str | None = None


class FileNode(Answer):
    """An item of the file manager's tree: id, name, changed (ms since 1970), parent id, kind; a
    folder says whether it opens (``open``) and holds ``data``, a file has its ``size`` (text)."""

    id: str
    value: str
    date: int
    p_id: str
    type: str
    open: bool | None = None
    size: str | None = None
    data: list[FileNode]
