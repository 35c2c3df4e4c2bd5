"""The HTTP call of a service task, read from Flowable's ``flowable:type="http"`` fields or from
Camunda's ``http-connector`` (``<flowable:connector>`` with input and output parameters)."""

from __future__ import annotations

from ..errors import BpmnParseError
from .elements import FieldInjection, HttpSpec
from .xml import Element, is_extension, local, text_of

METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")
HTTP_CONNECTOR = "http-connector"


def _flag(value: str | None) -> bool:
    return (value or "").strip().lower() == "true"


def http_of_fields(node_id: str, fields: tuple[FieldInjection, ...]) -> HttpSpec:
    """Flowable's http task: ``requestMethod``, ``requestUrl``, ``requestHeaders`` (lines of
    ``Name: value``), ``requestBody``, ``requestTimeout`` (ms), ``responseVariableName``,
    ``saveResponseParameters``, ``saveResponseVariableAsJson``, ``resultVariablePrefix``,
    ``failStatusCodes``, ``handleStatusCodes``, ``ignoreException``."""
    values = {f.name: f.string_value if f.string_value is not None else f.expression for f in fields}
    url = (values.get("requestUrl") or "").strip()
    if not url:
        raise BpmnParseError(f"HTTP task '{node_id}': requestUrl Must provide a value")
    return HttpSpec(
        method=(values.get("requestMethod") or "GET").strip(),
        url=url,
        headers_text=values.get("requestHeaders"),
        body=values.get("requestBody"),
        timeout=values.get("requestTimeout"),
        response_variable=(values.get("responseVariableName") or "").strip() or None,
        save_response_parameters=_flag(values.get("saveResponseParameters")),
        save_response_as_json=_flag(values.get("saveResponseVariableAsJson")),
        result_prefix=(values.get("resultVariablePrefix") or "").strip() or None,
        fail_status_codes=values.get("failStatusCodes"),
        handle_status_codes=values.get("handleStatusCodes"),
        ignore_exception=_flag(values.get("ignoreException")),
    )


def http_of_connector(node_id: str, connector: Element) -> HttpSpec:
    """Camunda's connector: ``connectorId`` must be ``http-connector``; inputs ``url``, ``method``,
    ``headers`` (a map), ``payload``, and Loom's ``timeout`` (ms), ``handleStatusCodes``,
    ``failStatusCodes``; each output parameter is a variable set from an expression over the answer
    (``statusCode``, ``response``: the body text, ``json``: the body parsed, ``headers``)."""
    connector_id = next((text_of(c) or "" for c in connector if is_extension(c, "connectorId")), "").strip()
    if not connector_id:
        raise BpmnParseError(f"Service task '{node_id}': Must configure Connector")
    if connector_id != HTTP_CONNECTOR:
        raise BpmnParseError(
            f"Service task '{node_id}': connector '{connector_id}' is not supported ({HTTP_CONNECTOR} is)"
        )
    inputs: dict[str, str | tuple[tuple[str, str], ...]] = {}
    outputs: list[tuple[str, str]] = []
    for holder in connector:
        if not is_extension(holder, "inputOutput"):
            continue
        for param in holder:
            name = (param.get("name") or "").strip()
            if is_extension(param, "inputParameter"):
                inputs[name] = _parameter(node_id, name, param)
            elif is_extension(param, "outputParameter"):
                value = _parameter(node_id, name, param)
                if not isinstance(value, str):
                    raise BpmnParseError(f"Connector output '{name}' of '{node_id}' must be an expression")
                outputs.append((name, value))
    url = inputs.get("url")
    if not isinstance(url, str) or not url.strip():
        raise BpmnParseError(f"HTTP connector of '{node_id}': input 'url' Must provide a value")
    headers = inputs.get("headers", ())
    return HttpSpec(
        method=_text_input(inputs, "method") or "GET",
        url=url.strip(),
        headers=headers if isinstance(headers, tuple) else (),
        headers_text=headers if isinstance(headers, str) else None,
        body=_text_input(inputs, "payload"),
        timeout=_text_input(inputs, "timeout"),
        fail_status_codes=_text_input(inputs, "failStatusCodes"),
        handle_status_codes=_text_input(inputs, "handleStatusCodes"),
        outputs=tuple(outputs),
        connector=True,
    )


def _text_input(inputs: dict[str, str | tuple[tuple[str, str], ...]], name: str) -> str | None:
    value = inputs.get(name)
    return value.strip() if isinstance(value, str) and value.strip() else None


def _parameter(node_id: str, name: str, param: Element) -> str | tuple[tuple[str, str], ...]:
    """A parameter's text, or a ``<flowable:map>`` of entries; scripts and lists are refused."""
    if not name:
        raise BpmnParseError(f"Connector of '{node_id}': Parameter must have a name")
    for child in param:
        if is_extension(child, "map"):
            return tuple(
                ((entry.get("key") or "").strip(), text_of(entry) or "")
                for entry in child
                if is_extension(entry, "entry")
            )
        if isinstance(child.tag, str):
            raise BpmnParseError(
                f"Connector parameter '{name}' of '{node_id}': <{local(child)}> is not supported (text or map)"
            )
    return text_of(param) or ""
