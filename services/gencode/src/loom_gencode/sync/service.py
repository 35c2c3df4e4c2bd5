"""Synchronising a design to its data source, previewing it, and dropping physical tables."""

from __future__ import annotations

import asyncio
from typing import Any

from sqlmodel.ext.asyncio.session import AsyncSession

from loom_gencode import events
from loom_gencode.common import guarded
from loom_gencode.datasource import service as ds_service
from loom_gencode.runtime import Runtime
from loom_gencode.sync import ddl
from loom_gencode.sync.errors import ForceInvalid, SyncFailed
from loom_gencode.sync.models import SyncedTable
from loom_gencode.table import service as table_service
from loom_gencode.table.models import GenTable, GenTableColumn


def design_of(table: GenTable, cols: list[GenTableColumn], synced_name: str | None = None) -> ddl.Design:
    """The DDL view of a design (``synced_name``: the table's name at its last sync)."""
    return ddl.Design(
        name=table.name,
        comment=table.comments or "",
        synced_name=synced_name,
        columns=[
            ddl.DesignColumn(
                name=c.name,
                jdbc_type=c.jdbc_type,
                nullable=c.is_null != "0",
                is_pk=c.is_pk == "1",
                comment=c.comments or "",
                synced_name=c.synced_name,
            )
            for c in cols
        ],
    )


def _mode(is_force: str | None) -> str:
    if is_force not in (ddl.KEEP, ddl.FORCE):
        raise ForceInvalid(isForce=is_force or "")
    return str(is_force)


async def _prepare(
    session: AsyncSession, runtime: Runtime, table_id: str
) -> tuple[GenTable, ddl.Design, Any]:
    table = await table_service.get(session, table_id)
    cols = await table_service.columns(session, table_id)
    target = await ds_service.target(session, runtime, table.data_source_id)
    synced = await session.get(SyncedTable, table_id)
    return table, design_of(table, cols, synced.name if synced else None), runtime.engines.get(target)


async def preview(session: AsyncSession, runtime: Runtime, *, table_id: str, is_force: str) -> dict[str, Any]:
    """The statements a sync would run, each marked when it can lose data."""
    mode = _mode(is_force)
    table, design, engine = await _prepare(session, runtime, table_id)
    steps = await _guard(asyncio.to_thread(ddl.preview, engine, design, mode))
    return {
        "id": table.id,
        "name": table.name,
        "isForce": mode,
        "statements": [
            {"sql": sql, "lossy": step.lossy, "note": step.note} for step in steps for sql in step.sql
        ],
        "lossy": any(step.lossy for step in steps),
    }


async def synchronise(session: AsyncSession, runtime: Runtime, *, table_id: str, is_force: str) -> list[str]:
    """Runs the sync, marks the design synced and remembers each column's physical name."""
    mode = _mode(is_force)
    table, design, engine = await _prepare(session, runtime, table_id)
    steps = await _guard(asyncio.to_thread(ddl.synchronise, engine, design, mode))
    statements = [sql for step in steps for sql in step.sql]
    table.is_sync = "1"
    synced = await session.get(SyncedTable, table.id) or SyncedTable(gen_table_id=table.id, name=table.name)
    synced.name = table.name
    session.add(synced)
    for column in await table_service.columns(session, table_id):
        column.synced_name = column.name
        session.add(column)
    session.add(table)
    await session.flush()
    events.table_synchronised(
        session,
        table_id=table.id,
        name=table.name,
        data_source_id=table.data_source_id,
        is_force=mode,
        statements=statements,
    )
    return statements


async def drop_physical(session: AsyncSession, runtime: Runtime, *, table_id: str) -> GenTable:
    """Drops the physical table and removes the design."""
    table = await table_service.get(session, table_id)
    target = await ds_service.target(session, runtime, table.data_source_id)
    synced = await session.get(SyncedTable, table_id)
    await _guard(
        asyncio.to_thread(ddl.drop, runtime.engines.get(target), synced.name if synced else table.name)
    )
    await table_service.remove(session, [table_id])
    return table


async def _guard(work: Any) -> Any:
    return await guarded(work, SyncFailed)
