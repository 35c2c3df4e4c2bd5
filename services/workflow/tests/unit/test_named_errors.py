"""Each workflow error is a named type whose message exists in zh-CN and en-US."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import loom_workflow
from loom_platform.errors import LoomError
from loom_platform.i18n import EN, ZH, _catalogue
from loom_workflow import messages  # noqa: F401 - registers the catalogue


def _domain_modules(name: str) -> list[str]:
    """``loom_workflow.<domain>.<name>`` of every domain that has one."""
    found = []
    for info in pkgutil.iter_modules(loom_workflow.__path__):
        if info.ispkg and info.name != "engine":
            module = f"loom_workflow.{info.name}.{name}"
            if importlib.util.find_spec(module) is not None:
                found.append(module)
    return found


def _error_modules() -> list[str]:
    for catalogue in _domain_modules("messages"):  # a domain's own catalogue registers its texts
        importlib.import_module(catalogue)
    return ["loom_workflow.errors", *_domain_modules("errors")]


def test_every_named_error_has_its_message_in_both_languages() -> None:
    # given every domain's errors.py
    named = [
        error
        for module in _error_modules()
        for _, error in inspect.getmembers(importlib.import_module(module), inspect.isclass)
        if issubclass(error, LoomError) and error.__module__.startswith("loom_workflow")
    ]
    # when
    missing = [
        f"{e.__module__}.{e.__name__}"
        for e in named
        if not {ZH, EN} <= set(_catalogue.get(e.message_key, {}))
    ]
    # then
    assert len(named) > 20 and missing == []
