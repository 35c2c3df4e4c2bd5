"""HTTP routes of code generation, on the table screens: /gencode/table/{queryGenCodeForm,genCode,
previewCode,downloadCode,getFormUrl} (the designs' own routes are ``table/router.py``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response

from loom_gencode.generate import service
from loom_gencode.generate.schemas import GenerateRequest, RenderedFile
from loom_gencode.runtime import RuntimeDep
from loom_gencode.scheme import service as scheme_service
from loom_gencode.scheme.schemas import GenCodeForm, SchemeSave
from loom_platform.auth import Principal, require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.openapi import download

router = APIRouter(prefix="/gencode/table")
PERM = "gencode:genTable"


@router.get(
    "/queryGenCodeForm", dependencies=[require_permission(f"{PERM}:genCode")], response_model=GenCodeForm
)
async def query_gen_code_form(session: SessionDep, tableId: str) -> dict[str, Any]:  # noqa: N803
    """``{scheme, templateGroupList, tableList}`` for the generate dialog."""
    return await scheme_service.gen_code_form(session, table_id=tableId)


@router.post("/genCode")
async def gen_code(
    session: SessionDep,
    runtime: RuntimeDep,
    body: GenerateRequest,
    principal: Principal = require_permission(f"{PERM}:genCode"),
) -> Message:
    """Saves the scheme and writes the generated files under the workspace, merged with hand edits;
    refused, writing nothing, while a conflicting file has no side chosen in ``resolutions``."""
    async with transaction(session):
        written = await service.generate(session, runtime, body, body.resolutions, user_id=principal.user_id)
    return message(translate("gencode.gen.done", path=written))


@router.post("/previewCode", dependencies=[require_permission(f"{PERM}:genCode")])
async def preview_code(session: SessionDep, runtime: RuntimeDep, body: SchemeSave) -> list[RenderedFile]:
    """The files ``[{path, content, status}]`` as generating would leave them, without writing."""
    return await service.preview(session, runtime, body)


@router.post(
    "/downloadCode",
    dependencies=[require_permission(f"{PERM}:genCode")],
    responses=download("application/zip", "the generated files"),
)
async def download_code(session: SessionDep, runtime: RuntimeDep, body: SchemeSave) -> Response:
    """The rendered files as a zip (the raw header value is the URL-encoded file name, as JeePlus)."""
    name, data = await service.zip_files(session, runtime, body)
    return Response(
        data,
        media_type="application/zip",
        headers={
            "Content-Disposition": name,
            "Access-Control-Expose-Headers": "Content-Disposition",
        },
    )


@router.get("/getFormUrl", dependencies=[require_permission(f"{PERM}:view")])
async def get_form_url(session: SessionDep, tableId: str) -> str:  # noqa: N803
    """The workflow form address of a type-6 table."""
    return await service.form_url(session, table_id=tableId)
