"""Each service's OpenAPI document, as the client and the fuzzer should read it.

FastAPI describes what it can see in a route's signature. This fills in what Loom's conventions
say and the signature does not: a list that takes the paging parameters answers a
:class:`PageBody`; a route annotated ``-> Message`` answers the success message (a JSON string);
a route that reads JeePlus fields (:func:`loom_platform.fields.request_fields`) declares them
with :func:`fields_body`. FastAPI's automatic 422 is dropped: a bad request is a 400 with the
platform's :class:`~loom_platform.http.ErrorBody`, already listed on every route.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from typing import Any

from fastapi import FastAPI, routing
from fastapi.dependencies.models import Dependant
from fastapi.dependencies.utils import get_typed_return_annotation
from fastapi.openapi.utils import get_openapi
from fastapi.routing import APIRoute
from fastapi.utils import is_body_allowed_for_status_code as status_allows_body
from pydantic import BaseModel

from loom_platform.http import Message
from loom_platform.paging import page_params

REF = "#/components/schemas/"
# FastAPI's own validation answer (422); Loom answers such input with 400 and ErrorBody.
VALIDATION_SCHEMAS = ("HTTPValidationError", "ValidationError")


class PageBody(BaseModel):
    """A page of a list (MyBatis-Plus shape): the rows, their total, the page number and size."""

    records: list[dict[str, Any]]
    total: int
    current: int
    size: int
    pages: int


# A node of a tree answer (offices, areas, menus): its own fields, then its children.
TREE_NODE: dict[str, Any] = {
    "type": "object",
    "properties": {
        "id": {"type": "string"},
        "parentId": {"type": ["string", "null"]},
        "name": {"type": ["string", "null"]},
        "children": {"type": "array", "items": {"$ref": f"{REF}TreeNode"}},
    },
    "required": ["id"],
    "additionalProperties": True,
}

MESSAGE_SCHEMA: dict[str, Any] = {"type": "string", "description": "the success message, shown as it is"}


def answers(schema: dict[str, Any]) -> dict[str, Any]:
    """``openapi_extra`` of a route whose answer its signature cannot say (``-> Any``)."""
    return {"responses": {"200": {"content": {"application/json": {"schema": schema}}}}}


# The shapes most routes of the seeds answer.
RECORD = answers({"type": "object", "properties": {"id": {"type": "string"}}, "additionalProperties": True})
RECORDS = answers(
    {"type": "array", "items": RECORD["responses"]["200"]["content"]["application/json"]["schema"]}
)
TREE = answers({"type": "array", "items": {"$ref": f"{REF}TreeNode"}})
TEXT = answers({"type": "string"})
OBJECT = answers({"type": "object", "additionalProperties": True})


def download(media_type: str, description: str = "the file's bytes") -> dict[int | str, dict[str, Any]]:
    """``responses`` of a route that answers a file (or text) of this media type, not JSON."""
    schema = {"type": "string"} if media_type.startswith("text/") else {"type": "string", "format": "binary"}
    return {200: {"description": description, "content": {media_type: {"schema": schema}}}}


FILE = download("application/octet-stream")


def fields_body(**fields: str) -> dict[str, Any]:
    """``openapi_extra`` of a route that reads its fields with ``request_fields``: the same
    fields as a JSON object or a form (``name="description"``; every field is optional text)."""
    schema = {
        "type": "object",
        "properties": {name: {"type": "string", "description": text} for name, text in fields.items()},
    }
    content = {kind: {"schema": schema} for kind in ("application/json", "application/x-www-form-urlencoded")}
    return {"requestBody": {"required": False, "content": content}}


def schema_body(model: type[BaseModel], **more: str) -> dict[str, Any]:
    """:func:`fields_body` of a schema that a route validates from ``request_fields``: its fields by
    their wire names, described as the schema describes them (``more``: fields it takes as extras)."""
    described = {(info.alias or name): info.description or "" for name, info in model.model_fields.items()}
    return fields_body(**described, **more)


def query(**params: str) -> dict[str, Any]:
    """``openapi_extra`` of a route that reads these optional query parameters from
    ``request.query_params`` itself (``name="description"``; every one is text)."""
    return {
        "parameters": [
            {
                "name": name,
                "in": "query",
                "required": False,
                "description": text,
                "schema": {"type": "string"},
            }
            for name, text in params.items()
        ]
    }


def _inline(schema: Any, defs: dict[str, Any]) -> Any:
    if isinstance(schema, dict):
        ref = schema.get("$ref", "")
        if ref.startswith("#/$defs/"):
            return _inline(defs[ref.removeprefix("#/$defs/")], defs)
        return {k: _inline(v, defs) for k, v in schema.items() if k != "$defs"}
    if isinstance(schema, list):
        return [_inline(item, defs) for item in schema]
    return schema


def object_body(model: type[BaseModel]) -> dict[str, Any]:
    """``openapi_extra`` of a route that reads a JSON object of ``model`` from its body itself."""
    schema = model.model_json_schema(by_alias=True)
    content = {"application/json": {"schema": _inline(schema, schema.get("$defs", {}))}}
    return {"requestBody": {"required": True, "content": content}}


def list_body(model: type[BaseModel]) -> dict[str, Any]:
    """``openapi_extra`` of a route that reads a JSON list of ``model`` from its body itself."""
    schema = model.model_json_schema(by_alias=True)
    items = _inline(schema, schema.get("$defs", {}))
    content = {"application/json": {"schema": {"type": "array", "items": items}}}
    return {"requestBody": {"required": True, "content": content}}


def _depends_on(dependant: Dependant, call: Any) -> bool:
    return any(d.call is call or _depends_on(d, call) for d in dependant.dependencies)


def _operations(app: FastAPI) -> Iterator[tuple[str, str, APIRoute]]:
    """``(path, method, route)`` of every documented operation, through included routers."""
    for context in routing.iter_route_contexts(app.routes):
        route = context.original_route
        if isinstance(route, APIRoute) and route.include_in_schema and context.path_format:
            for method in context.methods or ():
                yield context.path_format, method.lower(), route


def _answer(route: APIRoute) -> dict[str, Any] | None:
    """The 200 schema Loom's conventions give a route whose signature FastAPI cannot read."""
    if _depends_on(route.dependant, page_params):
        return {"$ref": f"{REF}PageBody"}
    returns = get_typed_return_annotation(route.endpoint)
    if isinstance(returns, type) and issubclass(returns, Message):
        return MESSAGE_SCHEMA
    return None


