"""What the sync routes answer."""

from __future__ import annotations

from loom_platform.wire import Answer


class SyncStatement(Answer):
    """A statement a sync would run: ``lossy`` when it can lose data, with a note saying why."""

    sql: str
    lossy: bool
    note: str


class SyncPreview(Answer):
    """The statements a sync of a design would run in a mode (``isForce``: '1' alter, '2' re-create),
    and whether any can lose data."""

    id: str
    name: str
    is_force: str
    statements: list[SyncStatement]
    lossy: bool
