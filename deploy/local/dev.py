"""``make dev``: the whole platform on one host, in the foreground, one log stream.

Starts the embedded PostgreSQL (unless ``LOOM_DATABASE_URL``), creates, migrates and seeds each
service's database, then runs NATS (unless ``LOOM_NATS_URL``), the services, the workflow
worker, the static server of the frontends and Traefik under honcho, each line prefixed by its
process. Ctrl-C stops everything; the data stays under the state dir for the next run.
"""

from __future__ import annotations

import os
import secrets
import signal
import string
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from honcho.manager import Manager
from honcho.printer import Printer
from sqlalchemy.engine import make_url

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def setting(name: str, default: str) -> str:
    value = os.environ.get(name, "").strip()
    return value or default


@dataclass(frozen=True)
class Service:
    name: str
    http_port: int
    grpc_port: int

    @property
    def cli(self) -> Path:
        return BIN / f"loom-{self.name}"

    @property
    def present(self) -> bool:
        return (
            REPO / "services" / self.name / "src" / f"loom_{self.name}" / "cli.py"
        ).is_file() and self.cli.exists()


SERVICES = [
    Service("sys", int(setting("LOOM_SYS_HTTP_PORT", "8101")), int(setting("LOOM_SYS_GRPC_PORT", "9101"))),
    Service(
        "gencode",
        int(setting("LOOM_GENCODE_HTTP_PORT", "8102")),
        int(setting("LOOM_GENCODE_GRPC_PORT", "9102")),
    ),
    Service(
        "workflow",
        int(setting("LOOM_WORKFLOW_HTTP_PORT", "8103")),
        int(setting("LOOM_WORKFLOW_GRPC_PORT", "9103")),
    ),
    Service(
        "forms", int(setting("LOOM_FORMS_HTTP_PORT", "8104")), int(setting("LOOM_FORMS_GRPC_PORT", "9104"))
    ),
    # The app host: runs the modules the generator writes (no gRPC server; the port is reserved).
    Service("apps", int(setting("LOOM_APPS_HTTP_PORT", "8105")), int(setting("LOOM_APPS_GRPC_PORT", "9105"))),
]


def log(message: str) -> None:
    print(f"{time.strftime('%H:%M:%S')} dev    | {message}", flush=True)  # noqa: T201


def database_server(state: Path) -> tuple[str, bool]:
    """The PostgreSQL server URL; starts the embedded one unless LOOM_DATABASE_URL is set."""
    external = os.environ.get("LOOM_DATABASE_URL", "").strip()
    if external:
        return external, False
    from loom_platform.embedded import postgres_url

    url = postgres_url(state / "pg")
    log(f"embedded PostgreSQL 16 on socket {make_url(url).query.get('host')}")
    return url, True


def database_url(server: str, service: str) -> str:
    return make_url(server).set(database=f"loom_{service}").render_as_string(hide_password=False)


def common_env(state: Path, nats_url: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        LOOM_STATE_DIR=str(state),
        LOOM_NATS_URL=nats_url,
        LOOM_SYS_GRPC_ADDRESS=f"127.0.0.1:{SERVICES[0].grpc_port}",
        PYTHONUNBUFFERED="1",
    )
    for service in SERVICES:
        prefix = f"LOOM_{service.name.upper()}_"
        env[f"{prefix}HTTP_PORT"] = str(service.http_port)
        env[f"{prefix}GRPC_PORT"] = str(service.grpc_port)
        env[f"LOOM_{service.name.upper()}_URL"] = f"http://127.0.0.1:{service.http_port}"
        env[f"LOOM_{service.name.upper()}_GRPC_ADDRESS"] = f"127.0.0.1:{service.grpc_port}"
    env["LOOM_FRONTENDS_URL"] = f"http://127.0.0.1:{setting('LOOM_STATIC_PORT', '8090')}"
    return env


def setup_service(service: Service, env: dict[str, str]) -> float:
    """Migrates and seeds one service's database; returns the seconds it took."""
    started = time.monotonic()
    # One process per service: "setup" migrates and seeds (a Python start-up saved per service).
    subprocess.run([str(service.cli), "setup"], env=env, check=True, cwd=REPO)
    return time.monotonic() - started


def prepare(services: list[Service], server: str, env: dict[str, str]) -> list[Service]:
    """Creates, migrates and seeds every database: sys first (it makes the signing keys), the rest at once.

    A service whose setup fails is left out (its area shows as unavailable); sys is required.
    """
    env["LOOM_GENCODE_APP_DATABASE_URL"] = database_url(server, "app")
    # Reviewer rules of type sql read the business tables (as a restricted role), not workflow's own.
    env.setdefault("LOOM_WORKFLOW_SQL_REVIEWER_DATABASE_URL", env["LOOM_GENCODE_APP_DATABASE_URL"])
    for service in services:
        env[f"LOOM_{service.name.upper()}_DATABASE_URL"] = database_url(server, service.name)
    # the app host's setup makes the role it serves as (rights on loom_apps and loom_app only)
    env["LOOM_APPS_RUNTIME_ROLE"] = setting("LOOM_APPS_RUNTIME_ROLE", "loom_apps_runtime")
    env["LOOM_APPS_RUNTIME_PASSWORD"] = secrets.token_hex(16)
    ready: list[Service] = []
    with ThreadPoolExecutor(max_workers=4) as pool:
        for batch in ([s for s in services if s.name == "sys"], [s for s in services if s.name != "sys"]):
            futures = {service: pool.submit(setup_service, service, env) for service in batch}
            for service, future in futures.items():
                try:
                    log(f"{service.name}: database migrated and seeded ({future.result():.1f}s)")
                    ready.append(service)
                except subprocess.CalledProcessError as exc:
                    if service.name == "sys":
                        raise
                    log(f"{service.name}: setup failed ({exc}); starting without it")
    return ready


