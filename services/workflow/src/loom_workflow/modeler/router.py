"""``/app/rest/models`` and ``/flowable/model/...``: the designer's model calls."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Form, Path, Query
from fastapi.responses import Response

from loom_platform.auth import CurrentAccess, Principal, require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.openapi import download
from loom_platform.paging import PageDep, empty_filter
from loom_platform.wire import split_ids
from loom_workflow.engine_host import RuntimeDep
from loom_workflow.modeler import rights, service
from loom_workflow.modeler.models import ProcessModel
from loom_workflow.modeler.schemas import ModelCreate, ModelEditor, ModelPage, ModelPublic
from loom_workflow.proctest import service as proctest_service

router = APIRouter(tags=["model"])

# Either family lets a call in; the model's type then decides (modeler/rights.py).
CanView = Annotated[Principal, require_permission(*rights.permissions("view"))]
CanAdd = Annotated[Principal, require_permission(*rights.permissions("add"))]
CanEdit = Annotated[Principal, require_permission(*rights.permissions("edit"))]
CanDelete = Annotated[Principal, require_permission(*rights.permissions("del"))]
CanDeploy = Annotated[Principal, require_permission(*rights.permissions("deploy"))]


def _model_for(action: str, source: Any) -> Any:
    """A dependency answering the model named by ``source`` (its path or query parameter) once the
    caller may ``action`` models of its type (404 for no such model, then 403). Declared after the
    route's permission, which is checked first."""

    async def checked(access: CurrentAccess, session: SessionDep, model_id: str = source) -> ProcessModel:
        model = await service.get(session, model_id)
        rights.check(access, model.model_type, action)
        return model

    return Depends(checked)


ViewedModel = Annotated[ProcessModel, _model_for("view", Path(alias="model_id"))]
EditedModel = Annotated[ProcessModel, _model_for("edit", Path(alias="model_id"))]
ViewedModelById = Annotated[ProcessModel, _model_for("view", Query(alias="id"))]
CopiedModel = Annotated[ProcessModel, _model_for("add", Query(alias="id"))]
DeployedModel = Annotated[ProcessModel, _model_for("deploy", Query(alias="id"))]


@router.post("/app/rest/models", response_model=ModelPublic, response_model_exclude_unset=True)
async def create_model(
    access: CurrentAccess, session: SessionDep, body: ModelCreate, principal: CanAdd
) -> Any:
    """Creates an empty model (``modelType`` 0: a process, 4: a decision table); the answer carries its ``id``."""
    rights.check(access, body.model_type, "add")
    async with transaction(session):
        model = await service.create(session, body, actor=principal.user_id)
    return service.render(model)


@router.get(
    "/app/rest/models/{model_id}/editor/json", response_model=ModelEditor, response_model_exclude_unset=True
)
async def editor_json(session: SessionDep, _: CanView, model: ViewedModel) -> Any:
    """The model for the designer, with ``lastUpdated`` (sent back on save to detect conflicts)."""
    body = service.render(model, await service.latest_definition(session, model))
    return {**body, "modelId": model.id, "bpmnXml": model.bpmn_xml, "model": {"bpmnXml": model.bpmn_xml}}


@router.post(
    "/flowable/model/saveModel/{model_id}", response_model=ModelPublic, response_model_exclude_unset=True
)
async def save_model(
    session: SessionDep,
    principal: CanEdit,
    edited: EditedModel,
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
            edited.id,
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
async def get_bpmn_xml(_: CanView, model: ViewedModelById) -> Response:
    """The model's XML (BPMN, or DMN for a decision model) as text."""
    return Response(model.bpmn_xml or "", media_type="text/xml; charset=utf-8")


@router.get("/flowable/model/copy")
async def copy_model(session: SessionDep, principal: CanAdd, copied: CopiedModel) -> Message:
    """Copies a model under a new key."""
    async with transaction(session):
        await service.copy(session, copied.id, actor=principal.user_id)
    return message(translate("workflow.model.copied"))


@router.delete("/flowable/model/delete")
async def delete_models(
    access: CurrentAccess, runtime: RuntimeDep, session: SessionDep, _: CanDelete, ids: str = ""
) -> Message:
    """Deletes models with their definitions, instances and history (a decision model: the model;
    its deployed versions stay, as the evaluations recorded refer to them)."""
    ids_list = split_ids(ids)
    for model_type in await service.types_of(session, ids_list):
        rights.check(access, model_type, "del")
    async with transaction(session):
        await service.delete_many(session, runtime, ids_list)
    return message(translate("workflow.deleted", what=translate("workflow.what.model")))


@router.get("/flowable/model/list", response_model=ModelPage, response_model_exclude_unset=True)
async def list_models(
    access: CurrentAccess,
    session: SessionDep,
    page: PageDep,
    _: CanView,
    filterText: str | None = None,  # noqa: N803 - wire name
    category: str | None = None,
    modelType: int = rights.PROCESS,  # noqa: N803 - wire name
) -> Any:
    """Models of one type (processes by default, ``modelType=4``: decisions), paged, each with its
    latest deployed version (``procDef``)."""
    rights.check(access, modelType, "view")
    return await service.page(
        session,
        page,
        text=empty_filter(filterText),
        category=empty_filter(category),
        kind=rights.kind_of(modelType),
    )


@router.put("/flowable/model/updateCategory")
async def update_category(
    access: CurrentAccess, runtime: RuntimeDep, session: SessionDep, _: CanEdit, id: str, category: str
) -> Message:
    """Sets the category of a definition (id: the process definition id, or a model id)."""
    rights.check(access, rights.PROCESS, "edit")
    async with transaction(session):
        await service.update_category(session, runtime, id, category)
    return message(translate("workflow.model.category_updated", category=category))


@router.put("/flowable/model/deploy")
async def deploy_model(
    runtime: RuntimeDep,
    session: SessionDep,
    principal: CanDeploy,
    model: DeployedModel,
    category: str | None = None,
    overrideReason: str | None = None,  # noqa: N803
) -> Message:
    """Deploys the model as the next version of its key (a process with the decision models its
    business-rule tasks bind to its own deployment; a decision model alone). A process's saved tests
    run first: one failing refuses the publication, unless ``overrideReason`` says why (logged)."""
    model_type = model.model_type
    failed = None
    if rights.kind_of(model_type) != rights.DECISION:
        failed = await proctest_service.gate(
            session, runtime, runtime.directory, model.id, override_reason=overrideReason
        )
    async with transaction(session):
        definition = await service.deploy(
            session, runtime, model.id, category=empty_filter(category), actor=principal.user_id
        )
        if rights.kind_of(model_type) != rights.DECISION:
            await proctest_service.published(
                session,
                model,
                definition.version,
                failed=failed,
                reason=overrideReason,
                actor=principal.user_id,
            )
    if rights.kind_of(model_type) == rights.DECISION:
        return message(
            translate("workflow.decision.deployed", key=definition.key, version=definition.version)
        )
    return message(translate("workflow.model.deployed", id=definition.id, version=definition.version))
