"""Wire shape of a generation request."""

from __future__ import annotations

from loom_gencode.generate.merge import Resolution
from loom_gencode.scheme.schemas import SchemeSave


class GenerateRequest(SchemeSave):
    """A scheme to generate, with the side taken for each file whose regeneration conflicts with
    hand edits (path as the preview names it: ``mine`` keeps the disk's, ``generated`` overwrites)."""

    resolutions: dict[str, Resolution] | None = None
