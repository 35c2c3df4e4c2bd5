"""``loom-apps migrate | seed | setup | serve``."""

from __future__ import annotations

from pathlib import Path

from sqlmodel.ext.asyncio.session import AsyncSession

from loom_apps.settings import AppsSettings
from loom_platform.cli import ServiceCommand


async def _seed(_session: AsyncSession, _settings: AppsSettings) -> None:
    """Nothing to seed: modules arrive from the generator."""


command = ServiceCommand(
    name="apps",
    settings=AppsSettings,
    service_dir=Path(__file__).resolve().parents[2],
    app_factory="loom_apps.main:app_factory",
    seed=_seed,
)
main = command.main

if __name__ == "__main__":
    main()
