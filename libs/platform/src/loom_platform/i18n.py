"""Message catalogues: zh-CN (default, the seeds' wording) and en-US.

Each service registers its catalogue at import time: with :func:`register_file` from a TOML file
that ships beside the module (``messages.toml``), or with :func:`register` for a few keys of its
own. The platform's own messages are in ``loom_platform/messages.toml``. The request's language lives in a context variable set by the HTTP middleware and the gRPC interceptor.
"""

from __future__ import annotations

import contextvars
import tomllib
from collections.abc import Mapping
from importlib import resources
from typing import Any

ZH = "zh-CN"
EN = "en-US"
DEFAULT_LANGUAGE = ZH

_catalogue: dict[str, dict[str, str]] = {}
current_language: contextvars.ContextVar[str] = contextvars.ContextVar(
    "loom_language", default=DEFAULT_LANGUAGE
)


def register(messages: Mapping[str, Mapping[str, str]]) -> None:
    """Adds ``{key: {"zh-CN": ..., "en-US": ...}}`` entries; a key registered twice must agree."""
    for key, texts in messages.items():
        if ZH not in texts:
            raise ValueError(f"message {key!r} has no zh-CN text")
        existing = _catalogue.get(key)
        if existing is not None and existing != dict(texts):
            raise ValueError(f"message {key!r} registered twice with different texts")
        _catalogue[key] = dict(texts)


def register_file(module: str, name: str = "messages.toml") -> None:
    """Registers the TOML catalogue ``name`` that ships in the package of ``module`` (its ``__name__``).

    One table a key: ``["sys.saved"]`` then ``zh-CN = "..."`` and ``en-US = "..."``; the texts are
    ``str.format`` templates, as with :func:`register`."""
    package = module.rpartition(".")[0] or module
    register(tomllib.loads(resources.files(package).joinpath(name).read_text(encoding="utf-8")))


def negotiate(accept_language: str | None) -> str:
    """Picks zh-CN or en-US from an ``Accept-Language`` header (zh-CN when unclear)."""
    if not accept_language:
        return DEFAULT_LANGUAGE
    for part in accept_language.split(","):
        tag = part.split(";")[0].strip().lower()
        if tag.startswith("en"):
            return EN
        if tag.startswith("zh"):
            return ZH
    return DEFAULT_LANGUAGE


def translate(key: str, lang: str | None = None, /, **params: Any) -> str:
    """Renders message ``key`` in ``lang`` (default: the current language) with ``params``.

    Positional-only, so a message may have parameters named ``key`` or ``lang`` (one named
    ``key`` turned an error into a 500)."""
    texts = _catalogue.get(key)
    if texts is None:
        return key if not params else f"{key} {params}"
    template = texts.get(lang or current_language.get()) or texts[ZH]
    try:
        return template.format(**params)
    except (KeyError, IndexError):
        return template


register_file(__name__)
