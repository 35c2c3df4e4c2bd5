"""Settings of the forms service (env prefix ``LOOM_FORMS_``)."""

from __future__ import annotations

from pydantic import AliasChoices, Field, model_validator
from pydantic_settings import SettingsConfigDict

from loom_platform.service_token import DataServiceTokenSettings
from loom_platform.xlsx import ReadLimits


class FormsSettings(DataServiceTokenSettings):  # type: ignore[misc]
    """Where forms keeps its definitions and process form data, and where it finds gencode."""

    # the rest of the configuration (empty values ignored, ...) is the platform base's
    model_config = SettingsConfigDict(env_prefix="LOOM_FORMS_")

    service_name: str = "forms"
    http_port: int = 8104
    grpc_port: int = 9104
    database_url: str = "postgresql+asyncpg://postgres@127.0.0.1:5544/loom_forms"
    # gencode's DataService: tables, columns and rows of the data sources.
    gencode_grpc_address: str = Field(
        "127.0.0.1:9102", validation_alias=AliasChoices("LOOM_GENCODE_GRPC_ADDRESS", "gencode_grpc_address")
    )
    # data_service_token, the DataService credential: the base's (loom_platform.service_token)
    # Seconds a bound form stays cached for the online routes (changes also evict it at once).
    online_cache_seconds: float = 30.0
    # Rows sent to gencode per call while importing.
    import_batch_rows: int = 2000
    # An import's limits: the rows, the file's bytes, cells and the seconds its parsing may take.
    import_max_rows: int = 100_000
    import_max_bytes: int = 20 * 1024 * 1024
    import_max_cells: int = 2_000_000
    import_max_seconds: float = 120.0

    @property
    def import_limits(self) -> ReadLimits:
        """The limits of an import, as the workbook reader takes them."""
        return ReadLimits(
            max_bytes=self.import_max_bytes,
            max_rows=self.import_max_rows,
            max_cells=self.import_max_cells,
            max_seconds=self.import_max_seconds,
        )

    @model_validator(mode="after")
    def _no_default_token_in_production(self) -> FormsSettings:
        self.refuse_default_data_service_token()
        return self
