"""HTTP routes of generation schemes: /gencode/scheme/..."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from loom_gencode.runtime import RuntimeDep
from loom_gencode.scheme import menu, service, workspace
from loom_gencode.scheme.schemas import Folder, SchemeSave
from loom_platform.auth import require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.fields import request_fields
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.openapi import fields_body

router = APIRouter(prefix="/gencode/scheme")
PERM = "gencode:genTable"


@router.post("/save", dependencies=[require_permission(f"{PERM}:genCode")])
async def save(session: SessionDep, body: SchemeSave) -> Message:
    """Saves a table's generation scheme."""
    async with transaction(session):
        await service.save_scheme(session, body)
    return message(translate("gencode.saved", what=body.function_name or ""))


@router.get("/getFileTree", dependencies=[require_permission(f"{PERM}:genCode")], response_model=list[Folder])
async def get_file_tree(runtime: RuntimeDep, parentNode: str = "") -> list[dict[str, Any]]:  # noqa: N803
    """One level of folders under ``parentNode`` (the workspace root when empty)."""
    return workspace.tree(runtime.settings.workspace, parentNode)


@router.post(
    "/createMenu",
    dependencies=[require_permission(f"{PERM}:createMenu")],
    openapi_extra=fields_body(
        name="the menu's name",
        tableId="the table design",
        tableType="the design's table type",
        icon="the menu's icon",
        **{"parent.id": "the parent menu"},
    ),
)
async def create_menu(session: SessionDep, runtime: RuntimeDep, request: Request) -> Message:
    """Form ``parent.id, name, tableId, tableType, icon``: asks sys for a page menu with buttons."""
    data = await request_fields(request)
    async with transaction(session):
        await menu.create(session, runtime, data)
    return message(translate("gencode.menu.created"))
