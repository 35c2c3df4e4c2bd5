"""An online form's export: a stored value with a control character still exports, and a value
a spreadsheet would run as a formula is written as text (loom_platform.xlsx)."""

from __future__ import annotations

from openpyxl import load_workbook

from loom_form_rules import Field
from loom_forms.generate.xlsx import workbook


def test_an_exported_cell_is_data_without_control_characters_and_never_a_formula() -> None:
    # given a form's fields, the labels chosen by its designer
    fields = [Field("a", "=标题", "input", {}), Field("b", "多选", "checkbox", {})]
    records = [
        {"a": "控\x07制\x1b", "b": ["a\x07"]},
        {"a": "tab\tand\nnewline", "b": 3},
        {"a": '=HYPERLINK("http://evil.example")', "b": "@SUM(A1)"},
    ]
    # when they are exported
    with workbook(fields, records, "表[单]") as file:
        cells = list(load_workbook(file).active.iter_rows())
    # then every value reads as stored (its control characters left out) and none is a formula
    assert [[c.value for c in row] for row in cells] == [
        ["=标题", "多选"],
        ["控制", '["a\\u0007"]'],
        ["tab\tand\nnewline", 3],
        ['=HYPERLINK("http://evil.example")', "@SUM(A1)"],
    ]
    assert all(c.data_type != "f" for row in cells for c in row)
