from __future__ import annotations

from loom_platform.wire import WireModel


class ModelCreate(WireModel):
    """``POST /app/rest/models``: a new, empty model."""

    model_type: int = 0
    key: str
    name: str
    description: str | None = None
    category: str | None = None
