"""Validation of a whole record against a form definition (the designer's JSON), field by field."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from loom_form_rules.check import is_empty, matches, passes_data_type, passes_validator
from loom_form_rules.table import Table, language, load

log = logging.getLogger(__name__)

# Widgets that hold other widgets, and where their children are.
CONTAINERS = {"grid": ("columns", "list"), "tabs": ("tabs", "list")}
# Widgets that show something but hold no value.
DISPLAY = {"blank", "text", "html", "divider", "button", "alert", "link"}
SUB_TABLE = "table"


@dataclass(frozen=True)
class Field:
    """A widget that holds a value: its model (the record's key), label, type and options."""

    model: str
    name: str
    type: str
    widget: Mapping[str, Any]

    @property
    def options(self) -> Mapping[str, Any]:
        """The widget's options (an empty mapping when missing)."""
        return self.widget.get("options") or {}

    @property
    def columns(self) -> list[Field]:
        """The fields of a sub-table's rows (empty for other widgets)."""
        return list(walk(self.widget.get("tableColumns") or []))


def widgets_of(definition: Mapping[str, Any] | list[Any]) -> list[Any]:
    """The top-level widget list of a definition (`{list, config}`) or the list itself."""
    return definition if isinstance(definition, list) else list(definition.get("list") or [])


def value_widgets(widgets: list[Any]) -> Iterator[Mapping[str, Any]]:
    """Every widget of a list that holds a value (with its model or without one), depth first
    through grids, tabs and report cells."""
    for widget in widgets:
        if not isinstance(widget, Mapping):
            continue
        kind = str(widget.get("type") or "")
        if kind in CONTAINERS:
            outer, inner = CONTAINERS[kind]
            for part in widget.get(outer) or []:
                yield from value_widgets(part.get(inner) or [])
        elif kind == "report":
            for row in widget.get("rows") or []:
                for cell in row.get("columns") or []:
                    yield from value_widgets(cell.get("list") or [])
        elif kind in ("col", "td"):
            yield from value_widgets(widget.get("list") or [])
        elif kind not in DISPLAY:
            yield widget


def walk(widgets: list[Any]) -> Iterator[Field]:
    """Every field of a widget list (a value widget with its model), in the designer's order."""
    for widget in value_widgets(widgets):
        if widget.get("model"):
            model = str(widget["model"])
            yield Field(model, str(widget.get("name") or model), str(widget.get("type") or ""), widget)


def fields(definition: Mapping[str, Any] | list[Any]) -> list[Field]:
    """The fields of a definition, in the order the designer shows them."""
    return list(walk(widgets_of(definition)))


def validate(
    definition: Mapping[str, Any] | list[Any],
    record: Mapping[str, Any],
    lang: str | None = None,
    *,
    only: set[str] | None = None,
) -> dict[str, str]:
    """Checks a record against a definition; answers `{field: message}` of the first failure per field.

    `only` limits the check to those models (a process node's writable fields)."""
    table, lang_ = load(), language(lang)
    errors: dict[str, str] = {}
    for field in fields(definition):
        if only is not None and field.model not in only:
            continue
        value = record.get(field.model)
        if field.type == SUB_TABLE:
            _validate_rows(table, field, value, lang_, errors)
        message = check_field(table, field, value, lang_)
        if message:
            errors.setdefault(field.model, message)
    return errors


def _validate_rows(table: Table, field: Field, rows: Any, lang: str, errors: dict[str, str]) -> None:
    for index, row in enumerate(rows if isinstance(rows, list) else []):
        if not isinstance(row, Mapping):
            continue
        for column in field.columns:
            message = check_field(table, column, row.get(column.model), lang)
            if message:
                errors.setdefault(f"{field.model}.{index}.{column.model}", message)


def check_field(table: Table, field: Field, value: Any, lang: str) -> str | None:
    """The first message a value earns in a field, or None when it is valid."""
    options = field.options
    if (options.get("required") or _rules_require(field)) and is_empty(value):
        return _own(options.get("requiredMessage"), lang) or table.text("required", lang, name=field.name)
    if is_empty(value):
        return None
    for check in (_data_type, _pattern, _rules, _range, _file_limit):
        message = check(table, field, value, lang)
        if message:
            return message
    return None


def _own(message: Any, lang: str) -> str | None:
    """A message the designer wrote: text, or `{zh-CN, en-US}`."""
    if isinstance(message, Mapping):
        return message.get(lang) or next(iter(message.values()), None)
    return str(message) if message else None


def _rules_require(field: Field) -> bool:
    return any(isinstance(r, Mapping) and r.get("required") for r in field.widget.get("rules") or [])


def _data_type(table: Table, field: Field, value: Any, lang: str) -> str | None:
    options = field.options
    rule = table.data_types.get(str(options.get("dataType") or ""))
    if not options.get("dataTypeCheck") or rule is None or passes_data_type(rule, value):
        return None
    return _own(options.get("dataTypeMessage"), lang) or table.text("dataTypeMessage", lang, name=field.name)


def _compile_own(pattern: str) -> re.Pattern[str] | None:
    """A designer's own pattern: `/x/` or `x`; one that Python cannot read is skipped (logged)."""
    if len(pattern) > 1 and pattern.startswith("/") and pattern.rfind("/") > 0:
        pattern = pattern[1 : pattern.rfind("/")]
    try:
        return re.compile(pattern)
    except re.error:
        log.warning("form pattern not understood: %s", pattern)
        return None


def _pattern(table: Table, field: Field, value: Any, lang: str) -> str | None:
    options = field.options
    if not options.get("patternCheck") or not options.get("pattern"):
        return None
    compiled = _compile_own(str(options["pattern"]))
    if compiled is None or matches(compiled, value):
        return None
    return _own(options.get("patternMessage"), lang) or table.text("patternMessage", lang, name=field.name)


def _rules(table: Table, field: Field, value: Any, lang: str) -> str | None:
    names = [field.options.get("validator")] if field.options.get("validator") else []
    rules: list[Any] = [{"validator": n} for n in names] + list(field.widget.get("rules") or [])
    for rule in rules:
        if not isinstance(rule, Mapping):
            continue
        message = _one_rule(table, field, rule, value, lang)
        if message:
            return message
    return None


def _one_rule(table: Table, field: Field, rule: Mapping[str, Any], value: Any, lang: str) -> str | None:
    fixed = table.validators.get(str(rule.get("validator") or ""))
    if fixed is not None and not passes_validator(fixed, value):
        return _own(rule.get("message"), lang) or (fixed.message or {})[lang]
    kind = table.data_types.get(str(rule.get("type") or ""))
    if kind is not None and not passes_data_type(kind, value):
        return _own(rule.get("message"), lang) or table.text("dataTypeMessage", lang, name=field.name)
    if rule.get("pattern"):
        compiled = _compile_own(str(rule["pattern"]))
        if compiled is not None and not matches(compiled, value):
            return _own(rule.get("message"), lang) or table.text("patternMessage", lang, name=field.name)
    return None


def _number(value: Any) -> float | None:
    try:
        return float(value) if not isinstance(value, bool) else None
    except (TypeError, ValueError):
        return None


def _range(table: Table, field: Field, value: Any, lang: str) -> str | None:
    if field.type not in table.raw["rangeWidgets"] or isinstance(value, list):
        return None
    defaults = table.raw["widgetDefaults"].get(field.type, {})
    low = _number(_option(field.options, "min", defaults))
    high = _number(_option(field.options, "max", defaults))
    number = _number(value)
    if number is None:
        return table.text("dataTypeMessage", lang, name=field.name)
    if (low is not None and number < low) or (high is not None and number > high):
        # a bound that is not set is no bound: the message names the ones there are
        key = (
            "rangeMessage"
            if low is not None and high is not None
            else "minMessage"
            if high is None
            else "maxMessage"
        )
        return table.text(key, lang, name=field.name, min=_plain(low), max=_plain(high))
    return None


def _option(options: Mapping[str, Any], key: str, defaults: Mapping[str, Any]) -> Any:
    """The option as set; the widget's default when absent; None when left empty (the designer
    stores an emptied box as '' or null: no bound)."""
    if key not in options:
        return defaults.get(key)
    value = options[key]
    return None if value is None or value == "" else value


def _plain(number: float | None) -> str:
    if number is None:
        return ""
    return str(int(number)) if number.is_integer() else str(number)


def _file_limit(table: Table, field: Field, value: Any, lang: str) -> str | None:
    if field.type not in table.raw["fileWidgets"]:
        return None
    defaults = table.raw["widgetDefaults"].get(field.type, {})
    limit = _number(field.options.get("limit", defaults.get("limit")))
    count = len(value) if isinstance(value, list) else len([v for v in str(value).split(",") if v])
    if limit is not None and limit > 0 and count > limit:
        return table.text("fileLimitMessage", lang, name=field.name, limit=_plain(limit))
    return None
