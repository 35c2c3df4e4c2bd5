"""Online form data: the runtime of a form bound to a table (list, read, save, delete), every
record validated against the form with the shared validators."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import orjson
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_form_rules import Field, fields, validate
from loom_forms.definition.service import parse_json
from loom_forms.errors import FormInvalid
from loom_forms.gencode_client import DataClient
from loom_forms.generate import errors
from loom_forms.make import service as make_service
from loom_forms.make.binding import TYPED_WIDGETS, Binding, Child
from loom_forms.make.errors import NotBound
from loom_forms.make.models import FormMake
from loom_platform import oplog
from loom_platform.datarules import DataAccess
from loom_platform.logging import caller
from loom_platform.paging import PageParams, page_body
from loom_platform.tablerows import RowChange, RowFilter
from loom_platform.wire import new_id, now

LIKE_WIDGETS = {"input", "textarea", "editor"}
# Rows read from gencode per call while exporting.
EXPORT_PAGE_ROWS = 2000
# An export without the list's sort: newest first, as the list shows it (``sorts``).
NEWEST_FIRST = PageParams(current=1, size=EXPORT_PAGE_ROWS, orders=())
STAMPS = {
    "create_by": "createBy",
    "create_date": "createDate",
    "update_by": "updateBy",
    "update_date": "updateDate",
}


@dataclass
class Online:
    """A bound form ready to serve: the record, its definition, fields and binding."""

    form: FormMake
    definition: dict[str, Any]
    fields: list[Field]
    binding: Binding

    @property
    def data_source(self) -> str:
        return self.form.data_source_id

    def field(self, model: str) -> Field | None:
        return next((f for f in self.fields if f.model == model), None)


async def load(session: AsyncSession, form_id: str) -> Online:
    """The form and its binding; 400 when it is not bound to a table yet."""
    form = await make_service.get(session, form_id)
    binding = Binding.load(form.binding)
    if binding is None:
        raise NotBound()
    definition = parse_json(form.source or "{}")
    return Online(form, definition, fields(definition), binding)


def search_filters(online: Online, params_text: str | None) -> list[RowFilter]:
    """`params` (JSON text of search values) as filters on the fields marked isSearch."""
    if not params_text:
        return []
    try:
        params = json.loads(params_text)
    except ValueError as exc:
        raise errors.ParamsInvalid(detail="JSON") from exc
    if not isinstance(params, Mapping):
        raise errors.ParamsInvalid(detail="JSON object")
    found: list[RowFilter] = []
    for model, value in params.items():
        if value in (None, "", []):
            continue
        item = online.field(model)
        column = online.binding.columns.get(model)
        if item is None or column is None or not item.options.get("isSearch"):
            raise errors.ParamsInvalid(detail=model)
        if isinstance(value, list):
            found.append(RowFilter(column, "in", values=tuple(str(v) for v in value)))
        elif item.type in LIKE_WIDGETS:
            found.append(RowFilter(column, "like", str(value)))
        else:
            found.append(RowFilter(column, "eq", str(value)))
    return found


def sorts(online: Online, params: PageParams) -> list[tuple[str, bool]]:
    """Orders on isSort fields (by model or column) or the stamp columns; else newest first."""
    sortable = {
        key: column
        for model, column in online.binding.columns.items()
        if (item := online.field(model)) is not None and item.options.get("isSort")
        for key in (model, column)
    }
    for stamp in ("create_date", "update_date"):
        if stamp in online.binding.physical:
            sortable[stamp] = sortable[STAMPS[stamp]] = stamp
    chosen = []
    for order in params.orders:
        column = sortable.get(order.column)
        if column is None:
            raise errors.SortInvalid(column=order.column)
        chosen.append((column, order.asc))
    if not chosen and "create_date" in online.binding.physical:
        chosen = [("create_date", False)]
    key = online.binding.primary_key
    if key in online.binding.physical and all(column != key for column, _ in chosen):
        # The tie-breaker runs the same way as the last order, so the (column, id) index serves the
        # page in either direction instead of PostgreSQL sorting the whole table.
        chosen.append((key, chosen[-1][1] if chosen else True))
    return chosen


def to_record(online: Online, row: Mapping[str, Any], child: Child | None = None) -> dict[str, Any]:
    """A main (or sub-table) row as the form's record: its key as `id`, values under their models,
    JSON text read back as lists."""
    mapping, key = (
        (online.binding.columns, online.binding.primary_key)
        if child is None
        else (child.columns, child.primary_key)
    )
    record: dict[str, Any] = {"id": row.get(key)}
    for model, column in mapping.items():
        value = row.get(column)
        item = online.field(model)
        if isinstance(value, str) and value[:1] in "[{" and (item is None or item.type not in TYPED_WIDGETS):
            try:
                value = json.loads(value)
            except ValueError:
                pass
        record[model] = value
    for column, key in STAMPS.items():
        if column in row:
            record[key] = row[column]
    return record


async def page(
    online: Online,
    data: DataClient,
    params: PageParams,
    params_text: str | None,
    access: DataAccess | None = None,
) -> dict[str, Any]:
    """A page of records with the search values applied, within the caller's data permissions."""
    total, rows = await data.query(
        online.data_source,
        online.binding.table,
        filters=search_filters(online, params_text),
        sorts=sorts(online, params),
        offset=params.offset,
        limit=0 if params.all_rows else params.size,
        access=access,
    )
    return page_body([to_record(online, row) for row in rows], total, params)


