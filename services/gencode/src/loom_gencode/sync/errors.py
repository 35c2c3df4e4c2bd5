"""What a synchronisation refuses."""

from __future__ import annotations

from loom_platform.errors import FailedPrecondition, InvalidArgument


class LossyChange(FailedPrecondition):
    """A normal sync would lose or alter stored values: only a forced sync may."""

    message_key = "gencode.sync.lossy"


class ForceInvalid(InvalidArgument):
    """Raised as ``ForceInvalid(isForce=...)``: isForce is '1' or '2'."""

    message_key = "gencode.sync.force_invalid"


class SyncFailed(InvalidArgument):
    """Raised as ``SyncFailed(detail=...)``: the database refused the DDL."""

    message_key = "gencode.sync.failed"
