"""deploy/k8s: every manifest valid against the Kubernetes schemas (offline, kubernetes-validate),
and none of the contradictions a first deployment met: an empty Secret shipped over the operator's,
a pod migrating without the lock, a private key outside sys, image names other than compose's, a
service without its NetworkPolicy, a route missing from the gateway's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
K8S = ROOT / "deploy" / "k8s"
VERSION = "1.30.0"
# Custom resources of the operators the manifests need: their schemas are not Kubernetes'.
CUSTOM = {"postgresql.cnpg.io/v1", "traefik.io/v1alpha1", "keda.sh/v1alpha1"}


def _documents() -> list[tuple[str, dict[str, Any]]]:
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    found = []
    for name in kustomization["resources"]:
        for doc in yaml.safe_load_all((K8S / name).read_text()):
            if doc:
                found.append((name, doc))
    return found


DOCS = _documents()
WORKLOADS = [(name, doc) for name, doc in DOCS if doc["kind"] == "Deployment"]
JOBS = [(name, doc) for name, doc in DOCS if doc["kind"] == "Job"]


def _containers(deployment: dict[str, Any]) -> list[dict[str, Any]]:
    spec = deployment["spec"]["template"]["spec"]
    return [*spec.get("initContainers", []), *spec["containers"]]


@pytest.mark.parametrize(
    "doc",
    [d for _, d in DOCS if d["apiVersion"] not in CUSTOM],
    ids=lambda d: f"{d['kind']}/{d['metadata']['name']}",
)
def test_every_manifest_is_valid_against_the_kubernetes_schema(doc: dict[str, Any]) -> None:
    kubernetes_validate.validate(doc, VERSION, strict=True)


def test_no_secret_is_applied_from_the_repository() -> None:
    # secrets come from the operator only: an applied empty one would replace theirs
    assert [d["metadata"]["name"] for _, d in DOCS if d["kind"] == "Secret"] == []


def test_every_pod_of_a_service_with_a_database_migrates_first_under_the_lock() -> None:
    for _, deployment in WORKLOADS:
        name = deployment["metadata"]["name"]
        if name in ("frontends", "apps"):
            continue  # the app host may not migrate: its setup Job does, as the administrator
        (setup,) = deployment["spec"]["template"]["spec"]["initContainers"]
        assert setup["command"][1] == "setup", name  # loom-<service> setup holds the migration lock


def test_only_sys_holds_the_private_key_and_the_app_host_no_administrator_url() -> None:
    for _, deployment in WORKLOADS:
        volumes = deployment["spec"]["template"]["spec"].get("volumes", [])
        secrets = {v["secret"]["secretName"] for v in volumes if "secret" in v}
        assert ("loom-jwt" in secrets) == (deployment["metadata"]["name"] == "sys")


def _secret_refs(containers: list[dict[str, Any]]) -> dict[str, set[str]]:
    """Each variable a container list takes from a Secret: its name -> {"secret/key"}."""
    refs: dict[str, set[str]] = {}
    for container in containers:
        assert "secretRef" not in str(container.get("envFrom", [])), "a whole Secret as environment"
        for e in container.get("env", []):
            ref = e.get("valueFrom", {}).get("secretKeyRef")
            if ref:
                refs.setdefault(e["name"], set()).add(f"{ref['name']}/{ref['key']}")
    return refs


def _example_secrets() -> dict[str, dict[str, str]]:
    docs = yaml.safe_load_all((K8S / "secrets.example.yaml").read_text())
    return {d["metadata"]["name"]: d["stringData"] for d in docs if d}


def test_each_pod_takes_only_its_own_service_secret() -> None:
    # given every Deployment and Job with the Secrets its containers read
    for _, workload in [*WORKLOADS, *JOBS]:
        name = workload["metadata"]["name"]
        service = name.split("-")[0]
        refs = _secret_refs(_containers(workload))
        secrets = {ref.split("/")[0] for values in refs.values() for ref in values}
        # then a server reads its own service's Secret only; the administrator's only a setup Job
        allowed = {f"loom-{service}"} | ({"loom-db-admin"} if workload["kind"] == "Job" else set())
        assert secrets <= allowed, (name, secrets)
    # and the app host serves with its two roles and nothing else
    (apps,) = [d for _, d in WORKLOADS if d["metadata"]["name"] == "apps"]
    assert _secret_refs(_containers(apps)) == {
        "LOOM_APPS_DATABASE_URL": {"loom-apps/database-url"},
        "LOOM_APPS_APP_DATABASE_URL": {"loom-apps/app-database-url"},
    }


def test_the_master_data_source_and_the_app_host_connect_as_roles_the_setup_jobs_make() -> None:
    # given the Secrets an operator creates from the example
    secrets = _example_secrets()
    users = {
        (name, key): value.split("://", 1)[1].split(":", 1)[0]
        for name, data in secrets.items()
        for key, value in data.items()
        if "://" in value
    }
    # then gencode's master is the business database's owner and the app host its two roles
    assert users[("loom-gencode", "app-database-url")] == "loom_app_owner"
    assert users[("loom-apps", "database-url")] == "loom_apps_runtime"
    assert users[("loom-apps", "app-database-url")] == "loom_apps_module"
    # and the administrator's URLs are only in the setup Jobs' Secret
    assert {name for (name, _), user in users.items() if user == "postgres"} == {"loom-db-admin"}
    # and each setup Job makes those roles
    jobs = {j["metadata"]["name"]: {e["name"]: e for e in _containers(j)[0]["env"]} for _, j in JOBS}
    assert jobs["gencode-setup"]["LOOM_GENCODE_APP_OWNER_ROLE"]["value"] == "loom_app_owner"
    assert jobs["apps-setup"]["LOOM_APPS_RUNTIME_ROLE"]["value"] == "loom_apps_runtime"
    assert jobs["apps-setup"]["LOOM_APPS_MODULE_ROLE"]["value"] == "loom_apps_module"
    # and every Secret a pod reads is in the example, key by key
    for _, workload in [*WORKLOADS, *JOBS]:
        for refs in _secret_refs(_containers(workload)).values():
            for ref in refs:
                secret, key = ref.split("/")
                assert key in secrets[secret], ref


def test_images_are_the_ones_compose_builds() -> None:
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    built = {
        service["image"]
        .replace("${LOOM_IMAGE_PREFIX:-loom}", "loom")
        .replace("${LOOM_IMAGE_TAG:-latest}", "latest")
        for service in compose["services"].values()
        if service["image"].startswith("${LOOM_IMAGE_PREFIX")
    }
    used = {c["image"] for _, d in WORKLOADS for c in _containers(d)}
    assert used <= built and len(built) == 7


def test_the_history_worker_is_a_deployment_of_its_own() -> None:
    names = {d["metadata"]["name"]: d for _, d in WORKLOADS}
    assert names["workflow-history"]["spec"]["template"]["spec"]["containers"][0]["command"][1] == "history"
    worker_env = names["workflow-worker"]["spec"]["template"]["spec"]["containers"][0]["env"]
    assert {"name": "LOOM_WORKFLOW_HISTORY_WORKERS", "value": "0"} in worker_env


def test_every_workload_has_its_network_policy_and_the_app_host_reaches_only_what_it_needs() -> None:
    policies = {d["metadata"]["name"]: d for _, d in DOCS if d["kind"] == "NetworkPolicy"}
    for _, deployment in [*WORKLOADS, *JOBS]:
        labels = deployment["spec"]["template"]["metadata"]["labels"]
        assert labels["app.kubernetes.io/part-of"] == "loom"  # under the default deny
        app = labels["app"]
        assert any(
            p["spec"]["podSelector"].get("matchLabels", {}).get("app") == app
            or app in next(iter(p["spec"]["podSelector"].get("matchExpressions", [])), {}).get("values", [])
            for name, p in policies.items()
            if name != "loom-default-deny"
        ), app
    apps = policies["apps"]["spec"]
    assert [rule["to"][0]["podSelector"]["matchLabels"] for rule in apps["egress"]] == [{"app": "sys"}]
    assert apps["ingress"][0]["from"][0]["namespaceSelector"]["matchLabels"] == {
        "kubernetes.io/metadata.name": "traefik"
    }


def test_the_ingress_has_every_route_of_the_gateway() -> None:
    source = yaml.safe_load((ROOT / "gateway" / "routes.source.yml").read_text())
    (ingress,) = [d for _, d in DOCS if d["kind"] == "IngressRoute"]
    matches = [r["match"] for r in ingress["spec"]["routes"]]
    assert all(route["rule"] in matches for route in source["routes"].values())
    middlewares = {d["metadata"]["name"] for _, d in DOCS if d["kind"] == "Middleware"}
    assert middlewares == set(source["middlewares"])


def test_the_app_host_reaches_only_dns_postgresql_nats_and_sys_and_is_reached_only_by_the_gateway() -> None:
    # given every policy that selects the app host's pods
    def selects_apps(policy: dict[str, Any]) -> bool:
        selector = policy["spec"]["podSelector"]
        expressions = selector.get("matchExpressions", [])
        return selector.get("matchLabels", {}).get("app") == "apps" or any(
            "apps" in e["values"] for e in expressions
        )

    policies = [d for _, d in DOCS if d["kind"] == "NetworkPolicy" and selects_apps(d)]
    egress = [
        (str(rule["to"]), sorted(p["port"] for p in rule["ports"]))
        for d in policies
        for rule in d["spec"].get("egress", [])
    ]
    ingress = [rule for d in policies for rule in d["spec"].get("ingress", [])]
    # then it reaches cluster DNS, the PostgreSQL cluster, NATS and sys's directory, nothing else
    assert [ports for _, ports in egress] == [[53, 53], [5432], [4222], [9101]], egress
    assert "ipBlock" not in str(egress) and "loom-pg" in egress[1][0] and "'sys'" in egress[3][0]
    # and only the gateway's namespace reaches it
    assert [r["from"] for r in ingress] == [
        [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "traefik"}}}]
    ]
