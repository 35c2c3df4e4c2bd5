"""docker-compose.yml: what made `docker compose up` fail the first time stays fixed — every secret
comes from .env (make compose-secrets writes each in its format), one setup per database before its
servers, health checks only where a process answers HTTP, a restart policy on every server."""

from __future__ import annotations

import base64
import importlib.util
import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
SERVICES = COMPOSE["services"]


def _make_env():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("make_env", ROOT / "deploy" / "compose" / "make_env.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_compose_secrets_fills_every_required_variable_in_its_format_and_keeps_existing_ones(
    tmp_path: Path,
) -> None:
    make_env = _make_env()
    example = (ROOT / ".env.example").read_text()
    text, made = make_env.render(example, {})
    values = make_env.read_env(_write(tmp_path / ".env", text))
    required = set(re.findall(r"\$\{(LOOM_[A-Z_]+):\?", (ROOT / "docker-compose.yml").read_text()))
    assert required <= {k for k, v in values.items() if v} and set(made) == set(make_env.SECRETS)
    assert len(base64.urlsafe_b64decode(values["LOOM_GENCODE_SECRET_KEY"])) == 32  # a Fernet key
    assert re.fullmatch(r"[0-9a-f]{48}", values["LOOM_POSTGRES_PASSWORD"])  # safe inside a URL
    again, made_again = make_env.render(example, values)
    assert made_again == [] and make_env.read_env(_write(tmp_path / "again", again)) == values


def _write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


def test_each_database_is_set_up_once_before_its_servers() -> None:
    setups = {name for name in SERVICES if name.endswith("-setup")}
    assert setups == {"sys-setup", "gencode-setup", "workflow-setup", "forms-setup", "apps-setup"}
    for name, service in SERVICES.items():
        command = service.get("command", [])
        if name in setups:
            assert "setup" in " ".join(command) and service["restart"] == "no"
        elif command[:1] and command[0].startswith("loom-"):
            # a server never migrates; it waits for its database's setup
            database = command[0].removeprefix("loom-") + "-setup"
            assert service["depends_on"][database] == {"condition": "service_completed_successfully"}
            assert service["restart"] == "unless-stopped"


def test_health_checks_only_where_a_process_answers_http() -> None:
    for name, service in SERVICES.items():
        command = " ".join(service.get("command", []))
        quiet = name.endswith("-setup") or command.endswith(("worker", "history"))
        assert (service.get("healthcheck") == {"disable": True}) == quiet, name


def test_only_sys_mounts_the_private_key() -> None:
    for name, service in SERVICES.items():
        mounts = [v.split(":")[0] for v in service.get("volumes", [])]
        assert ("keys" in mounts) == name.startswith("sys"), name


# The secrets (variables of .env) each service may see; docs/processes.md's table.
SECRET_VARIABLES = {
    "LOOM_ADMIN_PASSWORD",
    "LOOM_POSTGRES_PASSWORD",
    "LOOM_APP_OWNER_PASSWORD",
    "LOOM_APPS_DB_PASSWORD",
    "LOOM_APPS_MODULE_PASSWORD",
    "LOOM_GENCODE_SECRET_KEY",
    "LOOM_DATA_SERVICE_TOKEN",
    "LOOM_WORKFLOW_URL_SIGNING_KEY",
}
OWN_DATABASE = {"LOOM_POSTGRES_PASSWORD"}  # sys, workflow and forms own their database as its administrator
ALLOWED = {
    "postgres": {"LOOM_POSTGRES_PASSWORD"},
    "sys-setup": OWN_DATABASE | {"LOOM_ADMIN_PASSWORD"},
    "sys": OWN_DATABASE | {"LOOM_ADMIN_PASSWORD"},
    "gencode-setup": OWN_DATABASE
    | {"LOOM_GENCODE_SECRET_KEY", "LOOM_DATA_SERVICE_TOKEN", "LOOM_APP_OWNER_PASSWORD"},
    "gencode": OWN_DATABASE
    | {"LOOM_GENCODE_SECRET_KEY", "LOOM_DATA_SERVICE_TOKEN", "LOOM_APP_OWNER_PASSWORD"},
    "workflow-setup": OWN_DATABASE | {"LOOM_WORKFLOW_URL_SIGNING_KEY"},
    "forms-setup": OWN_DATABASE | {"LOOM_DATA_SERVICE_TOKEN"},
    "forms": OWN_DATABASE | {"LOOM_DATA_SERVICE_TOKEN"},
    "apps-setup": OWN_DATABASE | {"LOOM_APPS_DB_PASSWORD", "LOOM_APPS_MODULE_PASSWORD"},
    # the app host: its two roles' passwords, nothing else
    "apps": {"LOOM_APPS_DB_PASSWORD", "LOOM_APPS_MODULE_PASSWORD"},
}
for _name in ("workflow", "workflow-2", "workflow-worker", "workflow-worker-2", "workflow-history"):
    ALLOWED[_name] = OWN_DATABASE | {"LOOM_WORKFLOW_URL_SIGNING_KEY"}


