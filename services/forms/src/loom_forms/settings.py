"""Settings of the forms service (env prefix ``LOOM_FORMS_``)."""

from __future__ import annotations

from pydantic import AliasChoices, Field
from pydantic_settings import SettingsConfigDict

from loom_platform.settings import ServiceSettings


class FormsSettings(ServiceSettings):  # type: ignore[misc]
    """Where forms keeps its definitions and process form data, and where it finds gencode."""

    model_config = SettingsConfigDict(
        env_prefix="LOOM_FORMS_",
        env_file=".env",
        env_ignore_empty=True,
        extra="ignore",
        populate_by_name=True,
    )

    service_name: str = "forms"
    http_port: int = 8104
    grpc_port: int = 9104
    database_url: str = "postgresql+asyncpg://postgres@127.0.0.1:5544/loom_forms"
    # gencode's DataService: tables, columns and rows of the data sources.
    gencode_grpc_address: str = Field(
        "127.0.0.1:9102", validation_alias=AliasChoices("LOOM_GENCODE_GRPC_ADDRESS", "gencode_grpc_address")
    )
    # Rows sent to gencode per call while importing.
    import_batch_rows: int = 2000
    # Largest XLSX file accepted for import.
    import_max_rows: int = 100_000