def _answers_nothing(route: APIRoute) -> bool:
    """A route whose success is a status without a body (Camunda's 204 No Content): its answer is
    that status, so the document lists no 200 for it."""
    return route.status_code is not None and not status_allows_body(route.status_code)


def _answers_a_file(ok: dict[str, Any]) -> bool:
    """A 200 declared as a file or a text (``responses=download(...)``): FastAPI lists an empty JSON
    answer beside it, which it never is; that one goes."""
    content = ok.get("content", {})
    if not any(kind != "application/json" for kind in content):
        return False
    if _says_nothing(content.get("application/json", {}).get("schema")):
        content.pop("application/json", None)
    return True


def _says_nothing(schema: dict[str, Any] | None) -> bool:
    """A schema FastAPI writes for ``-> Any`` (a title at most): any JSON at all."""
    return not schema or set(schema) <= {"title", "description"}


def _complete(app: FastAPI, document: dict[str, Any]) -> dict[str, Any]:
    for path, method, route in _operations(app):
        operation = document["paths"].get(path, {}).get(method)
        if operation is None:
            continue
        responses = operation["responses"]
        responses.pop("422", None)
        if _answers_nothing(route):
            responses.pop("200", None)
            continue
        ok = responses.setdefault("200", {"description": "Successful Response"})
        if _answers_a_file(ok):
            continue
        content = ok.setdefault("content", {}).setdefault("application/json", {})
        answer = _answer(route)
        if answer is not None and _says_nothing(content.get("schema")):
            content["schema"] = answer
    schemas = document.setdefault("components", {}).setdefault("schemas", {})
    schemas["PageBody"] = PageBody.model_json_schema(ref_template=REF + "{model}")
    schemas["TreeNode"] = TREE_NODE
    for name in VALIDATION_SCHEMAS:
        schemas.pop(name, None)
    return document


