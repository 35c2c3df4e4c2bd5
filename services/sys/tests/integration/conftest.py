"""sys test fixtures: a migrated, seeded database, the running app, clients logged in."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from loom_platform import db
from loom_platform.embedded import free_port
from loom_platform.testing.fixtures import SeedSnapshot, service_databases
from loom_sys.main import build
from loom_sys.seed import seed
from loom_sys.settings import SysSettings

from ..factories import client_for_user, create_user, login

SERVICE_DIR = Path(__file__).resolve().parents[2]
ADMIN_PASSWORD = "admin-test-pw"
RUN = uuid.uuid4().hex[:12]


@pytest.fixture(scope="session")
def sys_database(postgres_server_url: str) -> Iterator[str]:
    with service_databases(postgres_server_url, ("loom_test_sys",), {0: SERVICE_DIR}) as (url,):
        yield url


@pytest.fixture(scope="session")
def settings(sys_database: str, nats_url: str, tmp_path_factory: pytest.TempPathFactory) -> SysSettings:
    return SysSettings(
        database_url=sys_database,
        nats_url=nats_url,
        state_dir=tmp_path_factory.mktemp("sys-state"),
        grpc_port=free_port(),
        admin_password=ADMIN_PASSWORD,
        mode="test",
        log_json=False,
        log_level="WARNING",
        outbox_poll_seconds=0.05,
        # the operation log of this run only (test runs share one NATS server)
        oplog_stream=f"LOOMTEST_LOG_{RUN}",
        oplog_subject=f"loomtest.{RUN}.log",
    )


@pytest.fixture(scope="session")
async def app(settings: SysSettings) -> AsyncIterator[FastAPI]:
    application = build(settings)
    async with application.router.lifespan_context(application):
        yield application


@pytest.fixture(scope="session")
def seeded() -> SeedSnapshot:
    return SeedSnapshot()


@pytest.fixture(autouse=True)
async def clean_database(app: FastAPI, settings: SysSettings, seeded: SeedSnapshot) -> AsyncIterator[None]:
    """Every test starts from the seed alone."""

    async def seed_once() -> None:
        async with db.session_factory(app.state.engine)() as session:
            await seed(session, settings)

    await seeded.reset(app.state.engine, seed_once)
    app.state.auth.cache.invalidate()
    yield


@pytest.fixture
async def anonymous(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=app, client=("127.0.0.1", 5000))
    async with httpx.AsyncClient(transport=transport, base_url="http://sys") as client:
        yield client


@pytest.fixture
async def admin(app: FastAPI, anonymous: httpx.AsyncClient) -> AsyncIterator[httpx.AsyncClient]:
    """A client logged in as the seeded administrator (every permission)."""
    tokens = await login(anonymous, "admin", ADMIN_PASSWORD)
    transport = httpx.ASGITransport(app=app, client=("127.0.0.1", 5001))
    headers = {"Authorization": f"Bearer {tokens['token']}"}
    async with httpx.AsyncClient(transport=transport, base_url="http://sys", headers=headers) as client:
        yield client


@pytest.fixture
def make_user(admin: httpx.AsyncClient) -> Any:
    """``await make_user("alice", roleIdList=[...])``: a user created through the API."""

    async def _make(login_name: str, **fields: Any) -> dict[str, Any]:
        return await create_user(admin, login_name, **fields)

    return _make


@pytest.fixture
def client_for(app: FastAPI, anonymous: httpx.AsyncClient) -> Any:
    """``await client_for("alice", "secret-pw")``: a client logged in as that user."""

    async def _client(login_name: str, password: str = "secret-pw") -> httpx.AsyncClient:
        return await client_for_user(app, anonymous, login_name, password)

    return _client
