"""forms test fixtures: its own database, a real gencode (HTTP app and DataService gRPC) on its
own databases, tokens of a test key pair and GrantedAccess instead of sys."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import psycopg
import pytest

from loom_forms.main import build_app
from loom_forms.settings import FormsSettings
from loom_platform.db import sync_url
from loom_platform.embedded import free_port
from loom_platform.migrations import upgrade
from loom_platform.testing.auth import GrantedAccess, TestTokens
from loom_platform.testing.fixtures import drop_database, recreate_database, truncate_all, worker_suffix

SERVICE_DIR = Path(__file__).resolve().parents[1]
GENCODE_DIR = SERVICE_DIR.parent / "gencode"

ADMIN = "admin"
CLERK = "clerk"
FORM_CODE = "leave"
ALL_PERMISSIONS = {
    *(f"form:make:{a}" for a in ("view", "add", "edit", "del", "design", "createMenu")),
    *(f"extension:formDefinition:{a}" for a in ("view", "add", "edit", "del", "design")),
    *(f"form:{FORM_CODE}:{a}" for a in ("view", "add", "edit", "del", "import", "export")),
    "gencode:genTable:view",
}


@dataclass
class MenuRecorder:
    """Records the CreateMenu requests forms sends to sys (the real sys is in e2e/api)."""

    menus: list[dict[str, Any]] = field(default_factory=list)

    async def create_menu(self, **kwargs: Any) -> str:
        self.menus.append(kwargs)
        return f"menu-{len(self.menus)}"

    async def access(self, *_args: Any) -> Any:  # never used: tests grant access themselves
        raise AssertionError("access is granted by the test")

    # sys's reference data as a test sets it: {type: [(value, label)]}, users and offices {id: name}
    dicts: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    people: dict[str, str] = field(default_factory=dict)
    offices: dict[str, str] = field(default_factory=dict)

    async def dict_map(self, types: Any = ()) -> dict[str, list[Any]]:
        return {
            t: [SimpleNamespace(value=v, label=label) for v, label in self.dicts.get(t, [])] for t in types
        }

    async def users(self, ids: Any) -> list[Any]:
        return [SimpleNamespace(id=i, name=self.people[i]) for i in ids if i in self.people]

    # the data permissions sys would answer (None: every row)
    scope: Any = None

    async def data_access(self, user_id: str, *, menu_id: str = "", permission: str = "") -> Any:
        from loom_platform.datarules import DataAccess, Viewer

        return self.scope or DataAccess(viewer=Viewer(user_id=user_id))

    async def office_tree(self, office_type: str = "") -> list[Any]:
        return [SimpleNamespace(id=i, name=n, children=[]) for i, n in self.offices.items()]


@dataclass
class Env:
    client: httpx.AsyncClient
    tokens: TestTokens
    access: GrantedAccess
    settings: FormsSettings
    app: Any
    gencode: Any
    menus: MenuRecorder
    app_database_url: str

    def headers(self, user: str = ADMIN, lang: str | None = None) -> dict[str, str]:
        return self.tokens.headers(user, lang)


@pytest.fixture(scope="session")
def databases(postgres_server_url: str) -> Iterator[tuple[str, str, str]]:
    suffix = worker_suffix()
    names = (f"loom_forms_test_{suffix}", f"loom_fgencode_test_{suffix}", f"loom_fapp_test_{suffix}")
    urls = tuple(recreate_database(postgres_server_url, n) for n in names)
    upgrade(SERVICE_DIR, urls[0])
    upgrade(GENCODE_DIR, urls[1])
    yield urls  # type: ignore[misc]
    for name in names:
        drop_database(postgres_server_url, name)


@pytest.fixture(scope="session")
async def env_session(
    databases: tuple[str, str, str], nats_url: str, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[Env]:
    from loom_gencode.main import build_app as build_gencode
    from loom_gencode.settings import GencodeSettings

    tmp = tmp_path_factory.mktemp("forms")
    tokens = TestTokens(tmp / "keys")
    access = GrantedAccess(permissions={ADMIN: set(ALL_PERMISSIONS), CLERK: {f"form:{FORM_CODE}:view"}})
    common: dict[str, Any] = {
        "mode": "test",
        "nats_url": nats_url,
        "jwt_public_key_file": tokens.public_key_path,
        "state_dir": tmp / "state",
        "outbox_poll_seconds": 0.05,
        "log_json": False,
        "log_level": "WARNING",
    }
    gencode_settings = GencodeSettings(
        database_url=databases[1],
        app_database_url=databases[2],
        grpc_port=free_port(),
        workspace_root=tmp / "workspace",
        **common,
    )
    gencode = build_gencode(gencode_settings, access_loader=access.loader())
    menus = MenuRecorder()
    settings = FormsSettings(
        database_url=databases[0],
        grpc_port=free_port(),
        gencode_grpc_address=f"127.0.0.1:{gencode_settings.grpc_port}",
        **common,
    )
    app = build_app(settings, access_loader=access.loader(), directory=menus)  # type: ignore[arg-type]
    async with gencode.router.lifespan_context(gencode), app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://forms") as client:
            yield Env(client, tokens, access, settings, app, gencode, menus, databases[2])


@pytest.fixture
async def env(env_session: Env) -> AsyncIterator[Env]:
    from loom_forms.seed import seed
    from loom_platform.db import transaction

    async with env_session.app.state.session_factory() as session, transaction(session):
        await seed(session)
    yield env_session
    await truncate_all(env_session.app.state.engine)
    await truncate_all(env_session.gencode.state.engine)
    env_session.menus.menus.clear()
    env_session.access.permissions[ADMIN] = set(ALL_PERMISSIONS)
    with psycopg.connect(
        sync_url(env_session.app_database_url).replace("+psycopg", ""), autocommit=True
    ) as conn:
        conn.execute("DROP SCHEMA public CASCADE")
        conn.execute("CREATE SCHEMA public")


def pytest_configure(config: pytest.Config) -> None:
    # SQLModel nudges towards session.exec(); the service uses SQLAlchemy's execute() on purpose.
    config.addinivalue_line("filterwarnings", "ignore:(?s).*session.exec:DeprecationWarning")
