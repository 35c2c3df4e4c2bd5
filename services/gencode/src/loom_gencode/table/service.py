"""Table designs: save with every rule, read, list, delete, import from a data source."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from sqlalchemy import delete as sa_delete
from sqlalchemy import select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_gencode import identifiers
from loom_gencode.common import publish
from loom_gencode.datasource import service as ds_service
from loom_gencode.datasource.models import MASTER_ID, DataSource
from loom_gencode.runtime import Runtime
from loom_gencode.table import rules
from loom_gencode.table.defaults import class_name_for, column_defaults
from loom_gencode.table.errors import (
    ColumnNameInvalid,
    DataSourceUnknown,
    ImportTableMissing,
    NameInvalid,
    TableNameTaken,
)
from loom_gencode.table.introspect import describe
from loom_gencode.table.models import GenScheme, GenTable, GenTableColumn
from loom_gencode.table.schemas import COLUMN_FIELDS, TABLE_FIELDS, ColumnSave, DataSourceRef, TableSave
from loom_platform import crud
from loom_platform.paging import PageParams, contains, empty_filter, paginate
from loom_platform.wire import new_id, now

SORTABLE = {
    "name": GenTable.name,
    "table_type": GenTable.table_type,
    "class_name": GenTable.class_name,
    "comments": GenTable.comments,
    "dataSource_id": GenTable.data_source_id,
    "data_source_id": GenTable.data_source_id,
    "parent_table": GenTable.parent_table,
    "is_sync": GenTable.is_sync,
    "create_date": GenTable.create_date,
    "update_date": GenTable.update_date,
}


async def get(session: AsyncSession, table_id: str) -> GenTable:
    """A table design, or NotFound."""
    return await crud.get(session, GenTable, table_id)


async def columns(session: AsyncSession, table_id: str) -> list[GenTableColumn]:
    """The design's columns in their order."""
    stmt = (
        select(GenTableColumn)
        .where(GenTableColumn.gen_table_id == table_id)  # type: ignore[arg-type]
        .order_by(
            GenTableColumn.sort,  # type: ignore[arg-type]
            GenTableColumn.create_date,  # type: ignore[arg-type]
        )
    )
    return list((await session.execute(stmt)).scalars().all())


def fingerprint(table: GenTable, cols: list[GenTableColumn] | list[ColumnSave]) -> str:
    """What a sync depends on: name, comment and the physical side of every column."""
    physical = [(c.name, c.jdbc_type, c.is_null, c.is_pk, c.comments) for c in cols]
    body = json.dumps([table.name, table.comments, table.data_source_id, physical], ensure_ascii=False)
    return hashlib.sha256(body.encode()).hexdigest()


def render(table: GenTable, cols: list[GenTableColumn] | None, ds_names: dict[str, str]) -> dict[str, Any]:
    """A design as the client reads it."""
    body = TableSave.model_validate(table).dump()
    body["dataSource"] = DataSourceRef(
        id=table.data_source_id, name=ds_names.get(table.data_source_id, table.data_source_id)
    ).dump()
    body.pop("columnList")
    if cols is not None:
        body["columnList"] = [ColumnSave.model_validate(c).dump() | {"delFlag": "0"} for c in cols]
    return body


async def read(session: AsyncSession, runtime: Runtime, table_id: str) -> dict[str, Any]:
    """A design with its columns."""
    table = await get(session, table_id)
    return render(table, await columns(session, table_id), await ds_service.names(session, runtime))


async def page(session: AsyncSession, runtime: Runtime, params: PageParams, query: dict[str, str]) -> Any:
    """Designs filtered by ``nameLike`` and ``dataSource.id``."""
    stmt = select(GenTable)
    name_like = empty_filter(query.get("nameLike") or query.get("name"))
    if name_like:
        stmt = stmt.where(contains(GenTable.name, name_like))
    ds_id = empty_filter(query.get("dataSource.id"))
    if ds_id:
        stmt = stmt.where(GenTable.data_source_id == ds_id)
    names = await ds_service.names(session, runtime)
    return await paginate(
        session,
        stmt,
        params,
        sortable=SORTABLE,
        default_order=[GenTable.update_date.desc()],  # type: ignore[attr-defined]
        render=lambda row: render(row[0], None, names),
    )


async def save(session: AsyncSession, payload: TableSave) -> GenTable:
    """Creates or updates a design; ``isSync`` returns to '0' when the physical side changes."""
    record = await session.get(GenTable, payload.id) if payload.id else None
    existing = await columns(session, record.id) if record else []
    live = rules.check_design(payload, {c.name for c in existing})
    ds_id = payload.data_source.id if payload.data_source else None
    if ds_id and ds_id != MASTER_ID and await session.get(DataSource, ds_id) is None:
        raise DataSourceUnknown(id=ds_id[:64])
    clash = (
        (
            await session.execute(
                select(GenTable.id).where(  # type: ignore[call-overload]
                    GenTable.name == payload.name,
                    GenTable.data_source_id == ds_id,
                )
            )
        )
        .scalars()
        .first()
    )
    if clash and (record is None or clash != record.id):
        raise TableNameTaken(name=payload.name)
    before = fingerprint(record, existing) if record else ""
    verb = "saved"
    if record is None:
        record, verb = GenTable(id=payload.id or new_id(), name=str(payload.name)), "created"
    for name in TABLE_FIELDS:
        setattr(record, name, getattr(payload, name))
    record.data_source_id, record.update_date = str(ds_id), now()
    session.add(record)
    await session.flush()
    kept = await _save_columns(session, record.id, existing, live)
    if fingerprint(record, kept) != before:
        record.is_sync = "0"
    publish(session, "table", record.id, verb, record.name)
    return record


