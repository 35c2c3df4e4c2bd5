"""Wire shapes of the generator: a generation request, and a file as the preview answers it."""

from __future__ import annotations

from loom_gencode.generate.merge import FileStatus, Resolution
from loom_gencode.scheme.schemas import SchemeSave
from loom_platform.wire import Answer


class GenerateRequest(SchemeSave):
    """A scheme to generate, with the side taken for each file whose regeneration conflicts with
    hand edits (path as the preview names it: ``mine`` keeps the disk's, ``generated`` overwrites)."""

    resolutions: dict[str, Resolution] | None = None


class RenderedFile(Answer):
    """A file as generating would leave it (``previewCode``): its path in the workspace, its content
    and what generating does to it (new, unchanged, generated, merged, conflict)."""

    path: str
    content: str
    status: FileStatus
