"""``/app/rest/import-process-model`` and ``/app/rest/models/{id}/bpmn20``: BPMN files in and out
(the model list's import button posts the file; its export opens the download in a window)."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Depends, Request, UploadFile
from fastapi.responses import Response

from loom_platform.auth import holds_any
from loom_platform.db import SessionDep, transaction
from loom_platform.errors import PermissionDenied
from loom_platform.openapi import download
from loom_workflow.modeler import importer, service
from loom_workflow.modeler.errors import InvalidModel
from loom_workflow.modeler.router import CanAdd
from loom_workflow.modeler.schemas import ModelPublic
from loom_workflow.signedurl.access import SignedOrCaller

router = APIRouter(tags=["model"])

MAX_BPMN_BYTES = 5 * 1024 * 1024
MODEL_VIEW = ("flowable:model:view", "flowable:model:design")


@router.post("/app/rest/import-process-model", response_model=ModelPublic, response_model_exclude_unset=True)
async def import_process_model(session: SessionDep, principal: CanAdd, file: UploadFile) -> Any:
    """A new model from an uploaded BPMN file (multipart ``file``); answers it with its ``id``."""
    content = await file.read(MAX_BPMN_BYTES + 1)
    if len(content) > MAX_BPMN_BYTES:
        raise InvalidModel(detail=f"> {MAX_BPMN_BYTES} bytes")
    async with transaction(session):
        model = await importer.import_xml(session, importer.text_of(content), actor=principal.user_id)
    return service.render(model)


async def _signed_or_model_viewer(request: Request, caller: SignedOrCaller) -> None:
    """Lets a signed URL through, or a caller who may view models (403 otherwise)."""
    if caller is not None and not holds_any(request, *MODEL_VIEW):
        raise PermissionDenied(permission=" | ".join(MODEL_VIEW))


@router.get(
    "/app/rest/models/{model_id}/bpmn20",
    responses=download("application/xml", "the BPMN file"),
    dependencies=[Depends(_signed_or_model_viewer)],
)
async def bpmn20(session: SessionDep, model_id: str) -> Response:
    """The model's BPMN XML as a ``<key>.bpmn20.xml`` download (``version`` only defeats caches);
    with the token header for model viewers, or a signed URL."""
    model = await service.get(session, model_id)
    name = quote(f"{model.key}.bpmn20.xml")
    disposition = f"attachment; filename={name}; filename*=UTF-8''{name}"
    return Response(
        model.bpmn_xml or "",
        media_type="application/xml; charset=utf-8",
        headers={"Content-Disposition": disposition, "Access-Control-Expose-Headers": "Content-Disposition"},
    )
