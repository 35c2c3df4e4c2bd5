"""``loom-apps migrate | seed | setup | serve``."""

from __future__ import annotations

from sqlmodel.ext.asyncio.session import AsyncSession

from loom_apps.role import grant_runtime_role
from loom_apps.settings import AppsSettings
from loom_platform.cli import ServiceCommand


async def _seed(_session: AsyncSession, _settings: AppsSettings) -> None:
    """Nothing to seed: modules arrive from the generator."""


def _grant_role(settings: AppsSettings) -> None:
    """Creates or updates the runtime role when one is named (setup runs as an administrator)."""
    if settings.runtime_role:
        grant_runtime_role(
            database_url=settings.database_url,
            app_database_url=settings.app_database_url,
            role=settings.runtime_role,
            password=settings.runtime_password,
        )


command = ServiceCommand.of("loom_apps", AppsSettings, _seed, before_seed=_grant_role)
main = command.main

if __name__ == "__main__":
    main()
