"""The DataService's operations: a data source's catalogue, table sync from a design, rows."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Sequence
from typing import Any, TypeVar

from sqlalchemy import select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_gencode.common import guarded
from loom_gencode.data import rows
from loom_gencode.data.errors import DataFailed, TableMissing
from loom_gencode.datasource import service as ds_service
from loom_gencode.datasource.models import MASTER_ID
from loom_gencode.runtime import Runtime
from loom_gencode.sync import ddl
from loom_gencode.sync import service as sync_service
from loom_gencode.table import service as table_service
from loom_gencode.table.defaults import STANDARD_COLUMNS, base_columns_for, class_name_for, column_defaults
from loom_gencode.table.errors import NameInvalid
from loom_gencode.table.introspect import describe, list_tables
from loom_gencode.table.models import GenTable
from loom_gencode.table.schemas import ColumnSave, DataSourceRef, TableSave
from loom_platform.tablerows import Column, RowChange, TableSync

T = TypeVar("T")
NAME = re.compile(r"^[a-z][a-z0-9_]{0,62}$")
NORMAL, CHILD = "0", "2"


async def data_source_id(session: AsyncSession, name: str) -> str:
    """The id of a data source named by id or enName ('' and 'master' are the business database)."""
    if not name or name == MASTER_ID:
        return MASTER_ID
    record = await ds_service.by_en_name(session, name)
    return record.id if record is not None else (await ds_service.get(session, name)).id


async def engine_of(session: AsyncSession, runtime: Runtime, name: str) -> Any:
    """The pooled engine of a data source."""
    return runtime.engines.get(await ds_service.target(session, runtime, await data_source_id(session, name)))


async def tables(session: AsyncSession, runtime: Runtime, name: str) -> list[dict[str, Any]]:
    """`[{name, comments}]` of a data source's tables."""
    return await list_tables(await engine_of(session, runtime, name))


async def columns(session: AsyncSession, runtime: Runtime, name: str, table: str) -> list[Any]:
    """The physical columns of a table."""
    found = await describe(await engine_of(session, runtime, name), [table])
    if table not in found:
        raise TableMissing(table=table)
    return found[table].columns


def _check_name(name: str) -> None:
    if not NAME.match(name):
        raise NameInvalid(name=name)


def _design_columns(table_type: str, specs: Sequence[Column], kept: dict[str, str]) -> list[ColumnSave]:
    """Base columns first (seed 000 §3), then the business columns; known columns keep their ids."""
    wanted: list[dict[str, Any]] = []
    names = {spec.name for spec in specs}
    for base in base_columns_for(table_type):
        if base not in names:
            jdbc, comments, nullable = STANDARD_COLUMNS[base]
            wanted.append(column_defaults(base, jdbc, comments=comments, nullable=nullable))
    for spec in specs:
        _check_name(spec.name)
        wanted.append(
            column_defaults(
                spec.name, spec.jdbc_type, comments=spec.comments or spec.name, nullable=spec.nullable
            )
        )
    designed = []
    for index, row in enumerate(wanted):
        row["sort"] = (index + 1) * 10
        designed.append(ColumnSave.model_validate(row | {"id": kept.get(row["name"])}))
    return designed


async def sync_table(
    session: AsyncSession, runtime: Runtime, asked: TableSync, *, cache: rows.TableCache
) -> tuple[str, list[str]]:
    """Saves a design for the table (base columns added) and synchronises it, keeping data."""
    name = asked.table
    _check_name(name)
    ds_id = await data_source_id(session, asked.data_source)
    stmt = select(GenTable).where(GenTable.name == name, GenTable.data_source_id == ds_id)  # type: ignore[arg-type]
    existing = (await session.execute(stmt)).scalars().first()
    kept = {c.name: c.id for c in await table_service.columns(session, existing.id)} if existing else {}
    table_type = CHILD if asked.parent_table else NORMAL
    design = TableSave(
        id=existing.id if existing else None,
        name=name,
        comments=asked.comments or name,
        data_source=DataSourceRef(id=ds_id),
        table_type=table_type,
        class_name=class_name_for(name),
        parent_table=asked.parent_table or None,
        parent_table_fk=asked.parent_table_fk or None,
        column_list=_design_columns(table_type, asked.columns, kept),
    )
    record = await table_service.save(session, design)
    statements = await sync_service.synchronise(session, runtime, table_id=record.id, is_force=ddl.KEEP)
    engine = await engine_of(session, runtime, asked.data_source)
    cache.forget(engine, name)
    wanted = ["create_date", *(c for c in asked.sort_columns if c != "create_date")]
    statements += await _guard(asyncio.to_thread(rows.ensure_sort_indexes, engine, name, wanted))
    cache.forget(engine, name)
    return record.id, statements


async def query(
    session: AsyncSession,
    runtime: Runtime,
    cache: rows.TableCache,
    *,
    data_source: str,
    table: str,
    asked: rows.RowQuery,
) -> tuple[int, bytes]:
    """A page of rows as JSON and the filtered total (within ``asked.access`` when given)."""
    engine = await engine_of(session, runtime, data_source)

    def work() -> tuple[int, bytes]:
        return rows.query(engine, cache.get(engine, table), asked)

    return await _guard(asyncio.to_thread(work))


async def apply(
    session: AsyncSession,
    runtime: Runtime,
    cache: rows.TableCache,
    *,
    data_source: str,
    changes: Sequence[RowChange],
) -> list[int]:
    """Inserts, updates and deletes in one transaction of the data source."""
    engine = await engine_of(session, runtime, data_source)

    def work() -> list[int]:
        reflected = {c.table: cache.get(engine, c.table) for c in changes}
        return rows.apply(engine, reflected, changes)

    return await _guard(asyncio.to_thread(work))


async def _guard(work: Awaitable[T]) -> T:
    return await guarded(work, DataFailed)