async def _save_columns(
    session: AsyncSession, table_id: str, existing: list[GenTableColumn], live: list[ColumnSave]
) -> list[GenTableColumn]:
    by_id = {c.id: c for c in existing}
    kept: list[GenTableColumn] = []
    for index, row in enumerate(live):
        column = by_id.pop(row.id, None) if row.id else None
        if column is None:
            column = GenTableColumn(id=new_id(), gen_table_id=table_id, name="", jdbc_type="")
        for name in COLUMN_FIELDS:
            value = getattr(row, name)
            if value is not None or name not in (
                "is_insert",
                "is_edit",
                "is_pk",
                "is_form",
                "is_null",
                "is_list",
                "is_query",
            ):
                setattr(column, name, value)
        column.name = str(row.name).lower()
        column.sort = _int(row.sort, index * 10)
        column.update_date = now()
        session.add(column)
        kept.append(column)
    for gone in by_id.values():
        await session.delete(gone)
    await session.flush()
    return sorted(kept, key=lambda c: c.sort)


def _int(value: Any, default: int) -> int:
    try:
        return int(str(value))
    except (TypeError, ValueError):
        return default


async def remove(session: AsyncSession, ids: list[str]) -> list[GenTable]:
    """Deletes designs (metadata only): columns, scheme and table rows."""
    removed = []
    for table_id in ids:
        record = await session.get(GenTable, table_id)
        if record is None:
            continue
        await session.execute(sa_delete(GenTableColumn).where(GenTableColumn.gen_table_id == table_id))  # type: ignore[arg-type]
        await session.execute(sa_delete(GenScheme).where(GenScheme.gen_table_id == table_id))  # type: ignore[arg-type]
        await session.delete(record)
        publish(session, "table", table_id, "deleted", record.name)
        removed.append(record)
    await session.flush()
    return removed


async def table_names(session: AsyncSession, data_source_id: str | None = None) -> list[dict[str, str]]:
    """``[{name, nameAndComments}]`` of the designs (parent-table pickers)."""
    stmt = select(GenTable.name, GenTable.comments).order_by(GenTable.name)  # type: ignore[call-overload]
    if data_source_id:
        stmt = stmt.where(GenTable.data_source_id == data_source_id)
    rows = (await session.execute(stmt)).all()
    return [{"name": n, "comments": c or "", "nameAndComments": f"{n} : {c or ''}"} for n, c in rows]


async def children_of(session: AsyncSession, table: GenTable) -> list[GenTable]:
    """Designs whose parent is ``table`` (child tables, right tables)."""
    stmt = (
        select(GenTable)
        .where(
            GenTable.parent_table == table.name,  # type: ignore[arg-type]
            GenTable.data_source_id == table.data_source_id,  # type: ignore[arg-type]
        )
        .order_by(GenTable.name)
    )
    return list((await session.execute(stmt)).scalars().all())


async def import_tables(
    session: AsyncSession, runtime: Runtime, *, names: list[str], ds_id: str
) -> list[GenTable]:
    """Creates designs from physical tables (columns, types, comments, keys, nullability)."""
    target = await ds_service.target(session, runtime, ds_id)
    engine = runtime.engines.get(target)
    found = await describe(engine, names)
    missing = [n for n in names if n not in found]
    if missing:
        raise ImportTableMissing(name=",".join(missing))
    taken = set(
        (
            await session.execute(
                select(GenTable.name).where(  # type: ignore[call-overload]
                    GenTable.data_source_id == ds_id,
                    GenTable.name.in_(names),  # type: ignore[attr-defined]
                )
            )
        )
        .scalars()
        .all()
    )
    created = []
    for name in names:
        if name in taken:
            continue
        physical = found[name]
        # a physical table or column whose name is not one could never be generated: said now
        if not identifiers.table_name(name):
            raise NameInvalid(name=identifiers.shown(name))
        for col in physical.columns:
            if not identifiers.column_name(col.name.lower()):
                raise ColumnNameInvalid(name=identifiers.shown(col.name))
        record = GenTable(
            id=new_id(),
            name=name,
            comments=physical.comment or name,
            data_source_id=ds_id,
            id_type="1",
            table_type="0",
            class_name=class_name_for(name),
            is_sync="1",
        )
        session.add(record)
        for index, col in enumerate(physical.columns):
            session.add(
                GenTableColumn(
                    id=new_id(),
                    gen_table_id=record.id,
                    synced_name=col.name.lower(),
                    **column_defaults(
                        col.name,
                        col.jdbc_type,
                        comments=col.comment,
                        is_pk=col.is_pk,
                        nullable=col.nullable,
                        sort=index * 10,
                    ),
                )
            )
        publish(session, "table", record.id, "created", name)
        created.append(record)
    await session.flush()
    return created
