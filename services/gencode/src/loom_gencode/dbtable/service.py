"""The physical tables of a data source, changed through the sync machinery (``sync/ddl.py``):
the same plan gives the preview and the run, and a change that would lose stored values is refused
unless it is forced (re-create), exactly as a design's sync."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any, TypeVar

from sqlmodel.ext.asyncio.session import AsyncSession

import loom_gencode.query.messages  # noqa: F401  (registers the catalogue)
from loom_gencode.common import guarded
from loom_gencode.datasource import service as ds_service
from loom_gencode.dbtable.errors import NoColumns, TableExists, TableNotFound
from loom_gencode.dbtable.schemas import TableIn, checked_name
from loom_gencode.runtime import Runtime
from loom_gencode.sync import ddl
from loom_gencode.sync.errors import ForceInvalid, SyncFailed
from loom_gencode.table import introspect
from loom_gencode.table.config import FIELD_TYPE_KEYS, query_config

T = TypeVar("T")


async def _engine(session: AsyncSession, runtime: Runtime, ds_id: str) -> Any:
    target = await ds_service.target(session, runtime, ds_id or "master")
    return runtime.engines.get(target), target.kind


async def tables(
    session: AsyncSession, runtime: Runtime, ds_id: str, name: str | None
) -> list[dict[str, Any]]:
    """``[{name, comments}]`` of the data source's tables whose name holds ``name``."""
    engine, _ = await _engine(session, runtime, ds_id)
    return await introspect.list_tables(engine, name or "")


async def column_types(session: AsyncSession, kind: str) -> list[dict[str, Any]]:
    """The column types the reference data offers for the data source's kind of database."""
    config = (await query_config(session))["config"]
    return list(config.get(FIELD_TYPE_KEYS.get(kind, ""), []))


async def describe(session: AsyncSession, runtime: Runtime, ds_id: str, name: str | None) -> dict[str, Any]:
    """``{table, columnTypes}``: an existing table with its columns (``name``), or an empty one."""
    engine, kind = await _engine(session, runtime, ds_id)
    table: dict[str, Any] = {"name": "", "comments": "", "columnList": [], "dataSourceId": ds_id}
    if name:
        found = (await introspect.describe(engine, [name])).get(name)
        if found is None:
            raise TableNotFound(name=name[:64])
        table = {
            "name": found.name,
            "oldName": found.name,
            "comments": found.comment,
            "dataSourceId": ds_id,
            "columnList": [
                {
                    "name": c.name,
                    "oldName": c.name,
                    "comments": c.comment,
                    "jdbcType": c.jdbc_type,
                    "isNull": "1" if c.nullable else "0",
                    "isPk": "1" if c.is_pk else "0",
                }
                for c in found.columns
            ],
        }
    return {"table": table, "columnTypes": await column_types(session, kind)}


def design_of(body: TableIn) -> ddl.Design:
    """The posted table as the sync's design (``oldName`` is the name it was synced under)."""
    if not body.column_list:
        raise NoColumns()
    return ddl.Design(
        name=checked_name(body.name),
        comment=body.comments or "",
        synced_name=checked_name(body.old_name) if body.old_name else None,
        columns=[
            ddl.DesignColumn(
                name=checked_name(c.name),
                jdbc_type=c.jdbc_type,
                nullable=c.is_null != "0",
                is_pk=c.is_pk == "1",
                comment=c.comments or "",
                synced_name=checked_name(c.old_name) if c.old_name else None,
            )
            for c in body.column_list
        ],
    )


def _mode(is_force: str | None) -> str:
    if is_force not in (ddl.KEEP, ddl.FORCE):
        raise ForceInvalid(isForce=is_force or "")
    return str(is_force)


def _statements(steps: list[ddl.Step]) -> list[dict[str, Any]]:
    return [{"sql": sql, "lossy": step.lossy, "note": step.note} for step in steps for sql in step.sql]


async def change(session: AsyncSession, runtime: Runtime, body: TableIn, *, create: bool) -> dict[str, Any]:
    """Creates or alters the table (``preview`` '1': only the statements it would run, each marked
    when it can lose data). A create refuses an existing name; an alter needs the table."""
    design, mode = design_of(body), _mode(body.is_force)
    engine, _ = await _engine(session, runtime, body.data_source_id)
    existing = {t["name"].lower() for t in await tables(session, runtime, body.data_source_id, None)}
    if create and design.name.lower() in existing:
        raise TableExists(name=design.name)
    if not create and (design.synced_name or design.name).lower() not in existing:
        raise TableNotFound(name=design.synced_name or design.name)
    if body.preview == "1":
        steps = await _guard(asyncio.to_thread(ddl.preview, engine, design, mode))
    else:
        steps = await _guard(asyncio.to_thread(ddl.synchronise, engine, design, mode))
    statements = _statements(steps)
    return {"name": design.name, "statements": statements, "lossy": any(s["lossy"] for s in statements)}


async def drop(session: AsyncSession, runtime: Runtime, ds_id: str, name: str) -> None:
    """Drops the table (NotFound when there is none)."""
    engine, _ = await _engine(session, runtime, ds_id)
    if not await _guard(asyncio.to_thread(ddl.drop, engine, checked_name(name))):
        raise TableNotFound(name=name[:64])


async def _guard(work: Awaitable[T]) -> T:
    """A table change through the sync machinery: what the database refuses is a sync's failure."""
    return await guarded(work, SyncFailed)
