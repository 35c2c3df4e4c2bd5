"""The one XLSX writer of every export (users, online forms, generated modules).

What a user stored is written as data, never as something a spreadsheet runs or refuses:

- a text starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is a text cell marked
  with Excel's quote prefix (the cell shows ``=HYPERLINK(…)`` literally, and stays text when edited),
  the OWASP answer to formula injection. A number stays a number (``-5`` is not text);
- control characters XML does not allow (``\\x00``–``\\x08``, ``\\x0b``, ``\\x0c``, ``\\x0e``–``\\x1f``)
  are removed, so one such row no longer fails the whole export;
- every text cell, the titles too, is written with the type text: openpyxl would otherwise store
  ``=…`` as a formula.

:class:`SheetWriter` is a write-only workbook (each row goes to a temporary file as it is appended,
so memory holds one row); :func:`workbook` builds a small one at once.
"""

from __future__ import annotations

import datetime as dt
import decimal
import io
import re
from collections.abc import Iterable
from typing import IO, Any

from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, WriteOnlyCell

# A text starting with one of these is what a spreadsheet would take for a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# What a sheet title may not hold (Excel refuses the workbook otherwise).
_TITLE_REFUSED = re.compile(r"[\\/*?:\[\]]")
_PLAIN = (int, float, decimal.Decimal, bool, dt.datetime, dt.date, dt.time, dt.timedelta)


def text(value: str) -> str:
    """``value`` without the control characters XLSX cannot hold."""
    return str(ILLEGAL_CHARACTERS_RE.sub("", value))


def sheet_title(title: str) -> str:
    """A title Excel accepts: no ``\\ / * ? : [ ]``, no control character, at most 31 characters."""
    cleaned = _TITLE_REFUSED.sub("_", text(title)).strip("'").strip()
    return cleaned[:31] or "data"


def _cell(sheet: Any, value: Any) -> Any:
    """A write-only cell holding ``value`` as data."""
    if value is None or isinstance(value, _PLAIN):
        return WriteOnlyCell(sheet, value=value)
    found = text(value if isinstance(value, str) else str(value))
    cell = WriteOnlyCell(sheet, value=found)
    cell.data_type = "s"  # never "f", whatever the text starts with
    if found.startswith(FORMULA_STARTS):
        cell.quotePrefix = True
    return cell


class SheetWriter:
    """A one-sheet write-only workbook: the titles, then rows appended as they come."""

    def __init__(self, title: str, headers: Iterable[Any]) -> None:
        self._book = Workbook(write_only=True)
        self._sheet = self._book.create_sheet(title=sheet_title(title))
        self.append(headers)

    def append(self, values: Iterable[Any]) -> None:
        """Adds one row."""
        self._sheet.append([_cell(self._sheet, v) for v in values])

    def save(self, out: IO[bytes]) -> None:
        """Writes the finished workbook to ``out`` (the writer is done after it)."""
        self._book.save(out)

    def bytes(self) -> bytes:
        """The finished workbook."""
        out = io.BytesIO()
        self.save(out)
        return out.getvalue()


def workbook(title: str, headers: Iterable[Any], rows: Iterable[Iterable[Any]]) -> bytes:
    """A one-sheet workbook: ``headers``, then one row per item of ``rows``."""
    writer = SheetWriter(title, headers)
    for row in rows:
        writer.append(row)
    return writer.bytes()
