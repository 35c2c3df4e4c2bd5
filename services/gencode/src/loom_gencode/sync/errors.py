"""What a synchronisation refuses."""

from __future__ import annotations

from loom_platform.errors import FailedPrecondition


class LossyChange(FailedPrecondition):
    """A normal sync would lose or alter stored values: only a forced sync may."""

    message_key = "gencode.sync.lossy"
