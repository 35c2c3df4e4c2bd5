"""Loads validators.json, the one table of form validators the service and the renderer share."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES = ("zh-CN", "en-US")


@dataclass(frozen=True)
class Rule:
    """A fixed validator or a data type: a name, a compiled pattern and, for types, the JSON kinds it accepts."""

    name: str
    pattern: re.Pattern[str] | None
    json_kinds: tuple[str, ...] = ()
    message: dict[str, str] | None = None


@dataclass(frozen=True)
class Table:
    """The whole table: fixed validators, data types and the default messages, by language."""

    raw: dict[str, Any]
    validators: dict[str, Rule]
    data_types: dict[str, Rule]

    def text(self, key: str, lang: str, **values: Any) -> str:
        """Formats one of the table's default messages (`required`, `rangeMessage`, …) in a language."""
        template: str = self.raw[key][language(lang)]
        return template.format(**values)


def language(lang: str | None) -> str:
    """Maps an Accept-Language value to one of the table's two languages (zh-CN unless English is asked)."""
    return "en-US" if lang and lang.lower().startswith("en") else "zh-CN"


def _compile(pattern: str | None) -> re.Pattern[str] | None:
    return re.compile(pattern) if pattern else None


@cache
def load() -> Table:
    """Reads and compiles validators.json once per process."""
    raw = json.loads(resources.files(__package__).joinpath("validators.json").read_text("utf-8"))
    validators = {
        v["name"]: Rule(v["name"], _compile(v["pattern"]), message=v["message"]) for v in raw["validators"]
    }
    data_types = {
        t["name"]: Rule(t["name"], _compile(t.get("pattern")), tuple(t["json"])) for t in raw["dataTypes"]
    }
    return Table(raw, validators, data_types)
