"""HTTP routes of a design's synchronisation: /gencode/table/synchDb, syncPreview and deleteDb
(the table screens' paths, as JeePlus names them; the design itself is the table domain's)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from loom_gencode.runtime import RuntimeDep
from loom_gencode.sync import service
from loom_gencode.sync.schemas import SyncPreview
from loom_platform.auth import require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.fields import request_fields
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.openapi import fields_body

router = APIRouter(prefix="/gencode/table")
PERM = "gencode:genTable"


@router.delete("/deleteDb", dependencies=[require_permission(f"{PERM}:del")])
async def delete_db(session: SessionDep, runtime: RuntimeDep, id: str) -> Message:  # noqa: A002
    """Removes a design and drops its physical table."""
    async with transaction(session):
        await service.drop_physical(session, runtime, table_id=id)
    return message(translate("gencode.table.dropped"))


@router.post(
    "/synchDb",
    dependencies=[require_permission(f"{PERM}:sync")],
    openapi_extra=fields_body(
        id="the table design", isForce="'1' alter and keep data, '2' drop and re-create"
    ),
)
async def synch_db(session: SessionDep, runtime: RuntimeDep, request: Request) -> Message:
    """Form ``id, isForce``: '1' alters and keeps data, '2' drops and re-creates."""
    data = await request_fields(request)
    async with transaction(session):
        await service.synchronise(
            session, runtime, table_id=data.get("id", ""), is_force=data.get("isForce", "")
        )
    return message(translate("gencode.sync.done"))


@router.get("/syncPreview", dependencies=[require_permission(f"{PERM}:sync")], response_model=SyncPreview)
async def sync_preview(
    session: SessionDep, runtime: RuntimeDep, id: str, isForce: str = "1"
) -> dict[str, Any]:  # noqa: A002,N803
    """The DDL a sync would run; ``lossy`` marks statements that can lose data."""
    return await service.preview(session, runtime, table_id=id, is_force=isForce)
