"""Importing sheet rows into a form's table: every row validated first, then inserted in batches."""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

import orjson
from sqlalchemy import Integer, Numeric, Text, column, select, true, values
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_form_rules import validate
from loom_forms.gencode_client import DataClient
from loom_forms.generate.errors import ImportInvalid, ImportOutOfScope
from loom_forms.generate.service import Online, insert_changes
from loom_platform.datarules import DataAccess, predicate
from loom_platform.i18n import translate
from loom_platform.tablerows import RowChange
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


NUMERIC_TYPE = re.compile(r"int|decimal|numeric|number|double|float|real", re.IGNORECASE)
# Rows per VALUES list of the scope check (asyncpg binds at most 32,767 parameters per statement).
MAX_CHECK_PARAMETERS = 30_000


def _text(value: Any) -> str | None:
    if value is None or isinstance(value, str):
        return value
    return orjson.dumps(value).decode() if isinstance(value, list | dict) else str(value)


def _number(value: Any) -> Decimal | None:
    """A numeric column's value as the data source would compare it (``None`` when not a number)."""
    try:
        return None if value is None or isinstance(value, bool) else Decimal(str(value).strip())
    except InvalidOperation:
        return None


async def check_scope(
    session: AsyncSession,
    online: Online,
    data: DataClient,
    rows: Sequence[tuple[int, Mapping[str, Any]]],
    access: DataAccess,
) -> None:
    """Refuses the whole import when a row would lie outside the caller's data permissions once
    stored (the form list would not show it), naming the rows. The rows are not stored yet, so the
    one predicate of :mod:`loom_platform.datarules` is evaluated over them as a VALUES list in the
    service's own database; numeric columns are compared as numbers, as in the data source."""
    if not rows or (access.everything and not access.rules):
        return
    names = sorted({name for _, row in rows for name in row})
    kinds = {c.name: c.jdbc_type for c in await data.columns(online.data_source, online.binding.table)}
    numeric = {n for n in names if NUMERIC_TYPE.search(kinds.get(n, ""))}
    chunk = max(1, MAX_CHECK_PARAMETERS // (len(names) + 1))
    outside: list[int] = []
    for start in range(0, len(rows), chunk):
        part = rows[start : start + chunk]
        listed = values(
            column("row_number", Integer),
            *(column(n, Numeric if n in numeric else Text) for n in names),
            name="imported",
        ).data(
            [
                (number, *((_number if n in numeric else _text)(row.get(n)) for n in names))
                for number, row in part
            ]
        )
        found = await session.execute(
            select(listed.c.row_number)
            .where(predicate(access, listed.c).is_not(true()))  # NULL (a rule on an empty cell) hides too
            .order_by(listed.c.row_number)
        )
        outside.extend(found.scalars().all())
    if outside:
        raise ImportOutOfScope(
            [
                {"row": n, "errors": {"": translate("forms.generate.row_out_of_scope")}}
                for n in outside[:MAX_ERROR_ROWS]
            ],
            len(outside),
        )


async def import_rows(
    online: Online,
    data: DataClient,
    rows: Sequence[tuple[int, Mapping[str, Any]]],
    *,
    lang: str | None,
    batch: int,
    session: AsyncSession,
    access: DataAccess,
) -> int:
    """Validates every row and checks it against ``access`` (the caller's data permissions), then
    inserts them ``batch`` at a time; answers how many were imported."""
    started = time.monotonic()
    check_rows(online, rows, lang)
    stored = [(number, insert_changes(online, new_id(), record)[0].rows[0]) for number, record in rows]
    await check_scope(session, online, data, stored, access)
    for start in range(0, len(stored), batch):
        main_rows = [row for _, row in stored[start : start + batch]]
        await data.apply(online.data_source, [RowChange(online.binding.table, "insert", main_rows)])
        log.info("import %s: %d of %d rows", online.form.code, min(start + batch, len(rows)), len(rows))
    log.info("import %s: %d rows in %.2fs", online.form.code, len(rows), time.monotonic() - started)
    return len(rows)
