"""gencode test fixtures: its own database and business database on the test server, the app
running its lifespan, tokens of a test key pair and GrantedAccess instead of sys."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from loom_gencode.main import build_app
from loom_gencode.settings import GencodeSettings
from loom_platform.embedded import free_port
from loom_platform.testing.auth import GrantedAccess, TestTokens
from loom_platform.testing.fixtures import MenuRecorder, databases_fixture, service_settings, truncate_all

SERVICE_DIR = Path(__file__).resolve().parents[1]

ADMIN = "admin"
NOBODY = "nobody"
ALL_PERMISSIONS = {
    *(
        f"gencode:{r}:{a}"
        for r in ("validateType", "showType", "queryType", "dataBaseType", "customObj", "templateGroup")
        for a in ("view", "add", "edit", "del")
    ),
    "gencode:codeParam:view",
    "gencode:codeParam:edit",
    *(f"gencode:genTable:{a}" for a in ("view", "add", "edit", "del", "genCode", "createMenu", "sync")),
    *(f"database:datalink:dataSource:{a}" for a in ("view", "add", "edit", "del")),
}


@dataclass
class Env:
    client: httpx.AsyncClient
    tokens: TestTokens
    access: GrantedAccess
    settings: GencodeSettings
    app: Any
    directory: MenuRecorder

    def headers(self, user: str = ADMIN, lang: str | None = None) -> dict[str, str]:
        return self.tokens.headers(user, lang)


databases = databases_fixture(("loom_gencode_test", "loom_app_test"), {0: SERVICE_DIR})
# The master data source connects as the business database's owner, as in make dev (dbroles.py).
APP_OWNER = ("loom_app_test_owner", "gencode-test-only")


@pytest.fixture(scope="session")
async def env_session(
    databases: tuple[str, ...], nats_url: str, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[Env]:
    from loom_platform.dbroles import ensure_business_owner, role_url

    tmp = tmp_path_factory.mktemp("gencode")
    tokens = TestTokens(tmp / "keys")
    access = GrantedAccess(permissions={ADMIN: set(ALL_PERMISSIONS)})
    ensure_business_owner(databases[1], *APP_OWNER)
    settings = GencodeSettings(
        database_url=databases[0],
        app_database_url=role_url(databases[1], *APP_OWNER),
        grpc_port=free_port(),
        workspace_root=tmp / "workspace",
        **service_settings(nats_url, tokens, tmp / "state"),
    )
    directory = MenuRecorder()
    app = build_app(settings, access_loader=access.loader(), directory=directory)  # type: ignore[arg-type]
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://gencode") as client:
            yield Env(client, tokens, access, settings, app, directory)


@pytest.fixture
async def env(env_session: Env) -> AsyncIterator[Env]:
    from loom_gencode import seed
    from loom_platform.db import transaction

    yield env_session
    await truncate_all(env_session.app.state.engine)
    env_session.directory.menus.clear()
    env_session.settings.licence_file = None
    async with env_session.app.state.session_factory() as session, transaction(session):
        await seed.seed(session)


def pytest_configure(config: pytest.Config) -> None:
    # SQLModel nudges towards session.exec(); the service uses SQLAlchemy's execute() on purpose.
    config.addinivalue_line("filterwarnings", "ignore:(?s).*session.exec:DeprecationWarning")


def column(name: str, jdbc_type: str = "varchar(64)", **extra: Any) -> dict[str, Any]:
    """A valid column design (base columns get the usual flags)."""
    from pydantic.alias_generators import to_camel

    from loom_gencode.table.defaults import column_defaults

    row = column_defaults(name, jdbc_type, comments=extra.pop("comments", name))
    row.update(extra)
    return {to_camel(k): v for k, v in row.items()}


def table(
    name: str, *extra_columns: dict[str, Any], table_type: str = "0", ds: str = "master", **fields: Any
) -> dict[str, Any]:
    """A valid table design with the base columns (tree/workflow columns by type)."""
    from loom_gencode.table.defaults import STANDARD_COLUMNS, base_columns_for

    cols = []
    for base in base_columns_for(table_type):
        jdbc, comments, _nullable = STANDARD_COLUMNS[base]
        if ds != "master" and jdbc == "timestamp":
            jdbc = "datetime"
        cols.append(column(base, jdbc, comments=comments))
    cols += list(extra_columns)
    body = {
        "name": name,
        "comments": f"{name} 表",
        "dataSource": {"id": ds},
        "idType": "1",
        "tableType": table_type,
        "className": "".join(p.title() for p in name.split("_")),
        "columnList": cols,
    }
    body.update(fields)
    return body
