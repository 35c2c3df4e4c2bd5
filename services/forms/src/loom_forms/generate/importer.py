"""Importing sheet rows into a form's table: every row validated first, then inserted in batches."""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping, Sequence
from typing import Any

from loom_form_rules import validate
from loom_forms.gencode_client import Change, DataClient
from loom_forms.generate.errors import ImportInvalid
from loom_forms.generate.service import Online, insert_changes
from loom_platform.wire import new_id

log = logging.getLogger("loom.forms.import")
MAX_ERROR_ROWS = 100
"""How many bad rows an import failure lists (it counts them all)."""


def check_rows(online: Online, rows: Sequence[tuple[int, Mapping[str, Any]]], lang: str | None) -> None:
    """Refuses the whole import when any row breaks the form's rules, naming the rows and fields."""
    bad = []
    for number, record in rows:
        errors = validate(online.definition, record, lang)
        if errors:
            bad.append({"row": number, "errors": errors})
    if bad:
        raise ImportInvalid(bad[:MAX_ERROR_ROWS], len(bad))


async def import_rows(
    online: Online,
    data: DataClient,
    rows: Sequence[tuple[int, Mapping[str, Any]]],
    *,
    lang: str | None,
    batch: int,
) -> int:
    """Validates every row, then inserts them ``batch`` at a time; answers how many were imported."""
    started = time.monotonic()
    check_rows(online, rows, lang)
    for start in range(0, len(rows), batch):
        main_rows = [
            insert_changes(online, new_id(), record)[0].rows[0] for _, record in rows[start : start + batch]
        ]
        await data.apply(online.data_source, [Change(online.binding.table, "insert", main_rows)])
        log.info("import %s: %d of %d rows", online.form.code, min(start + batch, len(rows)), len(rows))
    log.info("import %s: %d rows in %.2fs", online.form.code, len(rows), time.monotonic() - started)
    return len(rows)
