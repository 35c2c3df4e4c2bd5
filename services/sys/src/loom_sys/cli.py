"""``loom-sys serve | migrate | seed``."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

import uvicorn

from loom_platform import db
from loom_platform.migrations import ensure_database, upgrade
from loom_sys.settings import SysSettings

SERVICE_DIR = Path(__file__).resolve().parents[2]


def migrate(settings: SysSettings) -> None:
    """Creates the database if needed and applies every migration."""
    ensure_database(settings.database_url)
    upgrade(SERVICE_DIR, settings.database_url)


async def run_seed(settings: SysSettings) -> None:
    import loom_sys.messages  # noqa: F401
    from loom_sys.seed import seed

    engine = db.create_engine(settings.database_url, pool_size=1)
    try:
        async with db.session_factory(engine)() as session:
            await seed(session, settings)
    finally:
        await engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(prog="loom-sys")
    parser.add_argument("command", choices=["serve", "migrate", "seed", "setup"])
    args = parser.parse_args()
    settings = SysSettings()
    if args.command in ("migrate", "setup"):
        migrate(settings)
    if args.command in ("seed", "setup"):
        from loom_sys.main import ensure_keys

        ensure_keys(settings)
        asyncio.run(run_seed(settings))
    if args.command == "serve":
        uvicorn.run(
            "loom_sys.main:build",
            factory=True,
            host=settings.http_host,
            port=settings.http_port,
            log_config=None,
            access_log=False,
        )


if __name__ == "__main__":
    main()
