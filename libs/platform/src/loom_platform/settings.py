"""Settings base shared by every service.

Platform-wide values (state dir, NATS, JWT keys, mode) read ``LOOM_*``; each service subclass
sets its own prefix (``LOOM_SYS_``) for what is its own, such as its database and ports.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_SECRETS = frozenset({"", "changethis", "admin", "123456", "password"})


def _global(name: str) -> AliasChoices:
    return AliasChoices(f"LOOM_{name}", name.lower())


def repo_root() -> Path:
    """The checkout's root (where the workspace ``pyproject.toml`` lives)."""
    here = Path(__file__).resolve()
    for parent in here.parents:
        if (parent / "libs" / "platform").is_dir() and (parent / "pyproject.toml").is_file():
            return parent
    return Path.cwd()


class ServiceSettings(BaseSettings):
    """What every service needs: identity, addresses, infrastructure, security keys."""

    # The process environment only: a checkout's .env is docker compose's (make compose-secrets),
    # never read by `make dev` or the tests.
    model_config = SettingsConfigDict(env_ignore_empty=True, extra="ignore", populate_by_name=True)

    service_name: str = "service"
    mode: Literal["development", "production", "test"] = Field(
        "development", validation_alias=_global("MODE")
    )
    state_dir: Path = Field(
        default_factory=lambda: repo_root() / ".loom", validation_alias=_global("STATE_DIR")
    )
    nats_url: str = Field("nats://127.0.0.1:4244", validation_alias=_global("NATS_URL"))
    log_level: str = Field("INFO", validation_alias=_global("LOG_LEVEL"))
    log_json: bool = Field(True, validation_alias=_global("LOG_JSON"))
    jwt_public_key_file: Path | None = Field(None, validation_alias=_global("JWT_PUBLIC_KEY_FILE"))
    sys_grpc_address: str = Field("127.0.0.1:9101", validation_alias=_global("SYS_GRPC_ADDRESS"))
    grpc_deadline_seconds: float = Field(5.0, validation_alias=_global("GRPC_DEADLINE_SECONDS"))
    permission_cache_seconds: float = Field(60.0, validation_alias=_global("PERMISSION_CACHE_SECONDS"))
    # JSON and form bodies (files are limited on their own): no record needs more.
    max_text_body_bytes: int = Field(2 * 1024 * 1024, validation_alias=_global("MAX_TEXT_BODY_BYTES"))

    database_url: str = "postgresql+asyncpg://postgres@127.0.0.1:5544/loom"
    database_pool_size: int = 10
    http_host: str = "127.0.0.1"
    http_port: int = 8100
    grpc_host: str = "127.0.0.1"
    grpc_port: int = 9100
    outbox_poll_seconds: float = 0.5
    # Where the operation log's entries go (oplog.py); tests sharing one NATS give each run its own.
    oplog_stream: str = "LOOM_LOG"
    oplog_subject: str = "loom.log"

    @property
    def stream_name(self) -> str:
        """The JetStream stream holding this service's events (``LOOM_SYS``)."""
        return f"LOOM_{self.service_name.upper()}"

    @property
    def public_key_path(self) -> Path:
        return self.jwt_public_key_file or self.state_dir / "keys" / "jwt-public.pem"

    @model_validator(mode="after")
    def _absolute_state_dir(self) -> ServiceSettings:
        self.state_dir = self.state_dir.expanduser().resolve()
        return self

    def refuse_default_secret(self, name: str, value: str | None) -> None:
        """Production mode refuses to start with a default or empty secret."""
        if self.mode == "production" and (value is None or value in DEFAULT_SECRETS):
            raise ValueError(f"{name} must be set to a non-default value in production mode")
