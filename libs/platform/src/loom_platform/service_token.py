"""The credential of gencode's DataService: gencode refuses a call without it, forms sends it.

One setting for both sides, ``LOOM_DATA_SERVICE_TOKEN``, so it is declared once here and each side's
settings class derives from :class:`DataServiceTokenSettings`.
"""

from __future__ import annotations

from pydantic import AliasChoices, Field

from loom_platform.settings import ServiceSettings

# The laptop default (public: it is in the source), refused in production.
DEFAULT_DATA_SERVICE_TOKEN = "loom-development-data-service-token"


class DataServiceTokenSettings(ServiceSettings):
    """A service's settings with the DataService credential (``LOOM_DATA_SERVICE_TOKEN``)."""

    data_service_token: str = Field(
        DEFAULT_DATA_SERVICE_TOKEN,
        validation_alias=AliasChoices("LOOM_DATA_SERVICE_TOKEN", "data_service_token"),
    )

    def refuse_default_data_service_token(self) -> None:
        """Production mode refuses to start with the public default credential (call it from the
        service's ``model_validator``, in the order its other secrets are checked)."""
        if self.data_service_token == DEFAULT_DATA_SERVICE_TOKEN:
            self.refuse_default_secret("LOOM_DATA_SERVICE_TOKEN", "")
