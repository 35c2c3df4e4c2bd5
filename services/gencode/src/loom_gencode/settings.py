"""Settings of the gencode service (env prefix ``LOOM_GENCODE_``)."""

from __future__ import annotations

from pathlib import Path

from pydantic import model_validator
from pydantic_settings import SettingsConfigDict

from loom_platform.service_token import DataServiceTokenSettings

# A valid Fernet key that is public (it is in the source): fine for a laptop, refused in production.
DEFAULT_SECRET_KEY = "bG9vbS1kZXZlbG9wbWVudC1rZXktbm90LXNlY3JldCE="


class GencodeSettings(DataServiceTokenSettings):  # type: ignore[misc]
    """Where gencode keeps its metadata, business tables, generated code and secrets."""

    # the rest of the configuration (empty values ignored, ...) is the platform base's
    model_config = SettingsConfigDict(env_prefix="LOOM_GENCODE_")

    service_name: str = "gencode"
    http_port: int = 8102
    grpc_port: int = 9102
    database_url: str = "postgresql+asyncpg://postgres@127.0.0.1:5544/loom_gencode"
    # The "master" data source: the business tables users design and synchronise. ``serve`` connects
    # as a role that owns loom_app only (executeSql and data sets refuse a more powerful one:
    # query/rights.py); ``setup`` with an administrator's URL here and app_owner_role set makes that
    # role (loom_platform.dbroles.ensure_business_owner).
    app_database_url: str = "postgresql://postgres@127.0.0.1:5544/loom_app"
    app_owner_role: str = ""
    app_owner_password: str = ""
    # Fernet key encrypting data-source passwords at rest.
    secret_key: str = DEFAULT_SECRET_KEY
    # data_service_token, the DataService credential: the base's (loom_platform.service_token)
    # Generated code is written only under this directory (default <state dir>/workspace).
    workspace_root: Path | None = None
    # A licence file; when unset there is no licence check.
    licence_file: Path | None = None
    # SQL a user writes (executeSql, data sets) stops after this long and answers at most this many
    # rows and about this many bytes of JSON.
    sql_timeout_ms: int = 5000
    sql_max_rows: int = 1000
    sql_max_bytes: int = 4 * 1024 * 1024

    @property
    def workspace(self) -> Path:
        """The resolved workspace root (created on demand)."""
        root = (self.workspace_root or self.state_dir / "workspace").expanduser().resolve()
        root.mkdir(parents=True, exist_ok=True)
        return root

    @model_validator(mode="after")
    def _no_default_key_in_production(self) -> GencodeSettings:
        if self.secret_key == DEFAULT_SECRET_KEY:
            self.refuse_default_secret("LOOM_GENCODE_SECRET_KEY", "")
        self.refuse_default_data_service_token()
        return self