async def pages(
    online: Online,
    data: DataClient,
    params_text: str | None,
    access: DataAccess | None = None,
    *,
    params: PageParams | None = None,
    ids: Sequence[str] = (),
) -> AsyncIterator[list[dict[str, Any]]]:
    """The ticked records (``ids``) or else every record of the filtered list, a page at a time, in
    the list's order (``params``' sort, else newest first); each page starts after the last row read
    (keyset paging in that order), so no page re-reads the rows before it."""
    filters = search_filters(online, params_text)
    if ids:
        filters.append(RowFilter(online.binding.primary_key, "in", values=tuple(ids)))
    order = sorts(online, params or NEWEST_FIRST) or [(online.binding.primary_key, True)]
    last: list[Any] | None = None
    while True:
        after = [RowFilter("", "after", orjson.dumps(last).decode())] if last is not None else []
        _, rows = await data.query(
            online.data_source,
            online.binding.table,
            filters=[*filters, *after],
            sorts=order,
            limit=EXPORT_PAGE_ROWS,
            skip_total=True,
            access=access,
        )
        if rows:
            yield [to_record(online, row) for row in rows]
        if len(rows) < EXPORT_PAGE_ROWS:
            return
        last = [rows[-1].get(column) for column, _asc in order]


async def within(online: Online, data: DataClient, ids: Sequence[str], access: DataAccess | None) -> None:
    """404 unless every record of ``ids`` exists within ``access`` (as if the others did not exist)."""
    if access is None or not ids:
        return
    _, rows = await data.query(
        online.data_source,
        online.binding.table,
        filters=[RowFilter(online.binding.primary_key, "in", values=tuple(ids))],
        skip_total=True,
        access=access,
    )
    if len({str(r.get(online.binding.primary_key)) for r in rows}) < len(set(ids)):
        raise errors.RecordNotFound()


async def read(
    online: Online, data: DataClient, record_id: str, access: DataAccess | None = None
) -> dict[str, Any]:
    """One record with its sub-table rows (404 outside the caller's data permissions)."""
    _, rows = await data.query(
        online.data_source,
        online.binding.table,
        filters=[RowFilter(online.binding.primary_key, "eq", record_id)],
        skip_total=True,
        limit=1,
        access=access,
    )
    if not rows:
        raise errors.RecordNotFound()
    record = to_record(online, rows[0])
    for model, child in online.binding.children.items():
        _, child_rows = await data.query(
            online.data_source,
            child.table,
            filters=[RowFilter(child.foreign_key, "eq", record_id)],
            sorts=[("create_date" if "create_date" in child.physical else child.primary_key, True)],
            skip_total=True,
        )
        record[model] = [to_record(online, r, child) for r in child_rows]
    return record


def check(online: Online, values: Mapping[str, Any], lang: str | None) -> None:
    """400 with `{field: message}` when the values break the form's rules."""
    errors = validate(online.definition, values, lang)
    if errors:
        raise FormInvalid(errors)


def _stamped(physical: Sequence[str], values: dict[str, Any], *, created: bool) -> dict[str, Any]:
    """Adds who and when (and del_flag '0' on insert) where the table has those columns."""
    stamp = now().strftime("%Y-%m-%d %H:%M:%S")
    extra = {"update_by": caller.get(), "update_date": stamp}
    if created:
        extra |= {"create_by": caller.get(), "create_date": stamp, "del_flag": "0"}
    return values | {k: v for k, v in extra.items() if k in physical}


def row_values(online: Online, values: Mapping[str, Any]) -> dict[str, Any]:
    """The main table's column values of a record."""
    return {column: values.get(model) for model, column in online.binding.columns.items() if model in values}


