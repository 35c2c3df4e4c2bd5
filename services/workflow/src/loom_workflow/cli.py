"""``loom-workflow migrate | seed | serve | worker``."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

import uvicorn

from loom_platform import db
from loom_platform.migrations import ensure_database, upgrade
from loom_workflow.settings import WorkflowSettings

SERVICE_DIR = Path(__file__).resolve().parents[2]


def migrate(settings: WorkflowSettings) -> None:
    """Creates the database if needed and applies every migration."""
    ensure_database(settings.database_url)
    upgrade(SERVICE_DIR, settings.database_url)


async def run_seed(settings: WorkflowSettings) -> None:
    """Common buttons, listeners and expressions (idempotent)."""
    import loom_workflow.messages  # noqa: F401
    from loom_workflow.seed import seed

    engine = db.create_engine(settings.database_url, pool_size=1)
    try:
        async with db.session_factory(engine)() as session:
            await seed(session)
            await session.commit()
    finally:
        await engine.dispose()


def main() -> None:
    """Entry point of the ``loom-workflow`` command."""
    parser = argparse.ArgumentParser(prog="loom-workflow")
    parser.add_argument("command", choices=["serve", "migrate", "seed", "worker", "setup"])
    args = parser.parse_args()
    settings = WorkflowSettings()
    if args.command in ("migrate", "setup"):
        migrate(settings)
    if args.command in ("seed", "setup"):
        asyncio.run(run_seed(settings))
    if args.command == "serve":
        uvicorn.run(
            "loom_workflow.main:build",
            factory=True,
            host=settings.http_host,
            port=settings.http_port,
            log_config=None,
            access_log=False,
        )
    if args.command == "worker":
        from loom_workflow.jobs.worker import run_worker

        asyncio.run(run_worker(settings))


if __name__ == "__main__":
    main()
