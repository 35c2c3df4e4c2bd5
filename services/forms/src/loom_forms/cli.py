"""``loom-forms migrate | seed | setup | serve``."""

from __future__ import annotations

from sqlmodel.ext.asyncio.session import AsyncSession

from loom_forms.settings import FormsSettings
from loom_platform.cli import ServiceCommand


async def _seed(session: AsyncSession, _settings: FormsSettings) -> None:
    """A default category for process forms (idempotent)."""
    import loom_forms.messages  # noqa: F401
    from loom_forms.seed import seed

    await seed(session)


command = ServiceCommand.of("loom_forms", FormsSettings, _seed)
main = command.main

if __name__ == "__main__":
    main()
