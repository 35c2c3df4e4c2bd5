"""XLSX export, import and template of an online form (the platform's writer and reader: loom_platform.xlsx)."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import tempfile
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

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


async def read(
    content: bytes, fields: list[Field], limits: sheets.ReadLimits
) -> list[tuple[int, dict[str, Any]]]:
    """`(sheet row number, record)` of every non-empty row; headers are labels or models. The file
    is parsed off the event loop within ``limits`` (:func:`loom_platform.xlsx.read`)."""
    try:
        table = await sheets.read(content, limits)
    except sheets.SheetRefused as refused:
        if refused.key == "xlsx.invalid":
            raise ImportFileInvalid(detail=refused.message()) from refused
        if refused.key == "xlsx.too_many_rows":
            raise ImportTooMany(max=limits.max_rows) from refused
        raise
    header = table[0] if table else []
    by_label = {f.name: f for f in fields} | {f.model: f for f in fields}
    picked: list[Field | None] = []
    for title in header:
        text = str(title).strip() if title is not None else ""
        if text and text not in by_label:
            raise ImportFileInvalid(detail=text)
        picked.append(by_label.get(text))
    found: list[tuple[int, dict[str, Any]]] = []
    for number, row in enumerate(table[1:], start=2):
        if number % sheets.SLICE == 0:
            await asyncio.sleep(0)  # other requests are answered in between
        if all(v is None or (isinstance(v, str) and not v.strip()) for v in row):
            continue
        record = {
            item.model: _value(item, v) for item, v in zip(picked, row, strict=False) if item is not None
        }
        found.append((number, record))
    return found
