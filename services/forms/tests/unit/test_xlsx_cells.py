"""A stored value with a control character still exports: openpyxl refuses such a cell."""

from __future__ import annotations

from loom_forms.generate.xlsx import _cell


def test_a_control_character_is_left_out_of_an_exported_cell() -> None:
    assert _cell("控\x07制\x1b") == "控制"
    assert _cell("tab\tand\nnewline") == "tab\tand\nnewline"  # those XLSX holds
    assert _cell(["a\x07"]) == '["a\\u0007"]' and _cell(3) == 3
