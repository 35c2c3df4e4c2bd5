"""The services' pool survives a PostgreSQL restart without a ping per checkout (issue 38)."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from sqlalchemy import text

from loom_platform.db import create_engine
from loom_platform.embedded import postgres_url, stop_postgres


def _restart(data_dir: Path) -> None:
    from pgserver._commands import pg_ctl  # type: ignore[attr-defined]  # made at import

    user = "pgserver" if os.geteuid() == 0 else None
    pg_ctl(["-w", "-m", "fast", "restart"], pgdata=data_dir, user=user, timeout=60)


async def test_a_pooled_connection_closed_by_a_restart_is_replaced_on_checkout(tmp_path: Path) -> None:
    # given a server of its own and a pool holding one idle connection to it
    data_dir = tmp_path / "pg"
    engine = create_engine(postgres_url(data_dir), pool_size=1)
    try:
        async with engine.connect() as conn:
            before = (await conn.execute(text("SELECT pg_backend_pid()"))).scalar_one()
        # when the server restarts while the app's event loop runs
        await asyncio.to_thread(_restart, data_dir)
        # then the next transaction works, on a new connection
        async with engine.begin() as conn:
            after = (await conn.execute(text("SELECT pg_backend_pid()"))).scalar_one()
        assert after != before
    finally:
        await engine.dispose()
        stop_postgres(data_dir)
