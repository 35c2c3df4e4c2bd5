"""``/gencode/customObj/add``: a table design's entity registered as a custom object type (the
reference types' own routes are ``reftypes/router.py``)."""

from __future__ import annotations

from fastapi import APIRouter, Request

from loom_gencode.reftypes import service as reftypes_service
from loom_gencode.table import service
from loom_platform.auth import require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.fields import request_fields
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.openapi import fields_body

router = APIRouter(prefix="/gencode/customObj")


@router.post(
    "/add",
    dependencies=[require_permission("gencode:customObj:add", "gencode:genTable:edit")],
    openapi_extra=fields_body(tableId="the table design", tableType="the design's table type"),
)
async def custom_obj_add(session: SessionDep, request: Request) -> Message:
    """Form ``tableId, tableType``: registers the table's entity as a custom object type."""
    data = await request_fields(request)
    table = await service.get(session, data.get("tableId", ""))
    columns = await service.columns(session, table.id)
    async with transaction(session):
        await reftypes_service.register_entity(
            session,
            label=table.comments or table.name,
            value=str(table.class_name),
            table_name=table.name,
            fields=[(c.java_field or c.name, c.comments or "") for c in columns],
        )
    return message(translate("gencode.custom_obj.added"))
