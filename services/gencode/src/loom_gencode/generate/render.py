"""Rendering templates in Jinja2's immutable sandbox.

Templates come from users (template groups are editable), so they run in
``ImmutableSandboxedEnvironment``: no underscore attributes, no mutation of the context, no
loader (no ``include``/``import`` of files) and only the filters below. Data (table comments,
names) is passed as values, never compiled as template text.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from jinja2 import StrictUndefined, TemplateError
from jinja2.sandbox import ImmutableSandboxedEnvironment

from loom_platform.errors import InvalidArgument

MAX_OUTPUT = 2_000_000


def _pystr(value: Any) -> str:
    """A Python string literal (safe for any text)."""
    return json.dumps("" if value is None else str(value), ensure_ascii=False)


def _ident(value: Any) -> str:
    """Only identifier characters survive."""
    return re.sub(r"[^A-Za-z0-9_]", "_", str(value or ""))


def _camel(value: Any) -> str:
    head, *rest = str(value or "").split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def _pascal(value: Any) -> str:
    return "".join(p[:1].upper() + p[1:] for p in str(value or "").split("_") if p)


def _kebab(value: Any) -> str:
    text = re.sub(r"(?<!^)(?=[A-Z])", "-", str(value or "")).replace("_", "-")
    return text.lower()


def _comment(value: Any) -> str:
    """Text safe inside a one-line comment (no newlines)."""
    return " ".join(str(value or "").split())


def environment() -> ImmutableSandboxedEnvironment:
    """The sandbox every template group renders in."""
    env = ImmutableSandboxedEnvironment(
        autoescape=False,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=StrictUndefined,
    )
    env.filters.update(
        pystr=_pystr, tsstr=_pystr, ident=_ident, camel=_camel, pascal=_pascal, kebab=_kebab, comment=_comment
    )
    env.globals.clear()
    env.globals.update(range=range)
    return env


ENV = environment()


@dataclass(frozen=True)
class Rendered:
    """A rendered file: ``back/...`` or ``front/...`` relative path and its text."""

    path: str
    content: str


def render(name: str, source: str, context: dict[str, Any]) -> Rendered | None:
    """Renders one template; its ``{% set output_path = ... %}`` names the file (None: no file)."""
    try:
        template = ENV.from_string(source)
        module = template.make_module(context)
        content = str(module)
        output = getattr(module, "output_path", None)
    except TemplateError as exc:
        raise InvalidArgument("gencode.gen.template_failed", name=name, detail=str(exc)[:300]) from exc
    if len(content) > MAX_OUTPUT:
        raise InvalidArgument("gencode.gen.template_failed", name=name, detail="output too large")
    if not output:
        return None
    return Rendered(path=str(output), content=content)
