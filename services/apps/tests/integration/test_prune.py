"""Old versions' files are forgotten; the live version and the newest ones stay."""

from __future__ import annotations

import uuid

from sqlalchemy import select

from loom_apps.module import service
from loom_apps.module.models import AppModule, AppModuleVersion
from loom_platform.db import transaction


async def test_prune_keeps_the_newest_versions_and_the_live_one(env):
    # given a module with four versions, the oldest one live
    name = f"p{uuid.uuid4().hex[:6]}/t"
    async with env.app.state.session_factory() as session, transaction(session):
        session.add(
            AppModule(
                name=name,
                table_id="t",
                table_name="t",
                permission="p:t",
                version=4,
                state="failed",
                live_version=1,
            )
        )
        for number in (1, 2, 3, 4):
            session.add(
                AppModuleVersion(
                    id=uuid.uuid4().hex,
                    name=name,
                    version=number,
                    package="app",
                    backend=b"",
                    frontend=b"",
                    pages="{}",
                    state="failed",
                )
            )
    # when the host prunes to the newest two
    async with env.app.state.session_factory() as session, transaction(session):
        await service.prune(session, keep=2)
    # then versions 3 and 4 stay, and the live version 1
    async with env.app.state.session_factory() as session:
        rows = (
            await session.execute(select(AppModuleVersion.version).where(AppModuleVersion.name == name))
        ).scalars()
        assert sorted(rows) == [1, 3, 4]
