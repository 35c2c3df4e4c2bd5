"""``make dev``: the whole platform on one host, in the foreground, one log stream.

Starts the embedded PostgreSQL (unless ``LOOM_DATABASE_URL``), creates, migrates and seeds each
service's database, then runs NATS (unless ``LOOM_NATS_URL``), the services, the workflow
worker, the static server of the frontends and Traefik under honcho, each line prefixed by its
process. Ctrl-C stops everything; the data stays under the state dir for the next run.

Each process gets its own settings and secrets only (docs/processes.md has the table): the
platform's shared settings, those of its own prefix, and the secrets it uses. The development
secrets — the workflow's URL signing key, gencode's key for data-source passwords, the
DataService credential, the database roles' passwords — are generated once per state directory
(``<state>/secrets``), like sys's JWT keys, unless set in the environment.
"""

from __future__ import annotations

import base64
import os
import secrets
import signal
import string
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
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


def database_url(server: str, service: str, *, role: tuple[str, str] | None = None) -> str:
    """A service's database on ``server`` (as ``role``, a name and password, when given)."""
    url = make_url(server).set(database=f"loom_{service}")
    if role is not None:
        url = url.set(username=role[0], password=role[1])
    return url.render_as_string(hide_password=False)


# Development secrets, generated once per state directory (an environment variable overrides).
SECRETS: dict[str, tuple[str, Callable[[], str]]] = {
    "workflow-url-signing-key": ("LOOM_WORKFLOW_URL_SIGNING_KEY", lambda: secrets.token_urlsafe(32)),
    "gencode-secret-key": (
        "LOOM_GENCODE_SECRET_KEY",
        lambda: base64.urlsafe_b64encode(secrets.token_bytes(32)).decode(),  # a Fernet key
    ),
    "data-service-token": ("LOOM_DATA_SERVICE_TOKEN", lambda: secrets.token_urlsafe(32)),
    "app-owner-password": ("", lambda: secrets.token_urlsafe(24)),
    "apps-runtime-password": ("", lambda: secrets.token_urlsafe(24)),
    "apps-module-password": ("", lambda: secrets.token_urlsafe(24)),
}
ROLES = {
    "app_owner": "loom_app_owner",
    "apps_runtime": "loom_apps_runtime",
    "apps_module": "loom_apps_module",
}


def state_secret(state: Path, name: str) -> str:
    """The secret ``name`` of this state directory: its environment variable when set, else the one
    generated at the first start (``<state>/secrets/<name>``, readable by its owner only)."""
    variable, make = SECRETS[name]
    given = os.environ.get(variable, "").strip() if variable else ""
    if given:
        return given
    folder = state / "secrets"
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    path = folder / name
    try:
        with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as handle:
            handle.write(make())
    except FileExistsError:
        pass
    return path.read_text().strip()


def global_settings() -> frozenset[str]:
    """The ``LOOM_*`` names every service reads the same way (the platform base's settings)."""
    from pydantic import AliasChoices

    from loom_platform.settings import ServiceSettings

    names: set[str] = set()
    for field in ServiceSettings.model_fields.values():
        if isinstance(field.validation_alias, AliasChoices):
            names |= {
                c for c in field.validation_alias.choices if isinstance(c, str) and c.startswith("LOOM_")
            }
    return frozenset(names)


# Settings a service reads outside its own prefix (its settings' aliases), besides the platform's.
BORROWED = {
    "sys": ("LOOM_ADMIN_PASSWORD", "LOOM_JWT_PRIVATE_KEY_FILE"),
    "gencode": ("LOOM_DATA_SERVICE_TOKEN",),
    "workflow": ("LOOM_FORMS_GRPC_ADDRESS",),
    "forms": ("LOOM_DATA_SERVICE_TOKEN", "LOOM_GENCODE_GRPC_ADDRESS"),
    "apps": (),
}


