"""forms test fixtures: its own database, a real gencode (HTTP app and DataService gRPC) on its
own databases, tokens of a test key pair and GrantedAccess instead of sys."""

from __future__ import annotations

from collections.abc import AsyncIterator
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
from loom_platform.testing.auth import GrantedAccess, TestTokens
from loom_platform.testing.fixtures import MenuRecorder, databases_fixture, service_settings, truncate_all

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
class Directory(MenuRecorder):
    """sys as forms asks it: the CreateMenu requests it records, and the reference data a test sets."""

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
    menus: Directory
    app_database_url: str

    def headers(self, user: str = ADMIN, lang: str | None = None) -> dict[str, str]:
        return self.tokens.headers(user, lang)


databases = databases_fixture(
    ("loom_forms_test", "loom_fgencode_test", "loom_fapp_test"), {0: SERVICE_DIR, 1: GENCODE_DIR}
)


@pytest.fixture(scope="session")
async def env_session(
    databases: tuple[str, ...], nats_url: str, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[Env]:
    from loom_gencode.main import build_app as build_gencode
    from loom_gencode.settings import GencodeSettings

    tmp = tmp_path_factory.mktemp("forms")
    tokens = TestTokens(tmp / "keys")
    access = GrantedAccess(permissions={ADMIN: set(ALL_PERMISSIONS), CLERK: {f"form:{FORM_CODE}:view"}})
    common = service_settings(nats_url, tokens, tmp / "state")
    gencode_settings = GencodeSettings(
        database_url=databases[1],
        app_database_url=databases[2],
        grpc_port=free_port(),
        workspace_root=tmp / "workspace",
        **common,
    )
    gencode = build_gencode(gencode_settings, access_loader=access.loader())
    menus = Directory()
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
