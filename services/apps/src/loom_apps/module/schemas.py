"""What the module routes answer."""

from __future__ import annotations

from loom_platform.wire import Answer


class ModulePublic(Answer):
    """A generated module: its table, permission, state (generated, testing, live, failed,
    unpublished), latest and live versions (text; the live one empty when none serves), its menu
    href and when it last changed (ISO 8601)."""

    name: str
    table_id: str
    table_name: str
    permission: str
    state: str
    version: str
    live_version: str
    href: str
    update_date: str


class ModuleRemote(Answer):
    """A live module the caller may open: the remote its pages were built into (``remote``, and
    its script ``entry`` carrying the version; empty before a build) and the hrefs it owns."""

    name: str
    href: str
    prefixes: list[str]
    permission: str
    remote: str
    entry: str


class ModuleTestLog(Answer):
    """The test log of a module's version, with that version's state."""

    name: str
    version: str
    state: str
    log: str
