"""Which module version serves which path: swapped in one assignment, so a request in flight
finishes on the version it started on."""

from __future__ import annotations

from starlette.types import Receive, Scope, Send

from loom_apps.module.loader import Loaded
from loom_platform import i18n
from loom_platform.errors import ErrorCode
from loom_platform.http import JSON, error_body


class Mounts:
    """The ASGI app behind every path the host's own routes do not answer."""

    def __init__(self) -> None:
        # (by module name, by path prefix), replaced together in one assignment
        self._state: tuple[dict[str, Loaded], dict[str, Loaded]] = ({}, {})

    def mount(self, loaded: Loaded) -> None:
        """Serves ``loaded`` under its prefixes, replacing the version there."""
        by_name, by_prefix = self._state
        before = by_name.get(loaded.name)
        prefixes = {p: v for p, v in by_prefix.items() if before is None or p not in before.prefixes}
        self._state = (
            {**by_name, loaded.name: loaded},
            {**prefixes, **dict.fromkeys(loaded.prefixes, loaded)},
        )

    def unmount(self, name: str) -> Loaded | None:
        """Stops serving a module; answers what served it."""
        by_name, by_prefix = self._state
        gone = by_name.get(name)
        if gone is None:
            return None
        self._state = (
            {n: v for n, v in by_name.items() if n != name},
            {p: v for p, v in by_prefix.items() if p not in gone.prefixes},
        )
        return gone

    def current(self, name: str) -> Loaded | None:
        """What serves ``name`` on this replica."""
        return self._state[0].get(name)

    def version(self, name: str) -> int | None:
        """The version serving ``name`` on this replica."""
        loaded = self.current(name)
        return loaded.version if loaded else None

    def names(self) -> list[str]:
        return list(self._state[0])

    def find(self, path: str) -> Loaded | None:
        """The version whose prefix holds ``path`` (``/<module>/<entity>/...``)."""
        parts = path.split("/", 3)
        if len(parts) < 4:
            return None
        return self._state[1].get(f"/{parts[1]}/{parts[2]}")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        loaded = self.find(scope.get("path", "")) if scope["type"] == "http" else None
        if loaded is None:
            if scope["type"] != "http":
                return
            msg = i18n.translate("route_not_found", path=scope.get("path", ""))
            await JSON(error_body(ErrorCode.NOT_FOUND, msg), status_code=404)(scope, receive, send)
            return
        outer = scope.get("app")
        try:
            await loaded.app(scope, receive, send)
        finally:
            # The module's app wrote itself into the scope; what wraps the host (the operation
            # log) must find the host's app again, with the host's database and outbox.
            scope["app"] = outer
