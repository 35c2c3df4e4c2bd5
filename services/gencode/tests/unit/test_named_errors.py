"""Each gencode error is a named type whose message exists in zh-CN and en-US."""

from __future__ import annotations

import importlib
import inspect

from loom_gencode import messages  # noqa: F401 - registers the catalogue
from loom_platform.errors import LoomError
from loom_platform.i18n import EN, ZH, _catalogue


def test_every_named_error_has_its_message_in_both_languages() -> None:
    # given every domain's errors.py
    named = [
        error
        for module in (
            "errors",
            "data.errors",
            "dataset.errors",
            "connection.errors",
            "datasource.errors",
            "dbtable.errors",
            "generate.errors",
            "query.errors",
            "reftypes.errors",
            "scheme.errors",
            "sync.errors",
            "table.errors",
        )
        for _, error in inspect.getmembers(importlib.import_module(f"loom_gencode.{module}"), inspect.isclass)
        if issubclass(error, LoomError) and error.__module__.startswith("loom_gencode")
    ]
    # when
    missing = [e.__name__ for e in named if not {ZH, EN} <= set(_catalogue.get(e.message_key, {}))]
    # then
    assert len(named) > 60 and missing == []
