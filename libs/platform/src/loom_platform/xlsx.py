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

:func:`read` is the one reader of every import: the workbook is parsed in a child process
(:mod:`loom_platform.xlsx_parse`), never on the event loop, within limits of bytes (of the file and
unzipped), rows, cells and seconds (:class:`ReadLimits`); beyond one it is refused with a message
saying which (:class:`SheetRefused`, 400).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import decimal
import io
import json
import os
import re
import sys
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import IO, Any

from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, WriteOnlyCell

from loom_platform.errors import InvalidArgument

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


# --- reading ---


@dataclass(frozen=True)
class ReadLimits:
    """What an import may hold: the file's bytes, its bytes unzipped, rows (the titles not
    counted), cells, and the seconds its parsing may take."""

    max_bytes: int = 10 * 1024 * 1024
    max_unzipped: int = 200 * 1024 * 1024
    max_rows: int = 10_000
    max_cells: int = 500_000
    max_seconds: float = 60.0


class SheetRefused(InvalidArgument):
    """An uploaded workbook beyond a limit, or not a workbook (``SheetRefused(key, **params)``)."""

    message_key = "xlsx.invalid"


# Rows handled between two looks at other requests (about a millisecond's work).
SLICE = 200
_TYPES = {"datetime": dt.datetime, "date": dt.date, "time": dt.time}


def _decoded(value: Any) -> Any:
    if isinstance(value, dict):
        return _TYPES[value["$"]].fromisoformat(value["v"])  # type: ignore[attr-defined]
    return value


def _child_env() -> dict[str, str]:
    """The child's environment: how to find Python's packages, and nothing of the service's secrets."""
    kept = {k: os.environ[k] for k in ("PATH", "LANG", "LC_ALL", "TMPDIR") if k in os.environ}
    return {**kept, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p), "PYTHONIOENCODING": "utf-8"}


async def read(content: bytes, limits: ReadLimits | None = None) -> list[list[Any]]:
    """The first sheet's rows of an uploaded workbook (trailing empty rows left out), parsed in a
    child process within ``limits``; :class:`SheetRefused` beyond one or for a file that is no workbook."""
    limits = limits or ReadLimits()
    if len(content) > limits.max_bytes:
        raise SheetRefused("xlsx.too_big", max=f"{limits.max_bytes // (1024 * 1024)} MB")
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-B",
        "-m",
        "loom_platform.xlsx_parse",
        json.dumps(asdict(limits)),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL,
        env=_child_env(),
    )
    try:
        out, _ = await asyncio.wait_for(child.communicate(content), timeout=limits.max_seconds)
    except TimeoutError:
        raise SheetRefused("xlsx.too_slow", seconds=f"{limits.max_seconds:g}") from None
    finally:
        if child.returncode is None:
            child.kill()
            await child.wait()
    lines = out.split(b"\n")
    try:
        head = json.loads(lines[0])
    except ValueError:  # the child died (its memory limit): the file asked for too much
        raise SheetRefused("xlsx.invalid") from None
    if "error" in head:
        raise SheetRefused(str(head["error"]), **head.get("params", {}))
    return await _decoded_rows(lines[1 : 1 + int(head["rows"])])


async def _decoded_rows(lines: list[bytes]) -> list[list[Any]]:
    """The rows, decoded a slice at a time: other requests are answered in between (a worker
    thread would not help: decoding holds the interpreter's lock)."""
    found: list[list[Any]] = []
    for number, line in enumerate(lines, start=1):
        found.append([_decoded(v) for v in json.loads(line)])
        if number % SLICE == 0:
            await asyncio.sleep(0)
    return found
