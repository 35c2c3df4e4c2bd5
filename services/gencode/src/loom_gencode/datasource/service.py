"""Data sources: save with an encrypted password, test, list, tree and targets for engines."""

from __future__ import annotations

import asyncio
from typing import Any

from sqlalchemy import column, func, select, table
from sqlalchemy.engine import make_url
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_gencode.common import publish, require
from loom_gencode.connection import engines
from loom_gencode.datasource.errors import (
    ConnectFailed,
    DataSourceInUse,
    EnNameRequired,
    EnNameTaken,
    MasterReadOnly,
)
from loom_gencode.datasource.models import MASTER_ID, DataSource
from loom_gencode.datasource.schemas import DataSourcePublic, DataSourceSave
from loom_gencode.errors import NameRequired
from loom_gencode.runtime import Runtime
from loom_platform import crud
from loom_platform.i18n import EN, current_language
from loom_platform.wire import new_id, now

# Table designs stand above the data sources they are read from, so a data source asks whether a
# design still names it of their table by name rather than importing its model: domains import only
# downward.
_TABLE_DESIGNS = table("gen_table", column("data_source_id"))


def master(runtime: Runtime) -> dict[str, Any]:
    """The local business database as a data source (from settings, never stored), named in the
    reader's language."""
    target = engines.target_for_url(runtime.settings.app_database_url)
    url = make_url(target.url)
    return DataSourcePublic(
        id=MASTER_ID,
        en_name=MASTER_ID,
        name="Local database" if current_language.get() == EN else "本地数据库",
        db_type=target.kind,
        host=url.host,
        port=url.port,
        db_name=url.database,
        username=url.username,
        options=None,
        remarks="local database",
    ).dump()


async def all_sources(session: AsyncSession, runtime: Runtime) -> list[dict[str, Any]]:
    """Master first, then the stored data sources by name."""
    rows = (await session.execute(select(DataSource).order_by(DataSource.name))).scalars().all()
    return [master(runtime), *(DataSourcePublic.model_validate(row).dump() for row in rows)]


async def read(session: AsyncSession, runtime: Runtime, ds_id: str) -> dict[str, Any]:
    """One data source (without its password)."""
    if ds_id == MASTER_ID:
        return master(runtime)
    return DataSourcePublic.model_validate(await get(session, ds_id)).dump()


async def get(session: AsyncSession, ds_id: str) -> DataSource:
    """A stored data source, or NotFound."""
    return await crud.get(session, DataSource, ds_id)


async def by_en_name(session: AsyncSession, en_name: str) -> DataSource | None:
    """A stored data source by its key."""
    stmt = select(DataSource).where(DataSource.en_name == en_name)  # type: ignore[arg-type]
    return (await session.execute(stmt)).scalar_one_or_none()


async def save(session: AsyncSession, runtime: Runtime, payload: DataSourceSave) -> DataSource:
    """Creates or updates a data source; its kind must be known and its driver installed."""
    require(payload.en_name, EnNameRequired)
    require(payload.name, NameRequired)
    if payload.id == MASTER_ID or payload.en_name == MASTER_ID:
        raise MasterReadOnly()
    kind = engines.normalise_kind(payload.db_type)
    engines.require_driver(kind)
    record = await session.get(DataSource, payload.id) if payload.id else None
    clash = await by_en_name(session, str(payload.en_name))
    if clash is not None and (record is None or clash.id != record.id):
        raise EnNameTaken(enName=payload.en_name)
    verb = "saved"
    if record is None:
        record, verb = DataSource(id=payload.id or new_id(), en_name="", name="", db_type=kind), "created"
    else:
        runtime.engines.forget(_url(runtime, record))
    for name in ("en_name", "name", "host", "port", "db_name", "username", "options", "remarks"):
        setattr(record, name, getattr(payload, name))
    record.db_type, record.update_date = kind, now()
    if payload.password:
        record.password_enc = runtime.box.seal(payload.password)
    session.add(record)
    await session.flush()
    publish(session, "dataSource", record.id, verb, record.en_name)
    return record


