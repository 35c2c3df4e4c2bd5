"""``loom-sys migrate | seed | setup | serve``."""

from __future__ import annotations

from pathlib import Path

from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.cli import ServiceCommand
from loom_sys.settings import SysSettings


async def _seed(session: AsyncSession, settings: SysSettings) -> None:
    import loom_sys.messages  # noqa: F401  (messages the seed may render)
    from loom_sys.seed import seed, seed_default_department

    await seed(session, settings)
    # the platform's own start only: tests start from the seed alone and build their organisation
    await seed_default_department(session)


def _ensure_keys(settings: SysSettings) -> None:
    from loom_sys.main import ensure_keys

    ensure_keys(settings)


command = ServiceCommand(
    name="sys",
    settings=SysSettings,
    service_dir=Path(__file__).resolve().parents[2],
    app_factory="loom_sys.main:build",
    seed=_seed,
    before_seed=_ensure_keys,
)
main = command.main

if __name__ == "__main__":
    main()
