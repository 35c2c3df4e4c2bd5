"""XLSX export, import and template of an online form (openpyxl; pure, no I/O beyond the file)."""

from __future__ import annotations

import datetime as dt
import json
import tempfile
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

from openpyxl import load_workbook

from loom_form_rules import Field
from loom_forms.generate.errors import ImportFileInvalid, ImportTooMany
from loom_forms.make.binding import SUB_TABLE, TYPED_WIDGETS
from loom_platform import xlsx as sheets

CHUNK = 64 * 1024
# A finished workbook stays in memory up to this size, then moves to a temporary file.
SPOOL_BYTES = 4 * 1024 * 1024


def columns(fields: Iterable[Field]) -> list[Field]:
    """The fields a sheet holds: every field of the main table (sub-tables are left out)."""
    return [f for f in fields if f.type != SUB_TABLE]


def _cell(value: Any) -> Any:
    if isinstance(value, list | dict):
        return json.dumps(value, ensure_ascii=False)
    return value


class SheetWriter:
    """A write-only workbook filled page by page: openpyxl writes each appended row to a temporary
    file at once, so memory holds one page, never the whole list."""

    def __init__(
        self, fields: list[Field], title: str, show: Callable[[Field, Any], Any] | None = None
    ) -> None:
        self._fields = fields
        # a stored value as the sheet shows it (its label); the value itself without one
        self._show = show or (lambda _f, value: value)
        # values as data, never formulas, control characters removed (loom_platform.xlsx)
        self._sheet = sheets.SheetWriter(title, [f.name for f in fields])

    def append(self, records: Iterable[dict[str, Any]]) -> None:
        """Adds one row per record."""
        for record in records:
            self._sheet.append([_cell(self._show(f, record.get(f.model))) for f in self._fields])

    def close(self) -> IO[bytes]:
        """The finished workbook in a spooled file (on disk beyond a few MiB), at its start."""
        # Closed by chunks() once streamed.
        out = tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES)
        self._sheet.save(out)
        out.seek(0)
        return out  # type: ignore[return-value]


def workbook(fields: list[Field], records: Iterable[dict[str, Any]], title: str) -> IO[bytes]:
    """A sheet with the fields' labels as headers and one row per record."""
    writer = SheetWriter(fields, title)
    writer.append(records)
    return writer.close()


def chunks(file: IO[bytes]) -> Iterator[bytes]:
    """The file in pieces, for a streamed response; closed (and its disk space freed) at the end."""
    with file:
        while piece := file.read(CHUNK):
            yield piece


def _value(item: Field, value: Any) -> Any:
    """A cell as the value the renderer would send for the field."""
    if value is None:
        return None
    if isinstance(value, dt.datetime):
        if (
            value.time() == dt.time()
            and item.type == "date"
            and "HH" not in str(item.options.get("format", ""))
        ):
            return value.date().isoformat()
        return value.strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        text = value.strip()
        if text[:1] in "[{" and item.type not in TYPED_WIDGETS:
            try:
                return json.loads(text)
            except ValueError:
                return text
        return text
    return value


def read(file: IO[bytes], fields: list[Field], max_rows: int) -> list[tuple[int, dict[str, Any]]]:
    """`(sheet row number, record)` of every non-empty row; headers are labels or models."""
    try:
        book = load_workbook(file, read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a file that is not a workbook
        raise ImportFileInvalid(detail=type(exc).__name__) from exc
    sheet = book.worksheets[0]
    rows = sheet.iter_rows(values_only=True)
    header = next(rows, None) or ()
    by_label = {f.name: f for f in fields} | {f.model: f for f in fields}
    picked: list[Field | None] = []
    for title in header:
        text = str(title).strip() if title is not None else ""
        if text and text not in by_label:
            raise ImportFileInvalid(detail=text)
        picked.append(by_label.get(text))
    found: list[tuple[int, dict[str, Any]]] = []
    for number, row in enumerate(rows, start=2):
        if all(v is None or (isinstance(v, str) and not v.strip()) for v in row):
            continue
        if len(found) >= max_rows:
            raise ImportTooMany(max=max_rows)
        record = {
            item.model: _value(item, v) for item, v in zip(picked, row, strict=False) if item is not None
        }
        found.append((number, record))
    book.close()
    return found
