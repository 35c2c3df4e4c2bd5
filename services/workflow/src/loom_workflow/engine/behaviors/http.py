"""An HTTP task's request, rendered from the execution's variables when the task is reached, and its
answer, mapped into variables (or into a BPMN error, or a failure) when the job's worker reports it.

Flowable's http task: the body goes to ``responseVariableName`` (default ``<prefix>ResponseBody``,
the prefix defaulting to the activity id), parsed when ``saveResponseVariableAsJson``; with
``saveResponseParameters`` also ``<prefix>ResponseStatusCode``, ``…ResponseReason`` and
``…ResponseHeaders``; a status in ``handleStatusCodes`` throws the BPMN error ``HTTP<status>``, one in
``failStatusCodes`` fails the job (retried, then an incident). Camunda's ``http-connector`` sets only
its output parameters, each an expression over ``statusCode``, ``response`` (the body), ``json`` (the
body parsed) and ``headers``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..errors import IllegalArgument
from ..expr import compile_expression
from ..model import HttpSpec, HttpTask
from ..model.connectors import METHODS
from ..runtime.entities import Execution
from ..runtime.jobs import HttpAnswer

if TYPE_CHECKING:
    from ..context import CommandContext

DEFAULT_TIMEOUT_MS = 10_000
MAX_TIMEOUT_MS = 60_000


class HttpCallFailed(IllegalArgument):
    """The call failed (no answer, or a status in ``failStatusCodes``): the job is retried."""


def _text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False, default=str)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def render_request(ctx: CommandContext, execution: Execution, node: HttpTask) -> dict[str, Any]:
    """The request as the worker sends it: method, URL, headers, body and timeout, their templates
    evaluated over the variables the execution sees (a map or list variable becomes JSON)."""
    spec = node.http
    facade = ctx.agenda.execution_facade(execution)
    scope = ctx.agenda.scope(execution, extras={"execution": facade})

    def render(template: str | None) -> str:
        return "" if template is None else _text(compile_expression(template).evaluate(scope))

    method = render(spec.method).strip().upper() or "GET"
    if method not in METHODS:
        raise IllegalArgument(f"HTTP task '{node.id}': requestMethod is invalid: {method}")
    url = render(spec.url).strip()
    if not url:
        raise IllegalArgument(f"HTTP task '{node.id}': requestUrl is required")
    headers = [(name, render(value)) for name, value in spec.headers]
    for line in render(spec.headers_text).splitlines():
        if line.strip():
            name, sep, value = line.partition(":")
            if not sep or not name.strip():
                raise IllegalArgument(f"HTTP task '{node.id}': requestHeaders are invalid: {line}")
            headers.append((name.strip(), value.strip()))
    timeout_text = render(spec.timeout).strip()
    if timeout_text and not timeout_text.isdigit():
        raise IllegalArgument(f"HTTP task '{node.id}': requestTimeout must be milliseconds: {timeout_text}")
    timeout = min(int(timeout_text), MAX_TIMEOUT_MS) if timeout_text else DEFAULT_TIMEOUT_MS
    body = render(spec.body) if spec.body is not None else None
    return {"method": method, "url": url, "headers": headers, "body": body, "timeoutMs": timeout}


def matches_codes(status: int, codes: str | None) -> bool:
    """Whether ``status`` is in a list such as ``400, 404, 5XX``."""
    if not codes:
        return False
    wanted = {c.strip().upper() for c in codes.split(",") if c.strip()}
    text = str(status)
    return text in wanted or f"{text[0]}XX" in wanted


def answer_variables(node: HttpTask, answer: HttpAnswer, scope: Mapping[str, object]) -> dict[str, object]:
    """The variables an answer sets (see the module's text)."""
    spec: HttpSpec = node.http
    parsed = _json_body(answer.body)
    if spec.connector:
        values = {
            **scope,
            "statusCode": answer.status,
            "response": answer.body,
            "json": parsed,
            "headers": dict(answer.headers),
        }
        return {name: compile_expression(expr).evaluate(values) for name, expr in spec.outputs}
    prefix = spec.result_prefix or node.id
    out: dict[str, object] = {}
    body: object = answer.body
    if spec.save_response_as_json:
        body = parsed
    out[spec.response_variable or f"{prefix}ResponseBody"] = body
    if spec.save_response_parameters:
        out[f"{prefix}ResponseStatusCode"] = answer.status
        out[f"{prefix}ResponseReason"] = answer.reason
        out[f"{prefix}ResponseHeaders"] = "\n".join(f"{k}: {v}" for k, v in answer.headers)
    return out


def _json_body(body: str | None) -> object:
    if not body:
        return None
    try:
        return json.loads(body)
    except ValueError:
        return None
