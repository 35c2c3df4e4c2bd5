"""HTTP routes of the reference data: /gencode/{validateType,showType,queryType,dataBaseType,customObj,
codeParam,templateGroup}/..."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Body, Request

from loom_gencode.reftypes import crud, service
from loom_gencode.reftypes.crud import Resource
from loom_gencode.reftypes.resources import CODE_PARAM, CUSTOM_OBJ, SIMPLE, TEMPLATE_GROUP
from loom_platform.auth import require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.openapi import fields_body
from loom_platform.paging import PageDep
from loom_platform.wire import split_ids

router = APIRouter(prefix="/gencode")


def _what(body: dict[str, Any]) -> str:
    return str(body.get("label") or body.get("name") or body.get("type") or "")


def _add_crud(resource: Resource, *, paged_list: bool = True) -> None:
    perm = f"gencode:{resource.name}"
    base = f"/{resource.name}"

    @router.post(
        f"{base}/save",
        name=f"{resource.name}_save",
        dependencies=[require_permission(f"{perm}:add", f"{perm}:edit")],
    )
    async def save(session: SessionDep, body: dict[str, Any] = Body(...)) -> Message:
        """Creates or updates a record with its nested rows; answers the success message."""
        payload = resource.wire.model_validate(body)
        async with transaction(session):
            await service.save(session, resource, payload)
        return message(translate("gencode.saved", what=_what(body)))

    @router.delete(
        f"{base}/delete", name=f"{resource.name}_delete", dependencies=[require_permission(f"{perm}:del")]
    )
    async def delete(session: SessionDep, ids: str = "") -> Message:
        """Deletes the records ``?ids=a,b``."""
        async with transaction(session):
            await crud.delete(session, resource, split_ids(ids))
        return message(translate("gencode.deleted", what=""))

    @router.get(
        f"{base}/queryById",
        name=f"{resource.name}_query_by_id",
        dependencies=[require_permission(f"{perm}:view", f"{perm}:edit")],
    )
    async def query_by_id(session: SessionDep, id: str) -> dict[str, Any]:  # noqa: A002 - the wire name
        """The record with its nested rows."""
        return await crud.read(session, resource, id)

    if paged_list:

        @router.get(
            f"{base}/list", name=f"{resource.name}_list", dependencies=[require_permission(f"{perm}:view")]
        )
        async def page(session: SessionDep, params: PageDep, request: Request) -> Any:
            """A page of records (records, total)."""
            return await crud.page(session, resource, params, request.query_params)


for _resource in SIMPLE:
    _add_crud(_resource)
_add_crud(CODE_PARAM, paged_list=True)
_add_crud(TEMPLATE_GROUP, paged_list=False)


@router.get(
    "/templateGroup/list",
    dependencies=[require_permission("gencode:templateGroup:view", "gencode:genTable:genCode")],
)
async def template_group_list(session: SessionDep, name: str = "") -> list[dict[str, Any]]:
    """Every template group (no paging), with its files, as a bare array."""
    return await service.template_groups(session, name=name)


@router.put("/templateGroup/copy", dependencies=[require_permission("gencode:templateGroup:add")])
async def template_group_copy(session: SessionDep, id: str) -> Message:  # noqa: A002 - the wire name
    """Copies a group and its files (the copy is never a system group)."""
    async with transaction(session):
        await service.copy_template_group(session, group_id=id)
    return message(translate("gencode.copied"))


@router.get(
    "/customObj/getByValue",
    dependencies=[require_permission("gencode:customObj:view", "gencode:genTable:view")],
)
async def custom_obj_by_value(session: SessionDep, value: str) -> dict[str, Any]:
    """A custom object by its full class name, with customFieldDTOList (empty when unknown)."""
    return await service.custom_obj_by_value(session, value=value)


@router.get(
    "/customObj/all", dependencies=[require_permission("gencode:customObj:view", "gencode:genTable:view")]
)
async def custom_obj_all(session: SessionDep) -> list[dict[str, Any]]:
    """Every custom object type (the Java type picker)."""
    return await service.custom_objs(session)


_ = CUSTOM_OBJ


@router.post(
    "/customObj/add",
    dependencies=[require_permission("gencode:customObj:add", "gencode:genTable:edit")],
    openapi_extra=fields_body(tableId="the table design", tableType="the design's table type"),
)
async def custom_obj_add(session: SessionDep, request: Request) -> Message:
    """Form ``tableId, tableType``: registers the table's entity as a custom object type."""
    from loom_gencode.table import service as table_service
    from loom_platform.fields import request_fields

    data = await request_fields(request)
    table = await table_service.get(session, data.get("tableId", ""))
    columns = await table_service.columns(session, table.id)
    async with transaction(session):
        await service.register_entity(
            session,
            label=table.comments or table.name,
            value=str(table.class_name),
            table_name=table.name,
            fields=[(c.java_field or c.name, c.comments or "") for c in columns],
        )
    return message(translate("gencode.custom_obj.added"))
