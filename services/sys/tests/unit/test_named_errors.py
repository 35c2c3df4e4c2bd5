"""Each loom_sys error is a named type whose message exists in zh-CN and en-US."""

from __future__ import annotations

import importlib
import inspect

import loom_sys
from loom_platform.errors import LoomError
from loom_platform.i18n import EN, ZH, _catalogue
from loom_platform.testing.imports import modules
from loom_sys import messages  # noqa: F401 - registers the catalogue


def test_every_named_error_has_its_message_in_both_languages() -> None:
    # given every errors.py of the service
    named = [
        error
        for module in modules(loom_sys)
        if module.endswith(".errors")
        for _, error in inspect.getmembers(importlib.import_module(module), inspect.isclass)
        if issubclass(error, LoomError) and error.__module__ == module
    ]
    # when
    missing = [e.__name__ for e in named if not {ZH, EN} <= set(_catalogue.get(e.message_key, {}))]
    # then
    assert len(named) > 40 and missing == []
