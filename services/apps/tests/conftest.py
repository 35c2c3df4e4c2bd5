"""apps test fixtures: the host and a real gencode (which publishes modules to it) on their own
databases, one business database for both, tokens of a test key pair and GrantedAccess instead of sys."""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from loom_apps.main import build_app
from loom_apps.settings import AppsSettings
from loom_platform.embedded import free_port
from loom_platform.modules import Standalone
from loom_platform.testing.auth import GrantedAccess, TestTokens
from loom_platform.testing.fixtures import MenuRecorder, databases_fixture, service_settings

SERVICE_DIR = Path(__file__).resolve().parents[1]
GENCODE_DIR = SERVICE_DIR.parent / "gencode"

ADMIN = "admin"
CLERK = "clerk"
GENCODE_PERMISSIONS = {
    *(f"gencode:genTable:{a}" for a in ("view", "add", "edit", "del", "genCode", "createMenu", "sync")),
    "gencode:templateGroup:view",
    "gencode:templateGroup:edit",
    "gencode:templateGroup:add",
}


@dataclass
class Env:
    apps: httpx.AsyncClient
    gencode: httpx.AsyncClient
    tokens: TestTokens
    access: GrantedAccess
    settings: AppsSettings
    app: Any
    gencode_app: Any
    app_database_url: str
    # the data scopes (by user) and dictionaries the modules are given instead of sys's
    platform: Standalone
    # the host's database URLs as the administrator (the host itself runs as RUNTIME_ROLE, its
    # modules as MODULE_ROLE)
    admin_database_urls: tuple[str, ...] = ()
    # secrets the host holds (in its environment and state directory), which no module may see
    planted: dict[str, str] = field(default_factory=dict)

    def headers(self, user: str = ADMIN, lang: str | None = None) -> dict[str, str]:
        return self.tokens.headers(user, lang)

    def grant(self, user: str, *permissions: str) -> None:
        self.access.permissions.setdefault(user, set()).update(permissions)

    async def wait_for(
        self, name: str, until: Callable[[dict[str, Any]], bool] = lambda _m: True, seconds: float = 180
    ) -> dict[str, Any]:
        """The module once its latest version has been tested (live or failed) and ``until`` holds."""
        deadline = asyncio.get_running_loop().time() + seconds
        while True:
            found = (await self.apps.get("/apps/module/list", headers=self.headers())).json()
            module = next((m for m in found if m["name"] == name), None)
            if module and module["state"] in ("live", "failed") and until(module):
                return module
            assert asyncio.get_running_loop().time() < deadline, f"{name} never tested: {module}"
            await asyncio.sleep(0.2)


# The host serves as a role with rights on its own database, its modules as one with rights on the
# business database's rows; gencode's master is the business database's owner: as in make dev.
RUNTIME_ROLE = "loom_apps_test_runtime"
RUNTIME_PASSWORD = "apps-test-only"
MODULE_ROLE = "loom_apps_test_module"
MODULE_PASSWORD = "apps-module-test-only"
APP_OWNER = ("loom_aapp_test_owner", "apps-owner-test-only")

databases = databases_fixture(
    ("loom_apps_test", "loom_agencode_test", "loom_aapp_test"), {0: SERVICE_DIR, 1: GENCODE_DIR}
)


@pytest.fixture(scope="session")
async def env(
    databases: tuple[str, ...], nats_url: str, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[Env]:
    from loom_apps.role import grant_module_role, grant_runtime_role
    from loom_gencode.main import build_app as build_gencode
    from loom_gencode.seed import seed as gencode_seed
    from loom_gencode.settings import GencodeSettings
    from loom_platform.db import transaction
    from loom_platform.dbroles import ensure_business_owner, role_url

    tmp = tmp_path_factory.mktemp("apps")
    tokens = TestTokens(tmp / "keys")
    planted = _plant_secrets(tmp / "state", databases[1])
    access = GrantedAccess(permissions={ADMIN: set(GENCODE_PERMISSIONS), CLERK: set()})
    common = service_settings(nats_url, tokens, tmp / "state")
    ensure_business_owner(databases[2], *APP_OWNER)
    gencode_settings = GencodeSettings(
        database_url=databases[1],
        app_database_url=role_url(databases[2], *APP_OWNER),
        grpc_port=free_port(),
        workspace_root=tmp / "workspace",
        **common,
    )
    gencode = build_gencode(gencode_settings, access_loader=access.loader(), directory=MenuRecorder())  # type: ignore[arg-type]
    grant_runtime_role(
        database_url=databases[0], app_database_url=databases[2], role=RUNTIME_ROLE, password=RUNTIME_PASSWORD
    )
    grant_module_role(app_database_url=databases[2], role=MODULE_ROLE, password=MODULE_PASSWORD)
    settings = AppsSettings(
        database_url=role_url(databases[0], RUNTIME_ROLE, RUNTIME_PASSWORD),
        app_database_url=role_url(databases[2], MODULE_ROLE, MODULE_PASSWORD),
        admin_user_id=ADMIN,
        consumer=f"apps-test-{uuid.uuid4().hex[:8]}",
        consumer_from_now=True,
        poll_seconds=0.5,
        **common,
    )
    platform = Standalone(access={}, labels={"yes_no": {"1": "是", "0": "否"}})
    app = build_app(settings, access_loader=access.loader(), platform=platform)
    async with gencode.router.lifespan_context(gencode), app.router.lifespan_context(app):
        async with gencode.state.session_factory() as session, transaction(session):
            await gencode_seed(session)
        async with (
            httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://apps") as apps,
            httpx.AsyncClient(transport=httpx.ASGITransport(app=gencode), base_url="http://gencode") as gen,
        ):
            yield Env(
                apps, gen, tokens, access, settings, app, gencode, databases[2], platform, databases, planted
            )
    for name in planted:
        os.environ.pop(name, None)


def _plant_secrets(state: Path, admin_url: str) -> dict[str, str]:
    """What make dev's host once held: secrets and an administrator's URL in its environment, the
    JWT private key in its state directory (sandbox tests look for them from inside a module)."""
    planted = {
        "LOOM_SANDBOX_PROBE_SECRET": f"probe-secret-{uuid.uuid4().hex}",
        "LOOM_SANDBOX_PROBE_ADMIN_URL": admin_url,
    }
    os.environ.update(planted)
    keys = state / "keys"
    keys.mkdir(parents=True, exist_ok=True)
    (keys / "jwt-private.pem").write_text(
        f"-----BEGIN PRIVATE KEY-----\n{planted['LOOM_SANDBOX_PROBE_SECRET']}\n"
    )
    (keys / "jwt-private.pem").chmod(0o600)
    return planted


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("filterwarnings", "ignore:(?s).*session.exec:DeprecationWarning")
