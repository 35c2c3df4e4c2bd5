"""The child process that reads an uploaded workbook (``python -m loom_platform.xlsx_parse``).

An upload is parsed here, never on a service's event loop: openpyxl is pure Python and a few
megabytes of XML hold a loop for tens of seconds. The parent (:func:`loom_platform.xlsx.read`)
gives the limits as JSON in ``argv[1]`` and the file on stdin; this answers on stdout one JSON
line ``{"rows": n}`` followed by the first sheet's rows, one JSON list a line (a date or a time as
``{"$": "datetime"|"date"|"time", "v": iso}``), or the one line ``{"error": key, "params": {...}}``.
A line a row lets the parent decode them a slice at a time between other requests. It imports
nothing but the standard library and openpyxl, so it starts fast and holds no secret.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import sys
import zipfile
from typing import Any

# The child's address space: a workbook that needs more is refused, not the host's memory.
MEMORY_BYTES = 2 * 1024 * 1024 * 1024


class Refused(Exception):
    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key, self.params = key, params


def _cell(value: Any) -> Any:
    if isinstance(value, dt.datetime):
        return {"$": "datetime", "v": value.isoformat()}
    if isinstance(value, dt.date):
        return {"$": "date", "v": value.isoformat()}
    if isinstance(value, dt.time):
        return {"$": "time", "v": value.isoformat()}
    if isinstance(value, dt.timedelta):
        return str(value)
    return value


def rows(content: bytes, limits: dict[str, int]) -> list[list[Any]]:
    """The first sheet's rows within ``limits`` (``max_unzipped``, ``max_rows``, ``max_cells``)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(content))
        unzipped = sum(item.file_size for item in archive.infolist())
    except (zipfile.BadZipFile, ValueError, OSError) as exc:
        raise Refused("xlsx.invalid") from exc
    if unzipped > limits["max_unzipped"]:
        raise Refused("xlsx.too_big", max=f"{limits['max_unzipped'] // (1024 * 1024)} MB")
    from openpyxl import load_workbook

    try:
        book = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
        sheet = book.worksheets[0]
        sheet.reset_dimensions()  # a forged dimension (A1:XFD1048576) must not pad every row
        found: list[list[Any]] = []
        cells = filled = 0
        for row in sheet.iter_rows(values_only=True):
            cells += len(row)
            if cells > limits["max_cells"]:
                raise Refused("xlsx.too_many_cells", max=limits["max_cells"])
            if any(v is not None and v != "" for v in row):
                filled += 1
                # the header row does not count
                if filled > limits["max_rows"] + 1:
                    raise Refused("xlsx.too_many_rows", max=limits["max_rows"])
            found.append([_cell(v) for v in row])
    except Refused:
        raise
    except MemoryError as exc:
        raise Refused("xlsx.too_big", max=f"{MEMORY_BYTES // (1024 * 1024)} MB") from exc
    except Exception as exc:  # openpyxl raises many kinds for a file that is not a workbook
        raise Refused("xlsx.invalid") from exc
    while found and not any(v is not None and v != "" for v in found[-1]):
        found.pop()
    return found


def main() -> None:
    """Reads the limits and the file, answers the rows or the refusal."""
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    except (ImportError, ValueError, OSError):  # not on every system; the parent's timeout still holds
        pass
    limits = json.loads(sys.argv[1])
    content = sys.stdin.buffer.read()
    out = sys.stdout.buffer
    try:
        found = rows(content, limits)
    except Refused as refused:
        out.write(json.dumps({"error": refused.key, "params": refused.params}, default=str).encode())
        return
    out.write(json.dumps({"rows": len(found)}).encode() + b"\n")
    for row in found:
        out.write(json.dumps(row, default=str).encode() + b"\n")


if __name__ == "__main__":
    main()
