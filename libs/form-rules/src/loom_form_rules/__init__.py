"""The form validators as data (validators.json), shared by the forms service and the renderer.

`validate(definition, record, lang)` answers `{field: message}`; `fields(definition)` lists the fields.
"""

from loom_form_rules.check import is_empty, passes_data_type, passes_validator
from loom_form_rules.record import Field, check_field, fields, validate, value_widgets, widgets_of
from loom_form_rules.table import Table, language, load

__all__ = [
    "Field",
    "Table",
    "check_field",
    "fields",
    "is_empty",
    "language",
    "load",
    "passes_data_type",
    "passes_validator",
    "validate",
    "value_widgets",
    "widgets_of",
]
