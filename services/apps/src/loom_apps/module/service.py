"""The module records: receiving a version, claiming one to test, recording how it went."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from sqlalchemy import func, select, text
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_apps import events
from loom_apps.module.errors import LogNotYours, ModuleNotFound, ModuleNotLive
from loom_apps.module.models import (
    FAILED,
    GENERATED,
    LIVE,
    TESTING,
    UNPUBLISHED,
    AppModule,
    AppModuleVersion,
)
from loom_contracts.loom.gencode.v1 import events_pb2 as gencode_events
from loom_platform.outbox import utcnow
from loom_platform.wire import new_id


async def receive(session: AsyncSession, published: gencode_events.ModulePublished) -> AppModuleVersion:
    """Records a published version (state generated); a version received twice changes nothing."""
    stmt = select(AppModuleVersion).where(
        AppModuleVersion.name == published.name, AppModuleVersion.version == published.version
    )
    found: AppModuleVersion | None = (await session.execute(stmt)).scalar_one_or_none()
    if found is not None:
        return found
    version = AppModuleVersion(
        id=new_id(),
        name=published.name,
        version=published.version,
        package=published.package,
        backend=published.backend,
        frontend=published.frontend,
        pages=published.pages or "{}",
        state=GENERATED,
        generated_by=published.generated_by,
    )
    session.add(version)
    module = await session.get(AppModule, published.name, with_for_update=True)
    if module is None:
        module = AppModule(
            name=published.name,
            table_id=published.table_id,
            table_name=published.table_name,
            permission=published.permission,
            version=published.version,
            state=GENERATED,
        )
    elif published.version >= module.version:
        module.version, module.state = published.version, GENERATED
        module.table_id, module.table_name = published.table_id, published.table_name
        module.permission = published.permission
    module.update_date = utcnow()
    session.add(module)
    await session.flush()
    return version


async def claim(session: AsyncSession, stale_after: dt.timedelta) -> AppModuleVersion | None:
    """The oldest version waiting for its tests (or one whose tester vanished), now ``testing``."""
    stale = utcnow() - stale_after
    stmt = (
        select(AppModuleVersion)
        .where(
            (AppModuleVersion.state == GENERATED)
            | ((AppModuleVersion.state == TESTING) & (AppModuleVersion.claimed_at < stale))
        )
        .order_by(AppModuleVersion.create_date)
        .limit(1)
        .with_for_update(skip_locked=True)
    )
    version: AppModuleVersion | None = (await session.execute(stmt)).scalar_one_or_none()
    if version is None:
        return None
    version.state, version.claimed_at = TESTING, utcnow()
    session.add(version)
    await _set_module_state(session, version, TESTING)
    await session.flush()
    return version


async def finish(
    session: AsyncSession, *, version_id: str, passed: bool, log: str, remote: bytes = b""
) -> AppModuleVersion:
    """Records a test run and page build: a passing version goes live with its remote (if no newer
    one is), a failing one does not."""
    version = await session.get(AppModuleVersion, version_id, with_for_update=True)
    if version is None:
        raise ModuleNotFound(name=version_id)
    version.state, version.log, version.remote = (LIVE if passed else FAILED), log, remote
    session.add(version)
    module = await session.get(AppModule, version.name, with_for_update=True)
    if module is not None:
        if passed and (module.live_version or 0) < version.version:
            module.live_version = version.version
        if module.version == version.version:
            module.state = version.state
        module.update_date = utcnow()
        session.add(module)
        events.module_changed(session, module, version.version, version.state)
    await session.flush()
    return version


async def _set_module_state(session: AsyncSession, version: AppModuleVersion, state: str) -> None:
    module = await session.get(AppModule, version.name, with_for_update=True)
    if module is not None and module.version == version.version:
        module.state, module.update_date = state, utcnow()
        session.add(module)
        events.module_changed(session, module, version.version, state)


async def live_versions(session: AsyncSession) -> list[tuple[AppModule, AppModuleVersion]]:
    """Every module serving a version, with that version's record."""
    stmt = select(AppModule, AppModuleVersion).join(
        AppModuleVersion,
        (AppModuleVersion.name == AppModule.name) & (AppModuleVersion.version == AppModule.live_version),
    )
    return [(row[0], row[1]) for row in (await session.execute(stmt)).all()]


async def get(session: AsyncSession, *, name: str) -> AppModule:
    """Gets a module by its name."""
    module = await session.get(AppModule, name)
    if module is None:
        raise ModuleNotFound(name=name)
    return module


