"""workflow test fixtures: its own database on the test server, a real sys (in-process, its own
database and a free gRPC port) for reviewer resolution and user names, the app running its
lifespan with tokens of a test key pair and GrantedAccess as the access loader."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from loom_contracts.clients.sys_directory import DirectoryClient
from loom_platform.db import transaction
from loom_platform.embedded import free_port
from loom_platform.grpc import Client
from loom_platform.testing.auth import GrantedAccess, TestTokens
from loom_platform.testing.fixtures import service_databases, service_settings, truncate_all

SERVICE_DIR = Path(__file__).resolve().parents[1]
SYS_DIR = SERVICE_DIR.parent / "sys"

ADMIN = "u-admin"
ALL_PERMISSIONS = {
    *(f"flowable:model:{a}" for a in ("view", "add", "edit", "del", "deploy", "design")),
    *(f"flowable:process:{a}" for a in ("view", "add", "edit", "del", "active", "suspend")),
    *(f"flowable:instance:{a}" for a in ("view", "add", "edit", "del", "stop", "retry", "migrate")),
    *(f"flowable:decision:{a}" for a in ("view", "add", "edit", "del", "deploy", "design", "execute")),
    *(f"flowable:externalTask:{a}" for a in ("view", "add", "edit", "del")),
    *(f"flowable:history:{a}" for a in ("view", "del")),
    "flowable:analytics:view",
    *(f"flowable:task:{a}" for a in ("view", "audit")),
    *(
        f"extension:{e}:{a}"
        for e in ("button", "condition", "listener", "actCategory")
        for a in ("view", "add", "edit", "del")
    ),
}

# The organisation the processes run in: company c1 with departments d-sales (no manager) and d-hr
# (managed by dave).
OFFICES = [
    ("c1", "0", "总公司", "1", None),
    ("d-sales", "c1", "销售部", "2", None),
    ("d-hr", "c1", "人事部", "2", "u-dave"),
]
# (r-admin and r-sales-monitor carry data scopes: 全部, and 所在部门 for the monitors' scope test)
ROLES = [
    ("r-hr", "人事专员", "hr", "1"),
    ("r-boss", "总经理", "boss", "1"),
    ("r-admin", "管理员", "admin", "1"),
    ("r-sales-monitor", "销售部监控", "salesmonitor", "5"),
]
USERS = [
    # id, login, name, company, department, roles
    (ADMIN, "admin", "管理员", "c1", "d-hr", ["r-admin"]),
    ("u-alice", "alice", "爱丽丝", "c1", "d-sales", []),
    ("u-bob", "bob", "鲍勃", "c1", "d-sales", []),
    ("u-carol", "carol", "卡罗尔", "c1", "d-hr", ["r-hr"]),
    ("u-dave", "dave", "戴夫", "c1", "d-hr", ["r-hr"]),
    ("u-erin", "erin", "艾琳", "c1", "d-sales", ["r-boss"]),
    ("u-frank", "frank", "弗兰克", "c1", "d-sales", []),
    ("u-grace", "grace", "格蕾丝", "c1", "d-sales", ["r-sales-monitor"]),
]


@dataclass
class Env:
    client: httpx.AsyncClient
    tokens: TestTokens
    access: GrantedAccess
    settings: Any
    app: Any
    nats_url: str

    def headers(self, user: str = ADMIN, lang: str | None = None) -> dict[str, str]:
        return self.tokens.headers(user, lang)


@pytest.fixture(scope="session")
def databases(postgres_server_url: str) -> Iterator[tuple[str, ...]]:
    names = ("loom_workflow_test", "loom_sys_wf_test")
    with service_databases(postgres_server_url, names, {0: SERVICE_DIR, 1: SYS_DIR}) as urls:
        yield urls


async def _seed_sys(app: Any) -> None:
    from loom_sys.office.models import Office
    from loom_sys.role.models import Role
    from loom_sys.user.models import User, UserRole

    async with app.state.session_factory() as session, transaction(session):
        for oid, parent, name, kind, manager in OFFICES:
            session.add(
                Office(
                    id=oid,
                    parent_id=parent,
                    parent_ids="0," if parent == "0" else f"0,{parent},",
                    name=name,
                    type=kind,
                    primary_person_id=manager,
                )
            )
        for rid, name, en, scope in ROLES:
            session.add(Role(id=rid, name=name, en_name=en, data_scope=scope))
        await session.flush()
        for uid, login, name, company, office, roles in USERS:
            session.add(
                User(
                    id=uid,
                    login_name=login,
                    password_hash="x",
                    name=name,
                    company_id=company,
                    office_id=office,
                )
            )
            await session.flush()
            for role in roles:
                session.add(UserRole(user_id=uid, role_id=role))


@pytest.fixture(scope="session")
async def sys_address(
    databases: tuple[str, ...], nats_url: str, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[str]:
    """A real sys (HTTP app lifespan + directory gRPC on a free port) with the test organisation."""
    from loom_sys.main import build
    from loom_sys.settings import SysSettings

    tmp = tmp_path_factory.mktemp("sys")
    port = free_port()
    settings = SysSettings(
        mode="test",
        database_url=databases[1],
        nats_url=nats_url,
        state_dir=tmp / "state",
        grpc_host="127.0.0.1",
        grpc_port=port,
        outbox_poll_seconds=0.2,
        log_json=False,
        log_level="WARNING",
    )
    app = build(settings)
    async with app.router.lifespan_context(app):
        await _seed_sys(app)
        yield f"127.0.0.1:{port}"


@pytest.fixture(scope="session")
async def env_session(
    databases: tuple[str, ...], sys_address: str, nats_url: str, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[Env]:
    from loom_workflow.main import build_app
    from loom_workflow.settings import WorkflowSettings

    tmp = tmp_path_factory.mktemp("workflow")
    tokens = TestTokens(tmp / "keys")
    access = GrantedAccess(permissions={ADMIN: set(ALL_PERMISSIONS)})
    settings = WorkflowSettings(
        database_url=databases[0],
        sys_grpc_address=sys_address,
        **service_settings(nats_url, tokens, tmp / "state"),
        scheduler_poll_seconds=0.1,
        job_ack_wait_seconds=5,
        job_lease_seconds=8,
        job_retry_wait_seconds=1,
        engine_pool_size=8,
        admin_user_id=ADMIN,
    )
    directory = DirectoryClient(Client(sys_address))
    app = build_app(settings, access_loader=access.loader(), directory=directory)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://workflow", timeout=30) as client:
            yield Env(client, tokens, access, settings, app, nats_url)


@pytest.fixture
async def env(env_session: Env) -> AsyncIterator[Env]:
    from loom_workflow.seed import seed

    async with env_session.app.state.session_factory() as session, transaction(session):
        await seed(session)
    yield env_session
    await truncate_all(env_session.app.state.engine)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("filterwarnings", "ignore:(?s).*session.exec:DeprecationWarning")
