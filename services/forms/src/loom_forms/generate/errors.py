"""Errors of online form data: searches, sorts, records, imports (texts in ``loom_forms/messages.toml``)."""

from __future__ import annotations

from typing import Any

from loom_platform.errors import InvalidArgument, NotFound


class RecordNotFound(NotFound):
    message_key = "not_found"


class ParamsInvalid(InvalidArgument):
    """The list's ``params`` (its search values) are not a JSON object of searchable fields."""

    message_key = "forms.generate.params_invalid"


class SortInvalid(InvalidArgument):
    message_key = "forms.generate.sort_invalid"


class ImportFileInvalid(InvalidArgument):
    message_key = "forms.generate.import_file"


class ImportTooMany(InvalidArgument):
    message_key = "forms.generate.import_too_many"


class ImportInvalid(InvalidArgument):  # type: ignore[misc]
    """An import file with bad rows: nothing is imported; ``details.rows`` says which and why."""

    message_key = "forms.generate.import_failed"

    def __init__(self, rows: list[dict[str, Any]], count: int) -> None:
        super().__init__(count=count)
        self.rows = rows

    @property
    def details(self) -> dict[str, Any]:
        return {"count": self.params["count"], "rows": self.rows}


class ImportOutOfScope(ImportInvalid):
    """Rows the importer could not see once stored (outside their data permissions): nothing is imported."""

    message_key = "forms.generate.import_out_of_scope"
