"""``make dev`` gives each process only its own settings and secrets, and generates the development
secrets once per state directory (issue 33, findings 1 and 9; docs/processes.md has the table)."""

from __future__ import annotations

import importlib.util
import stat
import sys
from pathlib import Path
from types import ModuleType

import pytest
from sqlalchemy.engine import make_url

from loom_gencode.settings import DEFAULT_SECRET_KEY
from loom_platform.service_token import DEFAULT_DATA_SERVICE_TOKEN
from loom_workflow.settings import DEFAULT_URL_SIGNING_KEY, WorkflowSettings

SERVER = "postgresql://postgres:admin-pw@/postgres?host=/run/pg"
ADMIN_PASSWORD = "the-admin-password"


@pytest.fixture(scope="module")
def dev() -> ModuleType:
    path = Path(__file__).resolve().parents[1] / "dev.py"
    spec = importlib.util.spec_from_file_location("loom_dev", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["loom_dev"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def platform(dev: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    for name in ("LOOM_DATA_SERVICE_TOKEN", "LOOM_WORKFLOW_URL_SIGNING_KEY", "LOOM_GENCODE_SECRET_KEY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LOOM_ADMIN_PASSWORD", ADMIN_PASSWORD)
    monkeypatch.setenv("LOOM_SYS_ACCESS_TOKEN_SECONDS", "900")
    return dev.Platform(tmp_path, SERVER, "nats://127.0.0.1:4244", dev.platform_values(tmp_path, "nats://x"))


def _secrets(platform) -> dict[str, str]:  # type: ignore[no-untyped-def]
    values = platform.values
    return {
        "admin password": ADMIN_PASSWORD,
        "data-service token": values["LOOM_DATA_SERVICE_TOKEN"],
        "URL signing key": values["LOOM_WORKFLOW_URL_SIGNING_KEY"],
        "gencode's secret key": values["LOOM_GENCODE_SECRET_KEY"],
        "superuser's password": "admin-pw",
    }


def _holds(env: dict[str, str], secret: str) -> bool:
    return any(secret in value for value in env.values())


def test_the_app_host_gets_its_roles_and_no_secret_of_the_platform(platform) -> None:  # type: ignore[no-untyped-def]
    # when the app host's serving process is given its settings
    env = platform.service_env("apps")
    # then it holds none of the platform's secrets, no superuser URL, no other service's settings
    assert [name for name, secret in _secrets(platform).items() if _holds(env, secret)] == []
    urls = {k: make_url(v) for k, v in env.items() if k.endswith("DATABASE_URL")}
    assert {k: u.username for k, u in urls.items()} == {
        "LOOM_APPS_DATABASE_URL": "loom_apps_runtime",
        "LOOM_APPS_APP_DATABASE_URL": "loom_apps_module",
    }
    assert not [k for k in env if k.startswith(("LOOM_SYS_DATABASE", "LOOM_GENCODE_", "LOOM_ADMIN"))]


def test_each_service_gets_only_the_secrets_it_uses(platform) -> None:  # type: ignore[no-untyped-def]
    secrets = _secrets(platform)
    expected = {
        "sys": {"admin password", "superuser's password"},
        "gencode": {"data-service token", "gencode's secret key", "superuser's password"},
        "workflow": {"URL signing key", "superuser's password"},
        "forms": {"data-service token", "superuser's password"},
        "apps": set(),
    }
    for service, wanted in expected.items():
        env = platform.service_env(service)
        assert {n for n, s in secrets.items() if _holds(env, s)} == wanted, service
    # gencode's master data source is the business database's owner, not the superuser
    master = make_url(platform.service_env("gencode")["LOOM_GENCODE_APP_DATABASE_URL"])
    assert master.username == "loom_app_owner" and master.database == "loom_app"
    # a setting of a service's own prefix still reaches it, and only it
    assert platform.service_env("sys")["LOOM_SYS_ACCESS_TOKEN_SECONDS"] == "900"
    assert "LOOM_SYS_ACCESS_TOKEN_SECONDS" not in platform.service_env("forms")


def test_the_gateway_the_static_server_and_nats_get_no_secret(platform) -> None:  # type: ignore[no-untyped-def]
    for env in (platform.gateway_env(), platform.static_env(), platform.base()):
        assert not [n for n, s in _secrets(platform).items() if _holds(env, s)]
    assert platform.gateway_env()["LOOM_SYS_URL"].startswith("http://127.0.0.1:")


def test_setup_makes_the_roles_with_the_administrators_url(platform) -> None:  # type: ignore[no-untyped-def]
    gencode, apps = platform.service_env("gencode", setup=True), platform.service_env("apps", setup=True)
    assert make_url(gencode["LOOM_GENCODE_APP_DATABASE_URL"]).username == "postgres"
    assert gencode["LOOM_GENCODE_APP_OWNER_ROLE"] == "loom_app_owner"
    assert (apps["LOOM_APPS_RUNTIME_ROLE"], apps["LOOM_APPS_MODULE_ROLE"]) == (
        "loom_apps_runtime",
        "loom_apps_module",
    )
    serving = platform.service_env("apps")
    assert make_url(serving["LOOM_APPS_APP_DATABASE_URL"]).password == apps["LOOM_APPS_MODULE_PASSWORD"]


def test_development_secrets_are_made_once_per_state_directory(
    dev: ModuleType, tmp_path: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    for name in ("LOOM_DATA_SERVICE_TOKEN", "LOOM_WORKFLOW_URL_SIGNING_KEY", "LOOM_GENCODE_SECRET_KEY"):
        monkeypatch.delenv(name, raising=False)
    # when two runs start on one state directory, and a third on another
    first = dev.platform_values(tmp_path / "a", "nats://x")
    again = dev.platform_values(tmp_path / "a", "nats://x")
    other = dev.platform_values(tmp_path / "b", "nats://x")
    keys = ("LOOM_WORKFLOW_URL_SIGNING_KEY", "LOOM_GENCODE_SECRET_KEY", "LOOM_DATA_SERVICE_TOKEN")
    # then each key is the state directory's own: kept between runs, never the built-in default
    for key in keys:
        assert first[key] == again[key] != other[key]
    defaults = {DEFAULT_URL_SIGNING_KEY, DEFAULT_SECRET_KEY, DEFAULT_DATA_SERVICE_TOKEN}
    assert not defaults & {first[k] for k in keys}
    folder = tmp_path / "a" / "secrets"
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert all(stat.S_IMODE(p.stat().st_mode) == 0o600 for p in folder.iterdir())
    # and the workflow starts with its key even in production mode (which refuses the default)
    assert (
        WorkflowSettings(mode="production", url_signing_key=first[keys[0]]).url_signing_key == first[keys[0]]
    )
    # while a key given in the environment wins (e2e runs set the DataService credential)
    monkeypatch.setenv("LOOM_DATA_SERVICE_TOKEN", "given-token")
    assert dev.platform_values(tmp_path / "a", "nats://x")["LOOM_DATA_SERVICE_TOKEN"] == "given-token"
