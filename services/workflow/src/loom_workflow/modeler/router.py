"""``/app/rest/models`` and ``/flowable/model/...``: the designer's model calls."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import Response

from loom_platform.auth import Principal, require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.openapi import RECORD, download
from loom_platform.paging import PageDep, empty_filter
from loom_platform.wire import split_ids
from loom_workflow.engine_host import runtime_of
from loom_workflow.modeler import service
from loom_workflow.modeler.schemas import ModelCreate

router = APIRouter(tags=["model"])

VIEW_PERMISSIONS = service.VIEW_PERMISSIONS
CanView = Annotated[Principal, require_permission(*VIEW_PERMISSIONS)]
CanAdd = Annotated[Principal, require_permission("flowable:model:add", "flowable:model:design")]
CanEdit = Annotated[
    Principal, require_permission("flowable:model:edit", "flowable:model:design", "flowable:model:add")
]
CanDelete = Annotated[Principal, require_permission("flowable:model:del")]
CanDeploy = Annotated[Principal, require_permission("flowable:model:deploy")]


@router.post("/app/rest/models", openapi_extra=RECORD)
async def create_model(session: SessionDep, body: ModelCreate, principal: CanAdd) -> Any:
    """Creates an empty model; the answer carries its ``id``."""
    async with transaction(session):
        model = await service.create(session, body, actor=principal.user_id)
    return service.render(model)


@router.get("/app/rest/models/{model_id}/editor/json", openapi_extra=RECORD)
async def editor_json(session: SessionDep, model_id: str, _: CanView) -> Any:
    """The model for the designer, with ``lastUpdated`` (sent back on save to detect conflicts)."""
    model = await service.get(session, model_id)
    body = service.render(model, await service.latest_definition(session, model.key))
    return {**body, "modelId": model.id, "bpmnXml": model.bpmn_xml, "model": {"bpmnXml": model.bpmn_xml}}


@router.post("/flowable/model/saveModel/{model_id}", openapi_extra=RECORD)
async def save_model(
    session: SessionDep,
    model_id: str,
    principal: CanEdit,
    json_xml: Annotated[str, Form()],
    name: Annotated[str | None, Form()] = None,
    key: Annotated[str | None, Form()] = None,
    description: Annotated[str | None, Form()] = None,
    newversion: Annotated[str | None, Form()] = None,
    comment: Annotated[str | None, Form()] = None,
    lastUpdated: Annotated[str | None, Form()] = None,  # noqa: N803 - wire name
) -> Any:
    """Saves the designer's XML (form-encoded); 409 when the model changed since it was loaded."""
    async with transaction(session):
        model = await service.save_xml(
            session,
            model_id,
            xml=json_xml,
            name=name,
            key=key,
            description=description,
            comment=comment,
            new_version=(newversion or "false").lower() == "true",
            last_updated=lastUpdated,
            actor=principal.user_id,
        )
    return service.render(model)


@router.get("/flowable/model/getBpmnXml", responses=download("text/xml", "the BPMN XML"))
async def get_bpmn_xml(session: SessionDep, _: CanView, id: str) -> Response:
    """The model's BPMN XML as text."""
    model = await service.get(session, id)
    return Response(model.bpmn_xml or "", media_type="text/xml; charset=utf-8")


@router.get("/flowable/model/copy")
async def copy_model(session: SessionDep, principal: CanAdd, id: str) -> Message:
    """Copies a model under a new key."""
    async with transaction(session):
        await service.copy(session, id, actor=principal.user_id)
    return message(translate("workflow.model.copied"))


@router.delete("/flowable/model/delete")
async def delete_models(request: Request, session: SessionDep, _: CanDelete, ids: str = "") -> Message:
    """Deletes models with their definitions, instances and history."""
    async with transaction(session):
        await service.delete_many(session, runtime_of(request.app), split_ids(ids))
    return message(translate("workflow.deleted", what=translate("workflow.what.model")))


@router.get("/flowable/model/list")
async def list_models(
    session: SessionDep,
    page: PageDep,
    _: CanView,
    filterText: str | None = None,  # noqa: N803 - wire name
    category: str | None = None,
) -> Any:
    """Models, paged, with their latest definition (``procDef``)."""
    return await service.page(session, page, text=empty_filter(filterText), category=empty_filter(category))


@router.put("/flowable/model/updateCategory")
async def update_category(
    request: Request, session: SessionDep, _: CanEdit, id: str, category: str
) -> Message:
    """Sets the category of a definition (id: the process definition id, or a model id)."""
    async with transaction(session):
        await service.update_category(session, runtime_of(request.app), id, category)
    return message(translate("workflow.model.category_updated", category=category))


@router.put("/flowable/model/deploy")
async def deploy_model(
    request: Request, session: SessionDep, principal: CanDeploy, id: str, category: str | None = None
) -> Message:
    """Deploys the model as the next version of its key."""
    async with transaction(session):
        definition = await service.deploy(
            session, runtime_of(request.app), id, category=empty_filter(category), actor=principal.user_id
        )
    return message(translate("workflow.model.deployed", id=definition.id, version=definition.version))