def insert_changes(online: Online, record_id: str, values: Mapping[str, Any]) -> list[RowChange]:
    """The inserts of one new record: its main row and sub-table rows."""
    main = _stamped(
        online.binding.physical,
        {online.binding.primary_key: record_id, **row_values(online, values)},
        created=True,
    )
    return [RowChange(online.binding.table, "insert", [main]), *_child_inserts(online, record_id, values)]


def _child_inserts(online: Online, record_id: str, values: Mapping[str, Any]) -> list[RowChange]:
    changes = []
    for model, child in online.binding.children.items():
        rows = values.get(model) if isinstance(values.get(model), list) else []
        inserted = []
        for index, row in enumerate(rows):
            if not isinstance(row, Mapping):
                continue
            base = {c: row.get(m) for m, c in child.columns.items() if m in row}
            # Microseconds keep the rows in their order (read back by create_date).
            stamp = now().replace(microsecond=index).strftime("%Y-%m-%d %H:%M:%S.%f")
            stamps = {"create_by": caller.get(), "create_date": stamp, "update_date": stamp, "del_flag": "0"}
            inserted.append(
                base
                | {child.primary_key: new_id(), child.foreign_key: record_id}
                | {k: v for k, v in stamps.items() if k in child.physical}
            )
        if inserted:
            changes.append(RowChange(child.table, "insert", inserted))
    return changes


async def save(
    online: Online,
    data: DataClient,
    values: Mapping[str, Any],
    lang: str | None,
    access: DataAccess | None = None,
) -> str:
    """Validates and stores a record (new without id, edited with id: 404 outside ``access``)."""
    check(online, values, lang)
    record_id = str(values.get("id") or "")
    if record_id:
        await within(online, data, [record_id], access)
    if not record_id:
        record_id = new_id()
        inserts = insert_changes(online, record_id, values)
        await data.apply(online.data_source, inserts)
        oplog.record(online.binding.table, record_id, None, inserts[0].rows[0], _labels(online))
        return record_id
    update = _stamped(online.binding.physical, row_values(online, values), created=False)
    stored = await _logged_rows(online, data, [record_id])
    changes = [RowChange(online.binding.table, "update", update, online.binding.primary_key, (record_id,))]
    for model, child in online.binding.children.items():
        if model in values:
            changes.append(RowChange(child.table, "delete", None, child.foreign_key, (record_id,)))
    changes += _child_inserts(online, record_id, values)
    counts = await data.apply(online.data_source, changes)
    if not counts or counts[0] == 0:
        raise errors.RecordNotFound()
    if record_id in stored:
        old = stored[record_id]
        changed = [k for k, v in update.items() if _text(old.get(k)) != _text(v)]
        oplog.record(
            online.binding.table,
            record_id,
            {k: old.get(k) for k in changed},
            {k: update[k] for k in changed},
            _labels(online),
        )
    return record_id


def _labels(online: Online) -> dict[str, str]:
    """The main table's columns by the labels of the form's fields they hold (for the log)."""
    return {
        column: field.name
        for model, column in online.binding.columns.items()
        if (field := online.field(model)) is not None and field.name
    }


def _text(value: Any) -> str | None:
    """A value as the log compares it (the client's 3 and the stored '3' are the same)."""
    return None if value is None or value == "" else str(value)


async def _logged_rows(online: Online, data: DataClient, ids: Sequence[str]) -> dict[str, dict[str, Any]]:
    """The stored main rows of ``ids`` by id, for the operation log's "before" (nothing outside a
    logged request: the write goes through gencode's data service, which the ORM's log does not see)."""
    if not oplog.recording():
        return {}
    key = online.binding.primary_key
    _, rows = await data.query(
        online.data_source,
        online.binding.table,
        filters=[RowFilter(key, "in", values=tuple(ids))],
        skip_total=True,
    )
    return {str(r.get(key)): r for r in rows}


async def delete(
    online: Online, data: DataClient, ids: Sequence[str], access: DataAccess | None = None
) -> None:
    """Deletes records with their sub-table rows (404, deleting none, when one is outside ``access``)."""
    if not ids:
        return
    await within(online, data, ids, access)
    changes = [
        RowChange(c.table, "delete", None, c.foreign_key, tuple(ids))
        for c in online.binding.children.values()
    ]
    changes.append(RowChange(online.binding.table, "delete", None, online.binding.primary_key, tuple(ids)))
    stored = await _logged_rows(online, data, ids)
    await data.apply(online.data_source, changes)
    for record_id, row in stored.items():
        oplog.record(online.binding.table, record_id, row, None, _labels(online))
