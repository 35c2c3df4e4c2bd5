"""Stored values as people read them in an XLSX export (dictionary and option labels, 是/否, user and
office names), and those labels read back as the stored values on import (values are accepted too).

The choices come from the form's own widgets and, for dictionaries, users and offices, from sys;
when sys does not answer, the sheet carries the stored values rather than failing the export.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from loom_form_rules import Field
from loom_platform.i18n import translate

log = logging.getLogger(__name__)

CHOICE_WIDGETS = {"radio", "select", "checkbox"}
MULTIPLE_WIDGETS = {"checkbox"}
# how a multiple value is written in a cell, and the separators read back
JOIN = ","
SPLIT = (",", "，", "、")


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _is_dict(item: Field) -> bool:
    return item.type == "dict" or str(item.options.get("remote") or "") == "3"


def _static(item: Field) -> dict[str, str]:
    found: dict[str, str] = {}

    def walk(options: Any) -> None:
        for option in options if isinstance(options, list) else []:
            if isinstance(option, Mapping) and option.get("value") is not None:
                found[_text(option["value"])] = str(option.get("label") or option["value"])
                walk(option.get("children"))

    walk(item.options.get("options"))
    return found


def _switch(item: Field) -> dict[str, str]:
    o = item.options
    on = _text(o.get("activeValue")) if o.get("activeValue") not in (None, "") else "true"
    off = _text(o.get("inactiveValue")) if o.get("inactiveValue") not in (None, "") else "false"
    return {
        on: str(o.get("activeText") or translate("forms.value.yes")),
        off: str(o.get("inactiveText") or translate("forms.value.no")),
    }


def _multiple(item: Field) -> bool:
    return item.type in MULTIPLE_WIDGETS or bool(item.options.get("multiple"))


@dataclass
class Labels:
    """``{model: {stored value: label}}`` of the fields that have labels; users are named page by page."""

    choices: dict[str, dict[str, str]] = field(default_factory=dict)
    users: set[str] = field(default_factory=set)
    directory: Any = None
    names: dict[str, str] = field(default_factory=dict)

    def show(self, item: Field, value: Any) -> Any:
        """The cell of a stored value: its label (labels of a list joined with ','), else the value."""
        if value is None:
            return None
        if item.model in self.users:
            ids = value if isinstance(value, list) else [v for v in str(value).split(",") if v]
            return JOIN.join(self.names.get(str(i), str(i)) for i in ids)
        known = self.choices.get(item.model)
        if not known:
            return value
        values = value if isinstance(value, list) else [value]
        if item.type == "switch" and isinstance(value, str):
            values = [value.lower() if value.lower() in ("true", "false") else value]
        elif _multiple(item) and isinstance(value, str):
            values = [v for v in value.split(",") if v]
        return JOIN.join(known.get(_text(v), _text(v)) for v in values)

    def read(self, item: Field, cell: Any) -> Any:
        """A cell read back: a label becomes its value (a multiple field's labels a list); a value
        stays a value."""
        known = self.choices.get(item.model)
        if not known or cell is None or isinstance(cell, list | dict):
            return cell
        by_label = {label: value for value, label in known.items()}
        if not _multiple(item):
            return by_label.get(_text(cell).strip(), cell)
        text = str(cell).strip()
        if text.startswith("["):
            try:
                return json.loads(text)
            except ValueError:
                pass
        for sep in SPLIT[1:]:
            text = text.replace(sep, SPLIT[0])
        return [by_label.get(part.strip(), part.strip()) for part in text.split(SPLIT[0]) if part.strip()]

    async def name_users(self, records: Iterable[Mapping[str, Any]]) -> None:
        """Looks up the names of the users a page of records holds (those not named yet)."""
        if not self.users or self.directory is None:
            return
        wanted: set[str] = set()
        for record in records:
            for model in self.users:
                value = record.get(model)
                ids = value if isinstance(value, list) else [v for v in str(value or "").split(",") if v]
                wanted |= {str(i) for i in ids if str(i) not in self.names}
        if not wanted:
            return
        try:
            for user in await self.directory.users(sorted(wanted)):
                self.names[user.id] = user.name or user.id
        except Exception:  # sys down: the sheet shows the ids
            log.warning("export: user names unavailable", exc_info=True)
            self.users = set()


def _flatten(nodes: Iterable[Any], out: dict[str, str]) -> dict[str, str]:
    for node in nodes:
        out[node.id] = node.name
        _flatten(node.children, out)
    return out


async def for_fields(fields: Iterable[Field], directory: Any) -> Labels:
    """The labels of a form's fields: its own options and switches, sys's dictionaries and offices."""
    items = list(fields)
    labels = Labels(directory=directory)
    types = {str(f.options.get("dictType") or "") for f in items if _is_dict(f)} - {""}
    dicts: dict[str, list[Any]] = {}
    offices: dict[str, str] = {}
    try:
        if types:
            dicts = await directory.dict_map(sorted(types))
        if any(f.type == "office" for f in items):
            offices = _flatten(await directory.office_tree(), {})
    except Exception:  # sys down: the sheet carries the stored values
        log.warning("export: dictionaries or offices unavailable", exc_info=True)
    for item in items:
        if _is_dict(item):
            values = dicts.get(str(item.options.get("dictType") or ""), [])
            labels.choices[item.model] = {v.value: v.label for v in values}
        elif item.type in CHOICE_WIDGETS:
            labels.choices[item.model] = _static(item)
        elif item.type == "switch":
            labels.choices[item.model] = _switch(item)
        elif item.type == "office":
            labels.choices[item.model] = offices
        elif item.type == "user":
            labels.users.add(item.model)
    labels.choices = {k: v for k, v in labels.choices.items() if v}
    return labels