def serve_env(service: Service, env: dict[str, str]) -> dict[str, str]:
    """What a service serves with: the app host connects as its runtime role, not as the administrator."""
    if service.name != "apps":
        return env
    role, password = env["LOOM_APPS_RUNTIME_ROLE"], env["LOOM_APPS_RUNTIME_PASSWORD"]
    as_role = {
        key: make_url(env[key]).set(username=role, password=password).render_as_string(hide_password=False)
        for key in ("LOOM_APPS_DATABASE_URL", "LOOM_GENCODE_APP_DATABASE_URL")
    }
    return {
        **env,
        "LOOM_APPS_DATABASE_URL": as_role["LOOM_APPS_DATABASE_URL"],
        "LOOM_APPS_APP_DATABASE_URL": as_role["LOOM_GENCODE_APP_DATABASE_URL"],
    }


def render_traefik(state: Path, env: dict[str, str]) -> Path:
    values = {
        "LOOM_GATEWAY_HOST": setting("LOOM_GATEWAY_HOST", "127.0.0.1"),
        "LOOM_GATEWAY_PORT": setting("LOOM_GATEWAY_PORT", "8080"),
        "LOOM_GATEWAY_ADMIN_PORT": setting("LOOM_GATEWAY_ADMIN_PORT", "8082"),
        "LOOM_REPO": str(REPO),
    }
    env.update(values)
    template = string.Template((REPO / "gateway" / "traefik.local.yml").read_text())
    target = state / "traefik" / "traefik.yml"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(template.substitute(values))
    return target


def add_workflow_replicas(manager: Manager, service: Service, env: dict[str, str]) -> None:
    """LOOM_WORKFLOW_REPLICAS=N: N-1 more workflow APIs (ports +10, +20, ...) behind the gateway."""
    replicas = int(setting("LOOM_WORKFLOW_REPLICAS", "1"))
    ports = [service.http_port + 10 * index for index in range(replicas)]
    env["LOOM_WORKFLOW_URLS"] = ",".join(f"http://127.0.0.1:{port}" for port in ports)
    for index, port in enumerate(ports[1:], start=2):
        replica_env = {**env, "LOOM_WORKFLOW_HTTP_PORT": str(port)}
        manager.add_process(f"workflow{index}", f"{service.cli} serve", env=replica_env, cwd=str(REPO))


def main() -> int:
    state = Path(setting("LOOM_STATE_DIR", str(REPO / ".loom"))).resolve()
    state.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    server, embedded_pg = database_server(state)
    nats_url = os.environ.get("LOOM_NATS_URL", "").strip()
    nats_port = setting("LOOM_NATS_PORT", "4244")
    embedded_nats = not nats_url
    nats_url = nats_url or f"nats://127.0.0.1:{nats_port}"
    env = common_env(state, nats_url)
    services = [s for s in SERVICES if s.present]
    try:
        services = prepare(services, server, env)
    except subprocess.CalledProcessError as exc:
        log(f"setup failed: {exc}")
        return 1
    traefik_config = render_traefik(state, env)

    manager = Manager(Printer(sys.stdout))
    if embedded_nats:
        from loom_platform.embedded import nats_command

        manager.add_process("nats", " ".join(nats_command(int(nats_port), state / "nats")), env=env)
    for service in services:
        manager.add_process(service.name, f"{service.cli} serve", env=serve_env(service, env), cwd=str(REPO))
        if service.name == "workflow":
            add_workflow_replicas(manager, service, env)
            for index in range(int(setting("LOOM_WORKFLOW_WORKERS", "1"))):
                manager.add_process(f"worker{index + 1}", f"{service.cli} worker", env=env, cwd=str(REPO))
    manager.add_process(
        "static", f"{sys.executable} {REPO / 'deploy/local/static_server.py'}", env=env, cwd=str(REPO)
    )
    manager.add_process("gateway", f"{BIN / 'traefik'} --configFile={traefik_config}", env=env, cwd=str(REPO))
    gateway = f"http://{env['LOOM_GATEWAY_HOST']}:{env['LOOM_GATEWAY_PORT']}/"
    log(
        f"starting {len(manager._processes)} processes; portal at {gateway} (setup took {time.monotonic() - started:.1f}s)"
    )
    password_file = state / "admin-password.txt"
    if not os.environ.get("LOOM_ADMIN_PASSWORD") and password_file.exists():
        log(f"admin password: {password_file.read_text().strip()} (from {password_file})")
    try:
        manager.loop()
    finally:
        if embedded_pg:
            from loom_platform.embedded import stop_postgres

            stop_postgres(state / "pg")
            log("embedded PostgreSQL stopped")
    return manager.returncode or 0


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    raise SystemExit(main())
