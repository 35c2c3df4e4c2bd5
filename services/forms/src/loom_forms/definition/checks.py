"""What a form's JSON must hold before it is stored: every widget that holds a value names its model
(the key of the value in the data, the column it binds to, the variable a process reads), a valid
and unique one. The seed's designer gives each widget a default model (type plus timestamp); a JSON
edited by hand or imported may lack it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from loom_form_rules import value_widgets, widgets_of
from loom_forms.errors import FormInvalid
from loom_platform.i18n import translate

# A model is a key of the data, a column name and a process variable (`${days > 3}`).
MODEL = re.compile(r"^[A-Za-z][A-Za-z0-9_]{0,62}$")
SUB_TABLE = "table"


class DefinitionInvalid(FormInvalid):  # type: ignore[misc]
    """Widgets of a form's JSON without a model, with an unusable one or with a taken one."""

    message_key = "forms.definition.fields_invalid"


def check_models(definition: Mapping[str, Any]) -> None:
    """400 naming each widget (by its key, else its label) whose model is missing, bad or taken."""
    errors: dict[str, str] = {}
    _check(list(value_widgets(widgets_of(definition))), errors)
    if errors:
        raise DefinitionInvalid(errors)


def _check(widgets: list[Mapping[str, Any]], errors: dict[str, str]) -> None:
    """Checks one level (the form, or the columns of one sub-table): models are unique per level."""
    seen: dict[str, str] = {}
    for index, widget in enumerate(widgets):
        name = str(widget.get("name") or widget.get("type") or index + 1)
        where = str(widget.get("key") or widget.get("model") or name)
        model = str(widget.get("model") or "").strip()
        if not model:
            errors.setdefault(where, translate("forms.definition.model_missing", name=name))
        elif not MODEL.match(model):
            errors.setdefault(where, translate("forms.definition.model_invalid", name=name, model=model))
        elif model in seen:
            errors.setdefault(
                where, translate("forms.definition.model_taken", name=name, model=model, other=seen[model])
            )
        else:
            seen[model] = name
        if widget.get("type") == SUB_TABLE:
            _check(list(value_widgets(list(widget.get("tableColumns") or []))), errors)
