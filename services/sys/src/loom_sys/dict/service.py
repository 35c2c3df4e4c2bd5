"""Dictionaries: types and their values, and the map every screen caches."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import delete, select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform import crud
from loom_platform.errors import integrity_as
from loom_platform.wire import camel_fields, now
from loom_sys import events
from loom_sys.dict.errors import DictTypeTaken, DictValueTaken
from loom_sys.dict.models import DictType, DictValue
from loom_sys.dict.schemas import DictTypeSave, DictValueSave


def render_type(row: Any) -> dict[str, Any]:
    t: DictType = row[0] if isinstance(row, tuple) or hasattr(row, "_mapping") else row
    return camel_fields(t, "id", "type", "description", "description_en", "remarks")


def render_value(v: DictValue) -> dict[str, Any]:
    """A dictionary value as the client reads it."""
    return camel_fields(v, "id", "dict_type_id", "label", "label_en", "value", "sort", "remarks")


async def get_type(session: AsyncSession, type_id: str) -> DictType:
    """Gets a dictionary type by its id."""
    return await crud.get(session, DictType, type_id)


async def save_type(session: AsyncSession, data: DictTypeSave, *, actor: str) -> DictType:
    """Creates or updates a dictionary type; the type name is unique."""
    record = (
        await get_type(session, data.id)
        if data.id
        else DictType(type=data.type, create_by=actor, description="")
    )
    old_type = record.type
    record.type, record.description, record.remarks = data.type, data.description, data.remarks
    if "description_en" in data.model_fields_set:
        record.description_en = data.description_en or None
    record.update_by, record.update_date = actor, now()
    session.add(record)
    with integrity_as(DictTypeTaken(name=data.type)):
        await session.flush()
    events.dict_changed(session, record.id, record.type, events.UPDATED if data.id else events.CREATED)
    if data.id and old_type != record.type:
        events.dict_changed(session, record.id, old_type, events.UPDATED)
    return record


async def delete_types(session: AsyncSession, ids: Sequence[str]) -> None:
    """Deletes dictionary types with their values."""
    for type_id in ids:
        record = await session.get(DictType, type_id)
        if record is None:
            continue
        await session.execute(delete(DictValue).where(DictValue.dict_type_id == type_id))  # type: ignore[arg-type]
        await session.delete(record)
        events.dict_changed(session, type_id, record.type, events.DELETED)
    await session.flush()


async def values_of(session: AsyncSession, type_id: str) -> list[DictValue]:
    """The values of a dictionary type in sort order."""
    stmt = (
        select(DictValue).where(DictValue.dict_type_id == type_id).order_by(DictValue.sort, DictValue.value)
    )  # type: ignore[arg-type]
    return list((await session.execute(stmt)).scalars().all())


async def get_value(session: AsyncSession, value_id: str) -> DictValue:
    return await crud.get(session, DictValue, value_id)


async def save_value(session: AsyncSession, data: DictValueSave, *, actor: str) -> DictValue:
    """Creates or updates a value; a value is unique within its dictionary."""
    dict_type = await get_type(session, data.dict_type_id)
    record = (
        await get_value(session, data.id)
        if data.id
        else DictValue(dict_type_id=dict_type.id, label="", value="", create_by=actor)
    )
    duplicate = (
        await session.execute(
            select(DictValue.id).where(  # type: ignore[call-overload]
                DictValue.dict_type_id == dict_type.id,
                DictValue.value == data.value,
                DictValue.id != record.id,
            )
        )
    ).first()
    if duplicate:
        raise DictValueTaken(name=data.value)
    record.dict_type_id, record.label, record.value = dict_type.id, data.label, data.value
    if "label_en" in data.model_fields_set:
        record.label_en = data.label_en or None
    record.sort, record.remarks, record.update_by, record.update_date = data.sort, data.remarks, actor, now()
    session.add(record)
    await session.flush()
    events.dict_changed(session, dict_type.id, dict_type.type, events.UPDATED)
    return record


async def delete_values(session: AsyncSession, ids: Sequence[str]) -> None:
    for value_id in ids:
        record = await session.get(DictValue, value_id)
        if record is None:
            continue
        dict_type = await session.get(DictType, record.dict_type_id)
        await session.delete(record)
        if dict_type is not None:
            events.dict_changed(session, dict_type.id, dict_type.type, events.UPDATED)
    await session.flush()


async def dict_map(session: AsyncSession, types: Sequence[str] = ()) -> dict[str, list[dict[str, Any]]]:
    """``{type: [{id,label,labelEn,value,sort}]}`` for the named types, or all of them."""
    stmt = select(DictType.type, DictValue).join(DictValue, DictValue.dict_type_id == DictType.id)  # type: ignore[arg-type]
    if types:
        stmt = stmt.where(DictType.type.in_(list(types)))  # type: ignore[attr-defined]
    stmt = stmt.order_by(DictType.type, DictValue.sort, DictValue.value)  # type: ignore[arg-type]
    result: dict[str, list[dict[str, Any]]] = {}
    for type_name, value in (await session.execute(stmt)).all():
        result.setdefault(type_name, []).append(
            {
                "id": value.id,
                "label": value.label,
                "labelEn": value.label_en,
                "value": value.value,
                "sort": value.sort,
            }
        )
    if types:
        for name in types:
            result.setdefault(name, [])
    return result
