"""``loom-apps migrate | seed | setup | serve``."""

from __future__ import annotations

from sqlmodel.ext.asyncio.session import AsyncSession

from loom_apps.role import grant_module_role, grant_runtime_role
from loom_apps.settings import AppsSettings
from loom_platform.cli import ServiceCommand


async def _seed(_session: AsyncSession, _settings: AppsSettings) -> None:
    """Nothing to seed: modules arrive from the generator."""


def _grant_roles(settings: AppsSettings) -> None:
    """Creates or updates the roles named (setup runs as an administrator): the host's own, and the
    one its modules get (role.py)."""
    if settings.runtime_role:
        grant_runtime_role(
            database_url=settings.database_url,
            app_database_url=settings.app_database_url,
            role=settings.runtime_role,
            password=settings.runtime_password,
            business=not settings.module_role,
        )
    if settings.module_role:
        grant_module_role(
            app_database_url=settings.app_database_url,
            role=settings.module_role,
            password=settings.module_password,
        )


command = ServiceCommand.of("loom_apps", AppsSettings, _seed, before_seed=_grant_roles)
main = command.main

if __name__ == "__main__":
    main()
