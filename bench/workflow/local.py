"""The workflow service as the in-process benchmarks build it (``bench_workflow.py``,
``bench_analytics.py``): a fresh database on the embedded PostgreSQL (``.loom/bench/pg``), migrated;
a NATS server of its own; a test key pair; the real app with the directory and access the benchmark
gives. The app is built, not started: the caller runs its lifespan (or uvicorn does)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi import FastAPI

from loom_platform.embedded import free_port, postgres_url, start_nats, wait_for_port
from loom_platform.migrations import upgrade
from loom_platform.settings import repo_root
from loom_platform.testing.auth import GrantedAccess, TestTokens
from loom_platform.testing.fixtures import recreate_database

ROOT = repo_root()


class NoDirectory:
    """sys is not part of the benchmark: no names, no reviewer rules."""

    async def users(self, _ids: Any) -> list[Any]:
        return []

    async def resolve_reviewers(self, *_args: Any, **_kwargs: Any) -> list[str]:
        return []


@dataclass(frozen=True)
class Local:
    """The built app, its database (SQLAlchemy URL and libpq DSN) and the key pair its tokens use."""

    app: FastAPI
    url: str
    tokens: TestTokens
    tmp: Path

    @property
    def dsn(self) -> str:
        """The database for psycopg."""
        return self.url.replace("+asyncpg", "")


@contextmanager
def local_app(
    database: str, *, directory: Any = None, access: GrantedAccess | None = None, **settings: Any
) -> Iterator[Local]:
    """A workflow app on the fresh database ``database``; ``settings`` override WorkflowSettings."""
    from loom_workflow.main import build_app
    from loom_workflow.settings import WorkflowSettings

    url = recreate_database(postgres_url(ROOT / ".loom" / "bench" / "pg"), database)
    upgrade(ROOT / "services" / "workflow", url)
    tmp = Path(tempfile.mkdtemp(prefix=f"{database}-"))
    nats_port = free_port()
    nats = start_nats(nats_port, tmp / "nats")
    try:
        wait_for_port("127.0.0.1", nats_port)
        tokens = TestTokens(tmp / "keys")
        config = WorkflowSettings(
            mode="test",
            database_url=url,
            nats_url=f"nats://127.0.0.1:{nats_port}",
            jwt_public_key_file=tokens.public_key_path,
            state_dir=tmp / "state",
            log_json=False,
            log_level="WARNING",
            **settings,
        )
        app = build_app(
            config, access_loader=(access or GrantedAccess()).loader(), directory=directory or NoDirectory()
        )
        yield Local(app, url, tokens, tmp)
    finally:
        nats.terminate()
