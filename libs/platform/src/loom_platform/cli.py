"""The command every service ships: ``loom-<name> migrate | seed | setup | serve`` (+ its own).

``migrate`` creates the database when missing and applies the service's Alembic history,
``seed`` writes its idempotent seed, ``setup`` does both in one process (what ``make dev``
runs, and compose's one-shot ``<service>-setup`` and k8s's init containers), ``serve`` runs the
app factory under uvicorn. The first three hold the database's migration lock, so that processes
started together run them one at a time.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Self, TypeVar

import uvicorn
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform import db
from loom_platform.migrations import ensure_database, migration_lock, upgrade
from loom_platform.settings import ServiceSettings

S = TypeVar("S", bound=ServiceSettings)

# After SIGTERM, requests in flight get this long before uvicorn cancels them. Without a bound, a
# connection that never ends (a notice stream: server-sent events the portal keeps open) held the
# process until Docker's 10 s ran out and it was killed; with it, serve exits in about this long
# plus the lifespan's shutdown (closing NATS, gRPC, the database pool: a second or two).
GRACEFUL_SHUTDOWN_SECONDS = 5.0

# What every ``serve`` passes to uvicorn (the workflow API's several processes too).
SERVER_OPTIONS: dict[str, Any] = {
    "log_config": None,
    "access_log": False,
    # Longer than the gateway keeps an idle connection (30 s): the gateway closes first, so it never
    # sends a request into a connection this server is closing.
    "timeout_keep_alive": 75,
    "timeout_graceful_shutdown": GRACEFUL_SHUTDOWN_SECONDS,
}


@dataclass
class ServiceCommand(Generic[S]):
    """What differs between services' commands; everything else is shared."""

    name: str
    settings: Callable[[], S]
    service_dir: Path
    app_factory: str
    seed: Callable[[AsyncSession, S], Awaitable[None]]
    before_migrate: Callable[[S], None] = lambda _settings: None
    before_seed: Callable[[S], None] = lambda _settings: None
    extra: Mapping[str, Callable[[S], None]] = field(default_factory=dict)

    @classmethod
    def of(
        cls,
        package: str,
        settings: Callable[[], S],
        seed: Callable[[AsyncSession, S], Awaitable[None]],
        *,
        app: str = "app_factory",
        **hooks: Any,
    ) -> Self:
        """The command of the service package ``package`` (``loom_<name>``): named ``<name>``, its
        migrations in the service folder (``services/<name>``, above ``src/``), its app factory
        ``loom_<name>.main:<app>``; ``hooks`` are the other fields (``before_seed``, ``extra``...)."""
        package_file = importlib.import_module(package).__file__
        assert package_file is not None, f"{package} is not a regular package"
        return cls(
            name=package.removeprefix("loom_"),
            settings=settings,
            service_dir=Path(package_file).resolve().parents[2],
            app_factory=f"{package}.main:{app}",
            seed=seed,
            **hooks,
        )

    def migrate(self, settings: S) -> None:
        """Creates the database if needed and applies every migration."""
        self.before_migrate(settings)
        ensure_database(settings.database_url)
        upgrade(self.service_dir, settings.database_url)

    def run_seed(self, settings: S) -> None:
        """Writes the seed in its own transaction."""
        self.before_seed(settings)

        async def _seed() -> None:
            engine = db.create_engine(settings.database_url, pool_size=1)
            try:
                async with db.session_factory(engine)() as session, db.transaction(session):
                    await self.seed(session, settings)
            finally:
                await engine.dispose()

        asyncio.run(_seed())

    def serve(self, settings: S) -> None:
        """Runs the HTTP app (and whatever its lifespan starts: gRPC, relay, listeners)."""
        uvicorn.run(
            self.app_factory, factory=True, host=settings.http_host, port=settings.http_port, **SERVER_OPTIONS
        )

    def main(self) -> None:
        """Parses the command line and runs the command."""
        parser = argparse.ArgumentParser(prog=f"loom-{self.name}")
        parser.add_argument("command", choices=["serve", "migrate", "seed", "setup", *self.extra])
        command = parser.parse_args().command
        settings = self.settings()
        if command in ("migrate", "seed", "setup"):
            with migration_lock(settings.database_url):
                if command in ("migrate", "setup"):
                    self.migrate(settings)
                if command in ("seed", "setup"):
                    self.run_seed(settings)
        if command == "serve":
            self.serve(settings)
        if command in self.extra:
            self.extra[command](settings)
