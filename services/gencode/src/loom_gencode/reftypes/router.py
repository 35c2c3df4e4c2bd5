"""HTTP routes of the reference data: /gencode/{validateType,showType,queryType,dataBaseType,customObj,
codeParam,templateGroup}/..."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from loom_gencode.reftypes import service
from loom_gencode.reftypes.resources import ALL
from loom_gencode.reftypes.schemas import CustomObjPublic, CustomObjSave, TemplateGroupPublic
from loom_platform.auth import require_permission
from loom_platform.crud import add_routes
from loom_platform.db import SessionDep, transaction
from loom_platform.http import Message, message
from loom_platform.i18n import translate

router = APIRouter(prefix="/gencode")

for _resource in ALL:
    add_routes(router, _resource, prefix=f"/{_resource.name}")


@router.get(
    "/templateGroup/list",
    dependencies=[require_permission("gencode:templateGroup:view", "gencode:genTable:genCode")],
    response_model=list[TemplateGroupPublic],
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
    response_model=CustomObjSave,
    response_model_exclude_unset=True,
)
async def custom_obj_by_value(session: SessionDep, value: str) -> dict[str, Any]:
    """A custom object by its full class name, with customFieldDTOList (when unknown: only the
    value and an empty list)."""
    return await service.custom_obj_by_value(session, value=value)


@router.get(
    "/customObj/all",
    dependencies=[require_permission("gencode:customObj:view", "gencode:genTable:view")],
    response_model=list[CustomObjPublic],
)
async def custom_obj_all(session: SessionDep) -> list[dict[str, Any]]:
    """Every custom object type (the Java type picker)."""
    return await service.custom_objs(session)
