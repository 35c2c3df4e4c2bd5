"""A node's ``flowable:formProperty`` list, read from the BPMN XML, and what a submit may carry.

Pure: no I/O. The properties become a form definition in the designer's shape so that a submit is
checked by ``loom_form_rules`` (one set of validators for every form): ``required`` is the rule's
required check, ``long``/``double``/``boolean`` its data types, an ``enum`` and a ``date`` pattern
its anchored pattern check. What passes is typed the way Flowable's form types store it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from loom_form_rules import validate
from loom_workflow.engine.model.xml import bpmn_children, extension_children, parse_xml

# Flowable's form types and the data type of loom_form_rules that checks a submitted value.
DATA_TYPES = {"long": "integer", "double": "number", "boolean": "boolean"}
# Java's SimpleDateFormat letters and the digits they stand for (Flowable's default is dd/MM/yyyy).
DATE_LETTERS: tuple[tuple[str, str], ...] = (
    ("yyyy", "[0-9]{4}"),
    ("MM", "[0-9]{2}"),
    ("dd", "[0-9]{2}"),
    ("HH", "[0-9]{2}"),
    ("mm", "[0-9]{2}"),
    ("ss", "[0-9]{2}"),
)


@dataclass(frozen=True)
class FormProperty:
    """One ``flowable:formProperty``: its id (and the variable it writes), label, type and flags."""

    id: str
    name: str
    type: str = "string"
    readable: bool = True
    writable: bool = True
    required: bool = False
    default: str | None = None
    variable: str | None = None
    date_pattern: str | None = None
    values: tuple[tuple[str, str], ...] = ()

    @property
    def variable_name(self) -> str:
        """The process variable the property reads and writes (``variable``, else its id)."""
        return self.variable or self.id

    def render(self, value: Any) -> dict[str, Any]:
        """The property as Flowable's ``FormProperty`` JSON, which the client reads."""
        kind: dict[str, Any] = {"name": self.type}
        if self.type == "enum":
            kind["information"] = {"values": dict(self.values)}
        if self.type == "date":
            kind["information"] = {"datePattern": self.date_pattern or "dd/MM/yyyy"}
        shown = self.default if value is None else value
        return {
            "id": self.id,
            "name": self.name,
            "type": kind,
            "value": None if shown is None else _text(shown),
            "readable": self.readable,
            "writable": self.writable,
            "required": self.required,
        }

    def widget(self) -> dict[str, Any]:
        """The property as a designer widget: what loom_form_rules checks."""
        options: dict[str, Any] = {"required": self.required}
        if self.type in DATA_TYPES:
            options |= {"dataTypeCheck": True, "dataType": DATA_TYPES[self.type]}
        pattern = self._pattern()
        if pattern:
            options |= {"patternCheck": True, "pattern": pattern}
        return {"type": "input", "model": self.id, "name": self.name or self.id, "options": options}

    def _pattern(self) -> str | None:
        if self.type == "enum" and self.values:
            return "^(?:" + "|".join(_literal(v) for v, _ in self.values) + ")$"
        if self.type == "date":
            pattern = _literal(self.date_pattern or "dd/MM/yyyy")
            for letters, digits in DATE_LETTERS:
                pattern = pattern.replace(letters, digits)
            return f"^{pattern}$"
        return None

    def typed(self, value: Any) -> Any:
        """A valid submitted value as the process variable Flowable's type stores."""
        if not isinstance(value, str):
            return value
        if self.type == "long":
            return int(value)
        if self.type == "double":
            return float(value)
        if self.type == "boolean":
            return value == "true"
        return value


def _literal(text: str) -> str:
    """Text matched literally by a pattern both Python and JavaScript read the same way."""
    return re.sub(r"([\\^$.|?*+()\[\]{}/-])", r"\\\1", text)


def _text(value: Any) -> str:
    """A variable as the text Flowable's form types answer (booleans lower-case)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _flag(el: Any, name: str, default: bool) -> bool:
    value = el.get(name)
    return default if value is None else value.strip().lower() == "true"


def _property(el: Any) -> FormProperty | None:
    prop_id = (el.get("id") or "").strip()
    if not prop_id:
        return None
    values = tuple(
        (v.get("id") or "", v.get("name") or v.get("id") or "")
        for v in el
        if isinstance(v.tag, str) and v.tag.rsplit("}", 1)[-1] == "value" and v.get("id")
    )
    return FormProperty(
        id=prop_id,
        name=el.get("name") or prop_id,
        type=(el.get("type") or "string").strip() or "string",
        readable=_flag(el, "readable", True),
        writable=_flag(el, "writable", True),
        required=_flag(el, "required", False),
        default=el.get("default"),
        variable=el.get("variable") or None,
        date_pattern=el.get("datePattern"),
        values=values,
    )


def node_properties(xml: str, node_id: str | None) -> tuple[FormProperty, ...]:
    """The form properties of the node ``node_id`` (None: the process's start event), in order."""
    root = parse_xml(xml)
    if node_id is None:
        starts = [s for p in bpmn_children(root, "process") for s in bpmn_children(p, "startEvent")]
        node = starts[0] if starts else None
    else:
        node = next((el for el in root.iter() if isinstance(el.tag, str) and el.get("id") == node_id), None)
    if node is None:
        return ()
    return tuple(p for p in map(_property, extension_children(node, "formProperty")) if p is not None)


def check(
    properties: tuple[FormProperty, ...], submitted: Mapping[str, Any], lang: str | None = None
) -> tuple[dict[str, Any], dict[str, str]]:
    """The variables a submit writes and the field messages that refuse it (empty: valid).

    Only writable properties are taken (a value sent for another one is left out, as JeePlus does);
    a missing value takes the property's ``default``; extra keys pass as they are."""
    writable = [p for p in properties if p.writable]
    record = dict(submitted)
    for prop in writable:
        if record.get(prop.id) in (None, "") and prop.default is not None:
            record[prop.id] = prop.default
    errors = validate([p.widget() for p in writable], record, lang)
    if errors:
        return {}, errors
    known = {p.id for p in properties}
    variables = {k: v for k, v in record.items() if k not in known}
    for prop in writable:
        if record.get(prop.id) not in (None, ""):
            variables[prop.variable_name] = prop.typed(record[prop.id])
    return variables, {}