@dataclass
class Platform:
    """Everything the processes' settings are made of; :meth:`env` picks each process's share."""

    state: Path
    server: str
    nats_url: str
    # every LOOM_* value, given or made here; a process sees the names it may see
    values: dict[str, str]

    def base(self) -> dict[str, str]:
        """What every process starts from: the user's environment without Loom's settings."""
        env = {k: v for k, v in os.environ.items() if not k.startswith("LOOM_")}
        env["PYTHONUNBUFFERED"] = "1"
        return env

    def pick(self, allowed: Callable[[str], bool]) -> dict[str, str]:
        return {**self.base(), **{k: v for k, v in self.values.items() if allowed(k)}}

    def service_env(self, name: str, *, setup: bool = False) -> dict[str, str]:
        """A service's process: the platform's settings, its own prefix, what it borrows; its setup
        also gets the administrator's URLs and the roles to make."""
        prefix = f"LOOM_{name.upper()}_"
        shared = global_settings()
        borrowed = set(BORROWED.get(name, ()))
        env = self.pick(lambda k: k in shared or k in borrowed or k.startswith(prefix))
        env.update(self.databases(name, setup=setup))
        env.pop(f"{prefix}URL", None)  # the gateway's addresses of the service, not its settings
        env.pop(f"{prefix}URLS", None)
        return env

    def databases(self, name: str, *, setup: bool) -> dict[str, str]:
        """The database settings of a service: administrator URLs for setup and for the services
        that own their database; roles for the master data source and the app host."""
        own = database_url(self.server, name)
        owner = (ROLES["app_owner"], state_secret(self.state, "app-owner-password"))
        runtime = (ROLES["apps_runtime"], state_secret(self.state, "apps-runtime-password"))
        module = (ROLES["apps_module"], state_secret(self.state, "apps-module-password"))
        business = database_url(self.server, "app")
        if name == "gencode":
            roles = {"LOOM_GENCODE_APP_OWNER_ROLE": owner[0], "LOOM_GENCODE_APP_OWNER_PASSWORD": owner[1]}
            master = business if setup else database_url(self.server, "app", role=owner)
            return {
                "LOOM_GENCODE_DATABASE_URL": own,
                "LOOM_GENCODE_APP_DATABASE_URL": master,
                **(roles if setup else {}),
            }
        if name == "apps":
            if setup:
                return {
                    "LOOM_APPS_DATABASE_URL": own,
                    "LOOM_APPS_APP_DATABASE_URL": business,
                    "LOOM_APPS_RUNTIME_ROLE": runtime[0],
                    "LOOM_APPS_RUNTIME_PASSWORD": runtime[1],
                    "LOOM_APPS_MODULE_ROLE": module[0],
                    "LOOM_APPS_MODULE_PASSWORD": module[1],
                }
            return {
                "LOOM_APPS_DATABASE_URL": database_url(self.server, "apps", role=runtime),
                "LOOM_APPS_APP_DATABASE_URL": database_url(self.server, "app", role=module),
            }
        env = {f"LOOM_{name.upper()}_DATABASE_URL": own}
        if name == "workflow":
            # reviewer rules of type sql read the business tables as a restricted role it makes
            env.setdefault(
                "LOOM_WORKFLOW_SQL_REVIEWER_DATABASE_URL",
                self.values.get("LOOM_WORKFLOW_SQL_REVIEWER_DATABASE_URL", business),
            )
        return env

    def gateway_env(self) -> dict[str, str]:
        """Traefik's: its own settings and the services' addresses."""
        return self.pick(
            lambda k: (
                k.startswith("LOOM_GATEWAY_")
                or k == "LOOM_REPO"
                or k.endswith(("_URL", "_URLS"))
                and not k.endswith(("DATABASE_URL", "NATS_URL"))
                and k != "LOOM_PORTAL_URL"
            )
        )

    def static_env(self) -> dict[str, str]:
        """The frontends' static server's: where and what it serves."""
        return self.pick(lambda k: k.startswith(("LOOM_STATIC_", "LOOM_FRONTENDS_DIR")))


def platform_values(state: Path, nats_url: str) -> dict[str, str]:
    """Every LOOM_* value of this run: the user's, the addresses, the generated secrets."""
    values = {k: v for k, v in os.environ.items() if k.startswith("LOOM_") and k != "LOOM_DATABASE_URL"}
    values.update(
        LOOM_STATE_DIR=str(state),
        LOOM_NATS_URL=nats_url,
        LOOM_SYS_GRPC_ADDRESS=f"127.0.0.1:{SERVICES[0].grpc_port}",
    )
    for service in SERVICES:
        prefix = f"LOOM_{service.name.upper()}_"
        values[f"{prefix}HTTP_PORT"] = str(service.http_port)
        values[f"{prefix}GRPC_PORT"] = str(service.grpc_port)
        values[f"{prefix}URL"] = f"http://127.0.0.1:{service.http_port}"
        values[f"{prefix}GRPC_ADDRESS"] = f"127.0.0.1:{service.grpc_port}"
    values["LOOM_FRONTENDS_URL"] = f"http://127.0.0.1:{setting('LOOM_STATIC_PORT', '8090')}"
    for name, (variable, _make) in SECRETS.items():
        if variable:
            values[variable] = state_secret(state, name)
    return values


