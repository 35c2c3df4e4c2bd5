"""HTTP routes of process form definitions: /extension/formDefinition/* and /extension/formDefinitionJson/*."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from loom_forms.definition import service
from loom_forms.definition.schemas import (
    DefinitionPublic,
    DefinitionSave,
    FormFields,
    VersionPublic,
    VersionSave,
)
from loom_platform.auth import require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.fields import request_fields
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.openapi import schema_body
from loom_platform.paging import Page, PageDep
from loom_platform.wire import split_ids

router = APIRouter(prefix="/extension")
PERM = service.PERM
VIEW = require_permission(f"{PERM}:view")
# Who works with processes reads the forms they carry: designers, starters and task handlers.
PROCESS_READERS = (
    f"{PERM}:view",
    "flowable:model:view",
    "flowable:start:view",
    "flowable:task:view",
    "flowable:task:audit",
    "flowable:apply:view",
    "flowable:historic:view",
    "flowable:instance:view",
    "extension:flowCopy:view",
)
READ = require_permission(*PROCESS_READERS)
WRITE = require_permission(f"{PERM}:add", f"{PERM}:edit")
DELETE = require_permission(f"{PERM}:del")


@router.get("/formDefinition/list", dependencies=[READ], response_model=Page[DefinitionPublic])
async def page(session: SessionDep, params: PageDep, request: Request) -> Any:
    """Definitions with their primary version (the process designer reads `size=-1, status=1`)."""
    return await service.page(session, params, request.query_params)


@router.get("/formDefinition/queryById", dependencies=[VIEW], response_model=DefinitionPublic)
async def query_by_id(session: SessionDep, id: str) -> dict[str, Any]:  # noqa: A002 - the wire name
    """A definition with its primary version."""
    return await service.read(session, id)


@router.get("/formDefinition/queryByJsonId", dependencies=[READ], response_model=DefinitionPublic)
async def query_by_json_id(session: SessionDep, jsonId: str) -> dict[str, Any]:  # noqa: N803
    """The definition of a version, with that version."""
    return await service.read_by_json_id(session, jsonId)


@router.post(
    "/formDefinition/save",
    openapi_extra=schema_body(DefinitionSave),
    dependencies=[WRITE],
)
async def save(session: SessionDep, request: Request) -> Message:
    """Creates or updates a definition (with a first version when `json` is given)."""
    body = DefinitionSave.model_validate(await request_fields(request, text=False))
    async with transaction(session):
        record = await service.save(session, body)
    return message(translate("forms.saved", what=record.name))


@router.delete("/formDefinition/delete", dependencies=[DELETE])
async def delete(session: SessionDep, ids: str = "") -> Message:
    """Deletes definitions with their versions."""
    async with transaction(session):
        await service.delete(session, split_ids(ids))
    return message(translate("forms.deleted", what=""))


@router.get("/formDefinitionJson/list", dependencies=[VIEW], response_model=Page[VersionPublic])
async def versions(session: SessionDep, params: PageDep, request: Request) -> Any:
    """Versions of a definition (`formDefinition.id`), newest first."""
    return await service.versions(session, params, request.query_params)


@router.get("/formDefinitionJson/queryById", dependencies=[READ], response_model=VersionPublic)
async def version_by_id(session: SessionDep, id: str) -> dict[str, Any]:  # noqa: A002
    """One version with its JSON."""
    return service.render_version(await service.get_version(session, id))


@router.get("/formDefinitionJson/getFormFields", dependencies=[READ], response_model=FormFields)
async def version_fields(session: SessionDep, id: str = "", jsonId: str = "") -> dict[str, Any]:  # noqa: A002,N803
    """The fields of a version (`id` or `jsonId`): `{id, name, version, fields[{id, name, type,
    required}]}`, what a node's form settings list as readable and writable."""
    return (await service.fields_of(session, id or jsonId)).render()


@router.post(
    "/formDefinitionJson/save",
    openapi_extra=schema_body(VersionSave),
    dependencies=[WRITE],
    response_model=VersionPublic,
    response_model_exclude_unset=True,
)
async def save_version(session: SessionDep, request: Request) -> dict[str, Any]:
    """Updates a version's JSON (`id`) or adds the next version (`formDefinition.id`); answers it."""
    body = VersionSave.model_validate(await request_fields(request, text=False))
    async with transaction(session):
        row = await service.save_version(session, body)
    return service.render_version(row, with_json=False)


@router.api_route("/formDefinitionJson/updatePrimary", methods=["PUT", "POST"], dependencies=[WRITE])
async def update_primary(session: SessionDep, id: str) -> Message:  # noqa: A002
    """Makes the version the definition's one primary, published version."""
    async with transaction(session):
        await service.update_primary(session, id)
    return message(translate("forms.definition.primary_set"))


@router.delete("/formDefinitionJson/delete", dependencies=[DELETE])
async def delete_versions(session: SessionDep, ids: str = "") -> Message:
    """Deletes versions other than the primary one."""
    async with transaction(session):
        await service.delete_versions(session, split_ids(ids))
    return message(translate("forms.deleted", what=""))
