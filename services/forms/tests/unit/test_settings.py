"""forms' settings: the DataService credential is shared with gencode and never the public default in production."""

import pytest
from pydantic import ValidationError

from loom_forms.settings import FormsSettings


def test_production_refuses_the_public_data_service_token(monkeypatch):
    monkeypatch.delenv("LOOM_DATA_SERVICE_TOKEN", raising=False)
    with pytest.raises(ValidationError, match="LOOM_DATA_SERVICE_TOKEN"):
        FormsSettings(mode="production")
    monkeypatch.setenv("LOOM_DATA_SERVICE_TOKEN", "a-long-random-token")
    assert FormsSettings(mode="production").data_service_token == "a-long-random-token"
