"""``loom-workflow migrate | seed | setup | serve | worker``."""

from __future__ import annotations

import asyncio
from pathlib import Path

from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.cli import ServiceCommand
from loom_workflow.settings import WorkflowSettings


async def _seed(session: AsyncSession, _settings: WorkflowSettings) -> None:
    """Common buttons, listeners and expressions (idempotent)."""
    import loom_workflow.messages  # noqa: F401
    from loom_workflow.seed import seed

    await seed(session)


def _worker(settings: WorkflowSettings) -> None:
    """Runs due timers and async continuations from the JetStream work queue."""
    from loom_workflow.jobs.worker import run_worker

    asyncio.run(run_worker(settings))


command = ServiceCommand(
    name="workflow",
    settings=WorkflowSettings,
    service_dir=Path(__file__).resolve().parents[2],
    app_factory="loom_workflow.main:build",
    seed=_seed,
    extra={"worker": _worker},
)
main = command.main

if __name__ == "__main__":
    main()
