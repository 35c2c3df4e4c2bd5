"""Settings of the app host (env prefix ``LOOM_APPS_``)."""

from __future__ import annotations

from pathlib import Path

from pydantic import AliasChoices, Field
from pydantic_settings import SettingsConfigDict

from loom_platform.settings import ServiceSettings

# services/apps (the page builder's folder) and the repository around it
BUILDER = Path(__file__).resolve().parents[2] / "builder"
REPOSITORY = Path(__file__).resolve().parents[4]


class AppsSettings(ServiceSettings):  # type: ignore[misc]
    """Where the host keeps module versions, which database the modules use, how it tests them."""

    model_config = SettingsConfigDict(
        env_prefix="LOOM_APPS_",
        env_ignore_empty=True,
        extra="ignore",
        populate_by_name=True,
    )

    service_name: str = "apps"
    http_port: int = 8105
    grpc_port: int = 9105
    database_url: str = "postgresql+asyncpg://postgres@127.0.0.1:5544/loom_apps"
    # The "master" data source: the business tables generated modules read and write (the same
    # database gencode synchronises them to). ``serve`` connects as the module role (role.py) and
    # hands exactly that credential to the modules, through its relay (sandbox/relay.py).
    app_database_url: str = Field(
        "postgresql://postgres@127.0.0.1:5544/loom_app",
        validation_alias=AliasChoices(
            "LOOM_APPS_APP_DATABASE_URL", "LOOM_GENCODE_APP_DATABASE_URL", "app_database_url"
        ),
    )
    # The host's own database connections (the module role's throwaway test schemas).
    app_database_pool_size: int = 2
    # The roles setup makes (role.py; setup runs with an administrator's URLs above): the host's own
    # (rights on loom_apps only) and the modules' (rows of loom_app, schemas there, nothing else).
    # serve's URLs then name them. Empty: setup makes no such role.
    runtime_role: str = ""
    runtime_password: str = ""
    module_role: str = ""
    module_password: str = ""
    # Who may read any module's test log besides the user who generated it (sys's administrator).
    admin_user_id: str = "1"
    # The sandbox generated code runs in (sandbox/): as this user when the host runs as root (a name
    # or uid[:gid]), in its own mount and network namespaces, under Landlock. A layer the kernel
    # refuses is logged at start and the others still hold; these switches are for diagnosis.
    sandbox_user: str = "nobody"
    sandbox_namespaces: bool = True
    sandbox_landlock: bool = True
    sandbox_start_seconds: float = 60.0
    # Each live version's database connections, kept while it serves (given back when idle).
    module_pool_size: int = 2
    # A version must answer that it loaded within this many seconds to serve.
    module_start_seconds: float = 60.0
    # Where module versions are unpacked for testing and loading (default <state dir>/apps).
    module_root: Path | None = None
    # A module's generated tests must finish within this many seconds.
    test_timeout_seconds: float = 180.0
    # The page build (builder/build.mjs, run with node): the node_modules holding its bundler
    # (rolldown) and whatever the pages bundle besides the portal's singletons (dayjs); default the
    # repository's frontends/node_modules. A build must finish within build_timeout_seconds.
    node: str = "node"
    builder_script: Path = BUILDER / "build.mjs"
    builder_modules: Path = REPOSITORY / "frontends" / "node_modules"
    build_timeout_seconds: float = 120.0
    # How often a replica looks for versions gone live elsewhere (it also reacts at once to its own).
    poll_seconds: float = 2.0
    # The durable consumer of published modules, shared by the replicas; a new one starts with the
    # stream's first message unless consumer_from_now (tests, which share a NATS server).
    consumer: str = "apps-modules"
    consumer_from_now: bool = False

    @property
    def modules(self) -> Path:
        """The resolved module directory (created on demand)."""
        root = (self.module_root or self.state_dir / "apps").expanduser().resolve()
        root.mkdir(parents=True, exist_ok=True)
        return root
