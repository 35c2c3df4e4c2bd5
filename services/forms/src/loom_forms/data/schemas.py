"""What the process-data routes answer."""

from __future__ import annotations

from typing import Any

from loom_platform.wire import Answer


class ProcessData(Answer):
    """The form data a process stored for a business key: the form version it was filled in
    (``jsonId``) and the values by the fields' models."""

    id: str
    json_id: str
    business_key: str
    data: dict[str, Any]