async def modules(session: AsyncSession, *, table_ids: list[str] | None = None) -> list[dict[str, Any]]:
    """The modules (of some tables) with their states, newest change first."""
    stmt = select(AppModule).order_by(AppModule.update_date.desc())
    if table_ids:
        stmt = stmt.where(AppModule.table_id.in_(table_ids))
    return [public(m) for m in (await session.execute(stmt)).scalars().all()]


def public(module: AppModule) -> dict[str, Any]:
    """A module on the wire."""
    return {
        "name": module.name,
        "tableId": module.table_id,
        "tableName": module.table_name,
        "permission": module.permission,
        "state": module.state,
        "version": str(module.version),
        "liveVersion": str(module.live_version) if module.live_version else "",
        "href": f"/{module.name}/",
        "updateDate": module.update_date.isoformat(),
    }


async def log_of(
    session: AsyncSession, *, name: str, version: int | None = None, reader: str, admin: str
) -> dict[str, Any]:
    """The test log of a module's version (default: its latest), for the user who generated that
    version or the administrator (``admin``); anyone else is refused."""
    module = await get(session, name=name)
    wanted = version if version is not None else module.version
    stmt = select(AppModuleVersion).where(AppModuleVersion.name == name, AppModuleVersion.version == wanted)
    record = (await session.execute(stmt)).scalar_one_or_none()
    if record is None:
        raise ModuleNotFound(name=f"{name}@{wanted}")
    if reader != admin and (not record.generated_by or reader != record.generated_by):
        raise LogNotYours(name=name)
    return {"name": name, "version": str(record.version), "state": record.state, "log": record.log}


async def pages_of(session: AsyncSession, *, name: str) -> tuple[AppModule, dict[str, Any]]:
    """A live module and its pages (what the portal renders)."""
    module = await get(session, name=name)
    if module.live_version is None:
        raise ModuleNotLive(name=name)
    stmt = select(AppModuleVersion.pages).where(
        AppModuleVersion.name == name, AppModuleVersion.version == module.live_version
    )
    pages = (await session.execute(stmt)).scalar_one()
    return module, json.loads(pages or "{}")


def _live_join() -> Any:
    return (AppModule.name == AppModuleVersion.name) & (AppModule.live_version == AppModuleVersion.version)


async def built_remotes(session: AsyncSession) -> dict[str, int]:
    """Module name → its live version, for the live versions whose pages were built into a remote."""
    stmt = (
        select(AppModuleVersion.name, AppModuleVersion.version)
        .join(AppModule, _live_join())
        .where(func.length(AppModuleVersion.remote) > 0)
    )
    return {str(name): int(version) for name, version in (await session.execute(stmt)).all()}


async def live_remote(session: AsyncSession, *, name: str) -> int | None:
    """A live module's version when its pages were built into a remote (None otherwise)."""
    stmt = (
        select(AppModuleVersion.version)
        .join(AppModule, _live_join())
        .where(AppModule.name == name, func.length(AppModuleVersion.remote) > 0)
    )
    version = (await session.execute(stmt)).scalar_one_or_none()
    return None if version is None else int(version)


async def remote_of(session: AsyncSession, *, name: str, version: int) -> bytes:
    """A version's remote (a zip of remoteEntry.js and its chunks)."""
    stmt = select(AppModuleVersion.remote).where(
        AppModuleVersion.name == name, AppModuleVersion.version == version
    )
    remote = (await session.execute(stmt)).scalar_one_or_none()
    if not remote:
        raise ModuleNotFound(name=f"{name}@{version}")
    return bytes(remote)


async def unpublish(session: AsyncSession, *, table_id: str) -> list[str]:
    """Takes a table's modules offline (their tables and rows stay); answers their names."""
    stmt = select(AppModule).where(AppModule.table_id == table_id).with_for_update()
    names = []
    for module in (await session.execute(stmt)).scalars().all():
        module.state, module.live_version, module.update_date = UNPUBLISHED, None, utcnow()
        session.add(module)
        events.module_changed(session, module, module.version, UNPUBLISHED)
        names.append(module.name)
    await session.flush()
    return names


async def prune(session: AsyncSession, *, keep: int = 5) -> None:
    """Forgets old versions' files beyond the newest ``keep`` of each module (the live one stays)."""
    await session.execute(
        text(
            "DELETE FROM app_module_version v USING (SELECT id, row_number() OVER (PARTITION BY name "
            "ORDER BY version DESC) AS n FROM app_module_version) r, app_module m WHERE v.id = r.id "
            "AND r.n > :keep AND m.name = v.name AND v.version IS DISTINCT FROM m.live_version"
        ),
        {"keep": keep},
    )
