"""``/sys/dict/...``: dictionary types (the CRUD of ``resources.py``), values and the map."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from loom_platform import crud
from loom_platform.auth import CurrentPrincipal, Principal, require_permission
from loom_platform.crud import add_routes
from loom_platform.db import SessionDep, transaction
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.paging import Page, PageDep
from loom_platform.wire import split_ids
from loom_sys.dict import service
from loom_sys.dict.resources import DICT_TYPE
from loom_sys.dict.schemas import DictEntry, DictTypePublic, DictValuePublic, DictValueSave

router = APIRouter(prefix="/sys/dict", tags=["dict"])

CanView = Annotated[Principal, require_permission("sys:dict:view")]
CanAdd = Annotated[Principal, require_permission("sys:dict:add", "sys:dict:edit")]
CanDelete = Annotated[Principal, require_permission("sys:dict:del")]


@router.get("/type/list", response_model=Page[DictTypePublic])
async def list_types(
    session: SessionDep,
    page: PageDep,
    _: CanView,
    type: str | None = None,
    description: str | None = None,
) -> Any:
    """Dictionary types, paged; ``type`` and ``description`` filter by substring."""
    return await crud.page(session, DICT_TYPE, page, {"type": type, "description": description})


add_routes(router, DICT_TYPE)


@router.get("/getDictValue", response_model=list[DictValuePublic])
async def get_dict_values(session: SessionDep, _: CanView, dictTypeId: str) -> Any:  # noqa: N803 - wire name
    """The values of one dictionary (a bare array)."""
    return [service.render_value(v) for v in await service.values_of(session, dictTypeId)]


@router.get("/queryDictValue", response_model=DictValuePublic)
async def query_value(session: SessionDep, _: CanView, dictValueId: str) -> Any:  # noqa: N803 - wire name
    """One dictionary value."""
    return service.render_value(await service.get_value(session, dictValueId))


@router.post("/saveDictValue")
async def save_value(session: SessionDep, body: DictValueSave, principal: CanAdd) -> Message:
    """Creates or updates a dictionary value."""
    async with transaction(session):
        record = await service.save_value(session, body, actor=principal.user_id)
    return message(translate("sys.saved", what=translate("sys.what.dict_value"), name=record.label))


@router.delete("/deleteDictValue")
async def delete_values(session: SessionDep, _: CanDelete, ids: str = "") -> Message:
    """Deletes dictionary values."""
    async with transaction(session):
        await service.delete_values(session, split_ids(ids))
    return message(translate("sys.deleted", what=translate("sys.what.dict_value")))


@router.get("/getDictMap", response_model=dict[str, list[DictEntry]])
async def get_dict_map(
    session: SessionDep,
    _: CurrentPrincipal,
    dictTypeId: Annotated[str | None, Query()] = None,  # noqa: N803
) -> Any:
    """``{type: [{label, value, ...}]}``: every dictionary, or the comma-separated types named."""
    return await service.dict_map(session, split_ids(dictTypeId))