class _ComposeLoader(yaml.SafeLoader):
    """YAML with compose's ``!reset`` (an override's way to empty a list)."""


_ComposeLoader.add_constructor("!reset", lambda _loader, _node: None)


def _environments(*files: str) -> dict[str, dict[str, str]]:
    """Each service's environment as compose merges the files (later files win, key by key)."""
    merged: dict[str, dict[str, str]] = {}
    for file in files:
        services = yaml.load((ROOT / file).read_text(), Loader=_ComposeLoader)["services"]  # noqa: S506
        for name, service in services.items():
            env = service.get("environment") or {}
            merged.setdefault(name, {}).update({k: str(v) for k, v in env.items()})
    return merged


def _user(url: str) -> str:
    return url.split("://", 1)[1].split(":", 1)[0]


@pytest.mark.parametrize(
    "files", [("docker-compose.yml",), ("docker-compose.yml", "deploy/compose/test.yml")]
)
def test_each_service_sees_only_its_own_secrets_and_the_sql_tools_no_superuser(
    files: tuple[str, ...],
) -> None:
    # given each service's environment as compose gives it
    envs = _environments(*files)
    for name, env in envs.items():
        used = {v for value in env.values() for v in re.findall(r"\$\{(LOOM_[A-Z_]+)", value)}
        # then it refers to no secret but its own
        assert used & SECRET_VARIABLES <= ALLOWED.get(name, set()), (name, used & SECRET_VARIABLES)
    # and gencode's `master` is the business database's owner role, made by its setup
    assert _user(envs["gencode"]["LOOM_GENCODE_APP_DATABASE_URL"]) == "loom_app_owner"
    assert envs["gencode-setup"]["LOOM_GENCODE_APP_OWNER_ROLE"] == "loom_app_owner"
    # and the app host connects as its runtime and module roles, which its setup makes
    apps = envs["apps"]
    assert _user(apps["LOOM_APPS_DATABASE_URL"]) == "loom_apps_runtime"
    assert _user(apps["LOOM_APPS_APP_DATABASE_URL"]) == "loom_apps_module"
    assert {envs["apps-setup"][k] for k in ("LOOM_APPS_RUNTIME_ROLE", "LOOM_APPS_MODULE_ROLE")} == {
        "loom_apps_runtime",
        "loom_apps_module",
    }
    # and a server holds the administrator's URL of its own database only (sys, gencode, workflow,
    # forms: as in `make dev`), never of the business database nor in the app host
    for name, env in envs.items():
        if name.endswith("-setup"):
            continue
        for key, value in env.items():
            if "://postgres:" in value:
                assert key in {
                    "LOOM_SYS_DATABASE_URL",
                    "LOOM_GENCODE_DATABASE_URL",
                    "LOOM_WORKFLOW_DATABASE_URL",
                    "LOOM_FORMS_DATABASE_URL",
                } and value.endswith(key.split("_")[1].lower()), (name, key)
