"""What the online-form data routes take in a body: the fields of a form or a JSON object, as sent.

The record's values are the form's own fields, so a save takes them either in ``data`` (a JSON
object, or its text) or as the body's other fields; the service validates them against the form
and answers each fault in the user's language."""

from __future__ import annotations

from typing import Any

import orjson
from pydantic import ConfigDict, Field

from loom_platform.fields import json_object
from loom_platform.wire import Answer, WireModel


class FormBody(WireModel):
    """A body that names the online form it acts on."""

    form_id: Any = Field(default=None, description="the form")

    def form(self) -> str:
        """The form's id as text (empty when the body names none)."""
        return str(self.form_id or "")


class RecordSave(FormBody):
    """A record to add (no id) or edit: its values in ``data``, or as the body's other fields."""

    model_config = ConfigDict(extra="allow")

    data: Any = Field(default=None, description="the values (a JSON object); or the values as fields")

    def values(self) -> dict[str, Any]:
        """The record's values: ``data`` when given (a 400 naming it when it is no JSON object),
        else the fields sent beside ``formId``."""
        if "data" in self.model_fields_set:
            return json_object(self.data, "data")
        return dict(self.model_extra or {})


class ExportRequest(FormBody):
    """The client's export button: the form, its search values and the list's sort."""

    params: Any = Field(
        default=None, description="the search values of the isSearch fields (a JSON object, or its text)"
    )
    order_by: Any = Field(
        default=None, description="the list's sort (read, not followed: the export is newest first)"
    )

    def params_text(self) -> str | None:
        """The search values as the list reads them: JSON text, or none."""
        params = self.params
        text = params if isinstance(params, str) or params is None else orjson.dumps(params).decode()
        return text or None


class OnlineRecord(WireModel):
    """A record of an online form: its key as ``id``, then each field's value under the field's
    model, as the form's designer made them (sub-tables as lists of such records), and the row's
    stamps (``createBy``, ``createDate``, ``updateBy``, ``updateDate``) when its table has them."""

    model_config = ConfigDict(extra="allow")

    id: Any


class Imported(Answer):
    """An import's outcome as el-upload reads it: ``success``, the message and how many rows."""

    success: bool
    msg: str
    count: int
