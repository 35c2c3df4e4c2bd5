"""sys settings (env prefix ``LOOM_SYS_``)."""

from __future__ import annotations

from pathlib import Path

from pydantic import AliasChoices, Field
from pydantic_settings import SettingsConfigDict

from loom_platform.settings import ServiceSettings
from loom_platform.xlsx import ReadLimits


class SysSettings(ServiceSettings):
    # the rest of the configuration (empty values ignored, ...) is the platform base's
    model_config = SettingsConfigDict(env_prefix="LOOM_SYS_")

    service_name: str = "sys"
    database_url: str = "postgresql+asyncpg://postgres@127.0.0.1:5544/loom_sys"
    http_port: int = 8101
    grpc_port: int = 9101

    jwt_private_key_file: Path | None = Field(
        None, validation_alias=AliasChoices("LOOM_JWT_PRIVATE_KEY_FILE")
    )
    access_token_seconds: int = 15 * 60
    refresh_token_seconds: int = 7 * 24 * 3600
    login_max_failures: int = 5
    login_lock_minutes: int = 15
    admin_password: str | None = Field(None, validation_alias=AliasChoices("LOOM_ADMIN_PASSWORD"))
    upload_max_bytes: int = 20 * 1024 * 1024
    # A user import's limits: the file's bytes, rows, cells and the seconds its parsing may take.
    import_max_bytes: int = 10 * 1024 * 1024
    import_max_rows: int = 10_000
    import_max_cells: int = 500_000
    import_max_seconds: float = 60.0
    upload_extensions: str = "jpg,jpeg,png,gif,bmp,webp,svg,ico,pdf,doc,docx,xls,xlsx,ppt,pptx,txt,csv,md,zip,rar,7z,mp3,mp4,json,xml"

    @property
    def import_limits(self) -> ReadLimits:
        """The limits of a user import, as the workbook reader takes them."""
        return ReadLimits(
            max_bytes=self.import_max_bytes,
            max_rows=self.import_max_rows,
            max_cells=self.import_max_cells,
            max_seconds=self.import_max_seconds,
        )

    @property
    def private_key_path(self) -> Path:
        return self.jwt_private_key_file or self.state_dir / "keys" / "jwt-private.pem"

    @property
    def files_dir(self) -> Path:
        return self.state_dir / "files"

    @property
    def allowed_extensions(self) -> frozenset[str]:
        return frozenset(e.strip().lower() for e in self.upload_extensions.split(",") if e.strip())
