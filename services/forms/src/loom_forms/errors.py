"""Errors of the forms service that carry more than a message: field-level validation."""

from __future__ import annotations

from typing import Any

from loom_platform.errors import InvalidArgument


class FormInvalid(InvalidArgument):  # type: ignore[misc]
    """Submitted values break the form's rules; ``details`` maps each field to its message."""

    message_key = "forms.valid_error"

    def __init__(self, fields: dict[str, str]) -> None:
        super().__init__()
        self.fields = fields

    @property
    def details(self) -> dict[str, Any]:
        return dict(self.fields)


class ImportInvalid(InvalidArgument):  # type: ignore[misc]
    """An import file with bad rows: nothing is imported; ``details.rows`` says which and why."""

    message_key = "forms.generate.import_failed"

    def __init__(self, rows: list[dict[str, Any]], count: int) -> None:
        super().__init__(count=count)
        self.rows = rows

    @property
    def details(self) -> dict[str, Any]:
        return {"count": self.params["count"], "rows": self.rows}