def setup_service(service: Service, env: Mapping[str, str]) -> float:
    """Migrates and seeds one service's database; returns the seconds it took."""
    started = time.monotonic()
    # One process per service: "setup" migrates and seeds (a Python start-up saved per service).
    subprocess.run([str(service.cli), "setup"], env=dict(env), check=True, cwd=REPO)
    return time.monotonic() - started


def prepare(services: list[Service], platform: Platform) -> list[Service]:
    """Creates, migrates and seeds every database: sys first (it makes the signing keys), the rest at once.

    A service whose setup fails is left out (its area shows as unavailable); sys is required.
    """
    ready: list[Service] = []
    batches = ([s for s in services if s.name == "sys"], [s for s in services if s.name != "sys"])
    with ThreadPoolExecutor(max_workers=4) as pool:
        for batch in batches:
            futures = {
                s: pool.submit(setup_service, s, platform.service_env(s.name, setup=True)) for s in batch
            }
            for service, future in futures.items():
                try:
                    log(f"{service.name}: database migrated and seeded ({future.result():.1f}s)")
                    ready.append(service)
                except subprocess.CalledProcessError as exc:
                    if service.name == "sys":
                        raise
                    log(f"{service.name}: setup failed ({exc}); starting without it")
    return ready


def render_traefik(state: Path, env: dict[str, str]) -> Path:
    values = {
        "LOOM_GATEWAY_HOST": setting("LOOM_GATEWAY_HOST", "127.0.0.1"),
        "LOOM_GATEWAY_PORT": setting("LOOM_GATEWAY_PORT", "8080"),
        "LOOM_GATEWAY_ADMIN_PORT": setting("LOOM_GATEWAY_ADMIN_PORT", "8082"),
        "LOOM_REPO": str(REPO),
    }
    env.update(values)  # the platform's values: the gateway's share is picked from them
    template = string.Template((REPO / "gateway" / "traefik.local.yml").read_text())
    target = state / "traefik" / "traefik.yml"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(template.substitute(values))
    return target


def add_workflow_replicas(manager: Manager, service: Service, platform: Platform) -> None:
    """LOOM_WORKFLOW_REPLICAS=N: N-1 more workflow APIs (ports +10, +20, ...) behind the gateway."""
    replicas = int(setting("LOOM_WORKFLOW_REPLICAS", "1"))
    ports = [service.http_port + 10 * index for index in range(replicas)]
    platform.values["LOOM_WORKFLOW_URLS"] = ",".join(f"http://127.0.0.1:{port}" for port in ports)
    for index, port in enumerate(ports[1:], start=2):
        replica_env = {**platform.service_env("workflow"), "LOOM_WORKFLOW_HTTP_PORT": str(port)}
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
    platform = Platform(state, server, nats_url, platform_values(state, nats_url))
    services = [s for s in SERVICES if s.present]
    try:
        services = prepare(services, platform)
    except subprocess.CalledProcessError as exc:
        log(f"setup failed: {exc}")
        return 1
    traefik_config = render_traefik(state, platform.values)

    manager = Manager(Printer(sys.stdout))
    if embedded_nats:
        from loom_platform.embedded import nats_command

        nats = " ".join(nats_command(int(nats_port), state / "nats"))
        manager.add_process("nats", nats, env=platform.base())
    for service in services:
        if service.name == "workflow":
            add_workflow_replicas(manager, service, platform)
            for index in range(int(setting("LOOM_WORKFLOW_WORKERS", "1"))):
                worker_env = platform.service_env("workflow")
                manager.add_process(
                    f"worker{index + 1}", f"{service.cli} worker", env=worker_env, cwd=str(REPO)
                )
        manager.add_process(
            service.name, f"{service.cli} serve", env=platform.service_env(service.name), cwd=str(REPO)
        )
    static = f"{sys.executable} {REPO / 'deploy/local/static_server.py'}"
    manager.add_process("static", static, env=platform.static_env(), cwd=str(REPO))
    traefik = f"{BIN / 'traefik'} --configFile={traefik_config}"
    manager.add_process("gateway", traefik, env=platform.gateway_env(), cwd=str(REPO))
    values = platform.values
    gateway = f"http://{values['LOOM_GATEWAY_HOST']}:{values['LOOM_GATEWAY_PORT']}/"
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