async def test(session: AsyncSession, runtime: Runtime, payload: DataSourceSave) -> None:
    """Connects with the given fields (the stored password when none is given)."""
    kind = engines.normalise_kind(payload.db_type)
    password = payload.password
    if not password and payload.id and payload.id != MASTER_ID:
        stored = await session.get(DataSource, payload.id)
        password = runtime.box.open(stored.password_enc) if stored else None
    if payload.id == MASTER_ID:
        url = engines.target_for_url(runtime.settings.app_database_url).url
    else:
        url = engines.build_url(
            kind,
            host=payload.host,
            port=payload.port,
            database=payload.db_name,
            username=payload.username,
            password=password,
            options=payload.options,
        )
    try:
        await asyncio.to_thread(engines.probe, url)
    except Exception as exc:  # the driver's message is what the user needs to see
        raise ConnectFailed(detail=_first_line(exc)) from exc


async def en_name_free(session: AsyncSession, *, en_name: str, old_en_name: str = "") -> bool:
    """True when ``en_name`` is unused (or unchanged)."""
    if en_name == old_en_name and en_name:
        return True
    if en_name == MASTER_ID:
        return False
    return await by_en_name(session, en_name) is None


async def delete(session: AsyncSession, runtime: Runtime, ids: list[str]) -> None:
    """Deletes data sources no table design uses; master cannot be deleted."""
    for ds_id in ids:
        if ds_id == MASTER_ID:
            raise MasterReadOnly()
        record = await session.get(DataSource, ds_id)
        if record is None:
            continue
        used = await session.execute(select(func.count()).where(_TABLE_DESIGNS.c.data_source_id == ds_id))
        if used.scalar_one():
            raise DataSourceInUse(name=record.name)
        runtime.engines.forget(_url(runtime, record))
        await session.delete(record)
        publish(session, "dataSource", ds_id, "deleted", record.en_name)
    await session.flush()


async def tree(session: AsyncSession, runtime: Runtime) -> list[dict[str, Any]]:
    """[{label, type:'db', children:[{id, label, enName, dbType}]}] as the client's tree reads it."""
    sources = await all_sources(session, runtime)
    children = [
        {
            "id": s["id"],
            "label": s["name"],
            "name": s["name"],
            "enName": s["enName"],
            "dbType": s["dbType"],
            "type": "dataSource",
            "children": [],
        }
        for s in sources
    ]
    root = "Database connections" if current_language.get() == EN else "数据库连接"
    return [{"id": "-1", "label": root, "name": root, "type": "db", "children": children}]


async def target(session: AsyncSession, runtime: Runtime, ds_id: str | None) -> engines.Target:
    """Where a data source points (master when empty)."""
    if not ds_id or ds_id == MASTER_ID:
        return engines.target_for_url(runtime.settings.app_database_url)
    record = await get(session, ds_id)
    return engines.Target(kind=record.db_type, url=_url(runtime, record))


async def target_by_en_name(session: AsyncSession, runtime: Runtime, en_name: str | None) -> engines.Target:
    """Where a data source named by its key points (master when empty)."""
    if not en_name or en_name == MASTER_ID:
        return await target(session, runtime, MASTER_ID)
    record = await by_en_name(session, en_name)
    if record is None:
        record = await get(session, en_name)  # the client may send the id
    return await target(session, runtime, record.id)


async def names(session: AsyncSession, runtime: Runtime) -> dict[str, str]:
    """Data-source id -> display name (master included)."""
    rows = (await session.execute(select(DataSource.id, DataSource.name))).all()  # type: ignore[call-overload]
    return {MASTER_ID: master(runtime)["name"], **{row[0]: row[1] for row in rows}}


def _url(runtime: Runtime, record: DataSource) -> str:
    return engines.build_url(
        record.db_type,
        host=record.host,
        port=record.port,
        database=record.db_name,
        username=record.username,
        password=runtime.box.open(record.password_enc),
        options=record.options,
    )


def _first_line(exc: Exception) -> str:
    text = str(getattr(exc, "orig", None) or exc).strip()
    return text.splitlines()[0][:300] if text else type(exc).__name__
