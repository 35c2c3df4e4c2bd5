"""``loom-gencode migrate | seed | setup | serve`` (the app also seeds on start)."""

from __future__ import annotations

import psycopg
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_gencode.settings import GencodeSettings
from loom_platform.cli import ServiceCommand
from loom_platform.dbroles import ensure_business_owner
from loom_platform.migrations import ensure_database


async def _seed(session: AsyncSession, _settings: GencodeSettings) -> None:
    import loom_gencode.messages  # noqa: F401
    from loom_gencode import seed

    await seed.seed(session)


def _ensure_business_database(settings: GencodeSettings) -> None:
    """The ``master`` data source is a database of its own for the tables users design; with
    ``app_owner_role`` set (setup runs as an administrator) it is handed to that role, the one
    ``serve`` connects as."""
    if not settings.app_database_url.startswith("postgres"):
        return
    try:
        ensure_database(settings.app_database_url)
    except psycopg.errors.DuplicateDatabase:
        pass  # the app host's setup made it meanwhile
    if settings.app_owner_role:
        ensure_business_owner(settings.app_database_url, settings.app_owner_role, settings.app_owner_password)


command = ServiceCommand.of("loom_gencode", GencodeSettings, _seed, before_migrate=_ensure_business_database)
main = command.main

if __name__ == "__main__":
    main()
