"""docker-compose.yml: what made `docker compose up` fail the first time stays fixed — every secret
comes from .env (make compose-secrets writes each in its format), one setup per database before its
servers, health checks only where a process answers HTTP, a restart policy on every server."""

from __future__ import annotations

import base64
import importlib.util
import re
from pathlib import Path

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
