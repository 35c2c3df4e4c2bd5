"""The deployment's database roles (``make test-compose`` only, issue 33 finding 3 and issue 34):
in docker compose the ``master`` data source is the business database's owner, not PostgreSQL's
superuser, so executeSql reads no server file; and each container holds only its own secrets (the
app host none of the admin password, the DataService token, a superuser URL or the private key).
"""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from urllib.parse import urlsplit

import httpx
import pytest

from .test_real_client_flowable import _ok, jeeplus_client

PROJECT = os.environ.get("LOOM_TEST_COMPOSE_PROJECT", "")
pytestmark = pytest.mark.skipif(not PROJECT, reason="run by make test-compose")


@pytest.fixture(scope="module")
def client(portal: httpx.Client) -> Iterator[httpx.Client]:
    yield from jeeplus_client(portal)


def _sql(client: httpx.Client, sql: str) -> httpx.Response:
    return client.post("/api/database/table/executeSql/master", json={"sql": sql})


def _env(service: str) -> dict[str, str]:
    """The environment docker gave the running container of ``service``."""
    ids = subprocess.run(
        [
            "docker",
            "ps",
            "-q",
            "--filter",
            f"label=com.docker.compose.project={PROJECT}",
            "--filter",
            f"label=com.docker.compose.service={service}",
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    assert ids, f"no running container of {service}"
    inspected = subprocess.run(["docker", "inspect", ids[0]], check=True, capture_output=True, text=True)
    pairs = json.loads(inspected.stdout)[0]["Config"]["Env"]
    return dict(pair.partition("=")[::2] for pair in pairs)


def test_execute_sql_on_master_runs_as_the_business_owner_and_cannot_read_server_files(
    client: httpx.Client,
) -> None:
    # when the administrator asks master who it is
    who = _ok(
        _sql(client, "select current_user as u, rolsuper as s from pg_roles where rolname = current_user")
    )
    # then it is the business database's owner, not a superuser (so executeSql is not refused)
    assert who["list"] == [{"u": "loom_app_owner", "s": False}], who
    # when executeSql tries to read a server file
    answer = _sql(client, "select pg_read_file('/etc/passwd')")
    # then PostgreSQL refuses it and the user reads why
    assert answer.status_code == 400 and answer.text.startswith("SQL执行失败"), answer.text
    assert "permission denied" in answer.text and "root:" not in answer.text, answer.text


# secrets each server may hold; every other one it must not see
SECRETS = {
    "LOOM_ADMIN_PASSWORD": {"sys"},
    "LOOM_GENCODE_SECRET_KEY": {"gencode"},
    "LOOM_DATA_SERVICE_TOKEN": {"gencode", "forms"},
    "LOOM_WORKFLOW_URL_SIGNING_KEY": {"workflow"},
}


def test_each_container_holds_only_its_own_secrets() -> None:
    # given the running servers' environments
    envs = {s: _env(s) for s in ("sys", "gencode", "workflow", "forms", "apps")}
    # then each holds only the secrets that are its own
    for service, env in envs.items():
        held = {name for name in SECRETS if name in env}
        assert held == {n for n, owners in SECRETS.items() if service in owners} - {
            "LOOM_JWT_PRIVATE_KEY_FILE"
        }, (
            service,
            held,
        )
    # and the app host connects as its two roles, never as the administrator
    apps = envs["apps"]
    assert urlsplit(apps["LOOM_APPS_APP_DATABASE_URL"]).username == "loom_apps_module"
    assert urlsplit(apps["LOOM_APPS_DATABASE_URL"]).username == "loom_apps_runtime"
    assert not [v for v in apps.values() if "://postgres:" in v], "a superuser URL in apps"
    # and gencode's master is the business database's owner
    assert urlsplit(envs["gencode"]["LOOM_GENCODE_APP_DATABASE_URL"]).username == "loom_app_owner"
