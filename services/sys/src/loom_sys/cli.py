"""``loom-sys migrate | seed | setup | serve``."""

from __future__ import annotations

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


command = ServiceCommand.of("loom_sys", SysSettings, _seed, app="build", before_seed=_ensure_keys)
main = command.main

if __name__ == "__main__":
    main()
