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
        if name == "frontends":
            continue
        (setup,) = deployment["spec"]["template"]["spec"]["initContainers"]
        assert setup["command"][1] == "setup", name  # loom-<service> setup holds the migration lock


def test_only_sys_holds_the_private_key_and_the_app_host_no_administrator_url() -> None:
    for _, deployment in WORKLOADS:
        volumes = deployment["spec"]["template"]["spec"].get("volumes", [])
        secrets = {v["secret"]["secretName"] for v in volumes if "secret" in v}
        assert ("loom-jwt" in secrets) == (deployment["metadata"]["name"] == "sys")
    (apps,) = [d for _, d in WORKLOADS if d["metadata"]["name"] == "apps"]
    serving = apps["spec"]["template"]["spec"]["containers"][0]
    keys = {e["valueFrom"]["secretKeyRef"]["key"] for e in serving["env"] if "valueFrom" in e}
    assert keys == {"postgres-uri-apps-runtime", "postgres-uri-app-runtime"}


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
    for _, deployment in WORKLOADS:
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
