"""Settings of the forms service (env prefix ``LOOM_FORMS_``)."""

from __future__ import annotations

from pydantic import AliasChoices, Field, model_validator
from pydantic_settings import SettingsConfigDict

from loom_platform.settings import ServiceSettings

# gencode's laptop default of the DataService credential (public), refused in production.
DEFAULT_DATA_SERVICE_TOKEN = "loom-development-data-service-token"


class FormsSettings(ServiceSettings):  # type: ignore[misc]
    """Where forms keeps its definitions and process form data, and where it finds gencode."""

    # the rest of the configuration (.env, empty values ignored, ...) is the platform base's
    model_config = SettingsConfigDict(env_prefix="LOOM_FORMS_")

    service_name: str = "forms"
    http_port: int = 8104
    grpc_port: int = 9104
    database_url: str = "postgresql+asyncpg://postgres@127.0.0.1:5544/loom_forms"
    # gencode's DataService: tables, columns and rows of the data sources.
    gencode_grpc_address: str = Field(
        "127.0.0.1:9102", validation_alias=AliasChoices("LOOM_GENCODE_GRPC_ADDRESS", "gencode_grpc_address")
    )
    # The credential sent to gencode's DataService, which refuses calls without it (LOOM_DATA_SERVICE_TOKEN,
    # the same setting gencode reads).
    data_service_token: str = Field(
        DEFAULT_DATA_SERVICE_TOKEN,
        validation_alias=AliasChoices("LOOM_DATA_SERVICE_TOKEN", "data_service_token"),
    )
    # Seconds a bound form stays cached for the online routes (changes also evict it at once).
    online_cache_seconds: float = 30.0
    # Rows sent to gencode per call while importing.
    import_batch_rows: int = 2000
    # Largest XLSX file accepted for import.
    import_max_rows: int = 100_000

    @model_validator(mode="after")
    def _no_default_token_in_production(self) -> FormsSettings:
        if self.data_service_token == DEFAULT_DATA_SERVICE_TOKEN:
            self.refuse_default_secret("LOOM_DATA_SERVICE_TOKEN", "")
        return self
