"""The fields of a request as JeePlus clients send them: query values, then a body on top.

One parser for every route that takes ``application/x-www-form-urlencoded`` (or multipart) and
JSON alike (``synchDb``, ``createMenu``, the task operations, form data).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

import orjson
from fastapi import Depends, Request

from loom_platform.errors import InvalidArgument


def as_text(value: Any) -> str:
    """A JSON value as a form field's text: null is empty, booleans are ``true``/``false``."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    if isinstance(value, (dict, list)):
        return orjson.dumps(value).decode()
    return str(value)


async def request_fields(request: Request, *, text: bool = True) -> dict[str, Any]:
    """Query values merged with a form or JSON-object body (the body wins).

    Form values are text (uploaded files are left out). A JSON body must be an object (else
    400 ``validation_failed``); with ``text`` its values become text as a form's would
    (:func:`as_text`), otherwise they stay as parsed. An empty body adds nothing.
    """
    fields: dict[str, Any] = dict(request.query_params)
    kind = request.headers.get("content-type", "")
    if "application/json" in kind:
        raw = await request.body()
        if not raw.strip():
            return fields
        try:
            body = orjson.loads(raw)
        except orjson.JSONDecodeError as exc:
            raise InvalidArgument("validation_failed", field="body", detail="JSON") from exc
        if not isinstance(body, Mapping):
            raise InvalidArgument("validation_failed", field="body", detail="object expected")
        fields.update({str(k): as_text(v) if text else v for k, v in body.items()})
    elif kind.startswith(("application/x-www-form-urlencoded", "multipart/form-data")):
        form = await request.form()
        fields.update({k: v for k, v in form.items() if isinstance(v, str)})
    return fields


async def _text_fields(request: Request) -> dict[str, Any]:
    return await request_fields(request)


RequestFields = Annotated[dict[str, Any], Depends(_text_fields)]
"""A route's fields as text (:func:`request_fields`), for routes that take a form or a JSON object."""


async def _query_fields(request: Request) -> dict[str, str]:
    return dict(request.query_params)


QueryFields = Annotated[dict[str, str], Depends(_query_fields)]
"""A route's query string as it came, for the values its ``openapi_extra`` declares
(``loom_platform.openapi.query``) and a body never overrides."""


def json_object(value: Any, field: str) -> dict[str, Any]:
    """A field holding a JSON object, as text or already parsed; empty is ``{}``. Anything else is
    400 ``validation_failed`` naming ``field``."""
    if isinstance(value, Mapping):
        return dict(value)
    if value is None or value == "" or value == b"":
        return {}
    try:
        parsed = orjson.loads(value if isinstance(value, (str, bytes)) else str(value))
    except orjson.JSONDecodeError as exc:
        raise InvalidArgument("validation_failed", field=field, detail="JSON") from exc
    if not isinstance(parsed, Mapping):
        raise InvalidArgument("validation_failed", field=field, detail="JSON object")
    return dict(parsed)


def id_list(value: str | None) -> list[str]:
    """Ids in a field as clients send them: comma-joined, a JSON string of them, or a JSON list
    (what a JSON body's list becomes as text); blanks dropped."""
    text = (value or "").strip()
    if text.startswith(("[", '"')):
        try:
            parsed = orjson.loads(text)
        except orjson.JSONDecodeError as exc:
            raise InvalidArgument("validation_failed", field="ids", detail="JSON") from exc
        text = ",".join(str(p) for p in parsed) if isinstance(parsed, list) else str(parsed)
    return [part.strip() for part in text.split(",") if part.strip()]
