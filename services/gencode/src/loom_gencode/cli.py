"""``loom-gencode serve|migrate|seed|setup`` (setup: migrate, which seeds too)."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from loom_gencode.settings import GencodeSettings

SERVICE_DIR = Path(__file__).resolve().parents[2]


def migrate(settings: GencodeSettings) -> None:
    """Creates the service and business databases when missing and migrates the service's."""
    from loom_platform.migrations import ensure_database, upgrade

    ensure_database(settings.database_url)
    if settings.app_database_url.startswith("postgres"):
        ensure_database(settings.app_database_url)
    upgrade(SERVICE_DIR, settings.database_url)
    asyncio.run(run_seed(settings))


async def run_seed(settings: GencodeSettings) -> None:
    """Runs the idempotent seed step."""
    import loom_gencode.messages  # noqa: F401
    from loom_gencode import seed
    from loom_platform.db import create_engine, session_factory, transaction

    engine = create_engine(settings.database_url, pool_size=1)
    try:
        async with session_factory(engine)() as session, transaction(session):
            await seed.seed(session)
    finally:
        await engine.dispose()


def serve(settings: GencodeSettings) -> None:
    """Runs the HTTP service."""
    import uvicorn

    uvicorn.run(
        "loom_gencode.main:app_factory",
        factory=True,
        host=settings.http_host,
        port=settings.http_port,
        log_config=None,
    )


def main() -> None:
    """Entry point of the ``loom-gencode`` command."""
    parser = argparse.ArgumentParser(prog="loom-gencode")
    parser.add_argument("command", choices=["serve", "migrate", "seed", "setup"])
    args = parser.parse_args()
    settings = GencodeSettings()
    if args.command in ("migrate", "setup"):
        migrate(settings)
    elif args.command == "seed":
        asyncio.run(run_seed(settings))
    else:
        serve(settings)


if __name__ == "__main__":
    main()