# A route reads its body itself (and must declare it with fields_body or list_body) when it calls these.
_READS_BODY = re.compile(r"\b(request_fields|json_list)\(|\brequest\.(json|form|body)\(")


def _reads_body(route: APIRoute) -> bool:
    try:
        source = inspect.getsource(route.endpoint)
    except (OSError, TypeError):
        return False
    return bool(_READS_BODY.search(source))


def _has_shape(operation: dict[str, Any]) -> bool:
    content = operation["responses"].get("200", {}).get("content", {})
    return any(not _says_nothing(kind.get("schema")) for kind in content.values())


def gaps(app: FastAPI) -> list[str]:
    """What the document leaves out: ``"<METHOD> <path>: no response shape"`` for an operation whose
    200 says nothing (a route declaring a body-less status, 204, says all there is), ``"...: no request body"`` for a POST/PUT that reads a JSON or form body
    without declaring it. The fuzzer reaches what is declared only."""
    document = app.openapi()
    found: list[str] = []
    for path, method, route in _operations(app):
        operation = document["paths"].get(path, {}).get(method)
        if operation is None:
            continue
        if not _answers_nothing(route) and not _has_shape(operation):
            found.append(f"{method.upper()} {path}: no response shape")
        if method in ("post", "put") and "requestBody" not in operation and _reads_body(route):
            found.append(f"{method.upper()} {path}: no request body")
    return found


# Answers that say "some record" and not which: a page of untyped rows, the hand-drawn tree node.
_LOOSE = (f"{REF}PageBody", f"{REF}TreeNode")


SCALARS = ("boolean", "integer", "number", "string")


def _names_a_model(schema: dict[str, Any]) -> bool:
    """The schema is a Pydantic model's, a scalar's the signature declares (``-> bool``), or a list,
    a map or an optional of such: a ``$ref`` to a component that is not a loose one."""
    ref = schema.get("$ref")
    if ref:
        return ref not in _LOOSE
    if "anyOf" in schema:
        return all(_names_a_model(each) for each in schema["anyOf"])
    if schema.get("type") == "array":
        return _names_a_model(schema.get("items", {}))
    if schema.get("type") == "object":
        values = schema.get("additionalProperties")
        return isinstance(values, dict) and not schema.get("properties") and _names_a_model(values)
    return schema.get("type") in (*SCALARS, "null")


def untyped(app: FastAPI) -> list[str]:
    """``"<METHOD> <path>"`` of every operation whose answer is no Pydantic model: a page of untyped
    rows, an ``openapi_extra`` patch (``RECORD``, ``OBJECT``, ``TREE``…), ``-> Any`` or a dict. A
    model, a list or a map of models, a scalar the signature declares (``-> bool``),
    ``-> Message``, a 204 and a file (not JSON) are typed answers."""
    document = app.openapi()
    found: list[str] = []
    for path, method, route in _operations(app):
        operation = document["paths"].get(path, {}).get(method)
        if operation is None or _answers_nothing(route):
            continue
        content = operation["responses"].get("200", {}).get("content", {})
        schema = content.get("application/json", {}).get("schema")
        patched = "responses" in (route.openapi_extra or {})
        if content and schema is None:
            continue  # a file or a text download, not JSON
        if patched or not schema or (schema != MESSAGE_SCHEMA and not _names_a_model(schema)):
            found.append(f"{method.upper()} {path}")
    return found


def install_openapi(app: FastAPI) -> None:
    """Serves the completed document (built once, on the first request for it)."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            document = get_openapi(
                title=app.title,
                version=app.version,
                openapi_version=app.openapi_version,
                description=app.description,
                routes=app.routes,
            )
            app.openapi_schema = _complete(app, document)
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
