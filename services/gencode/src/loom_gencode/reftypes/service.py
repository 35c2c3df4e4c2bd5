"""Reference-data operations beyond plain CRUD: template groups, custom objects."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_gencode.common import publish
from loom_gencode.reftypes.models import CustomObj, TemplateGroup, TemplateObj
from loom_gencode.reftypes.resources import CUSTOM_OBJ, TEMPLATE_GROUP
from loom_gencode.reftypes.schemas import CustomFieldSave
from loom_platform import crud
from loom_platform.errors import NotFound
from loom_platform.paging import contains
from loom_platform.wire import new_id


async def template_groups(session: AsyncSession, *, name: str = "") -> list[dict[str, Any]]:
    """Every template group with its files, by sort."""
    stmt = select(TemplateGroup).order_by(TemplateGroup.sort, TemplateGroup.name)  # type: ignore[arg-type]
    if name.strip():
        stmt = stmt.where(contains(TemplateGroup.name, name.strip()))
    groups = (await session.execute(stmt)).scalars().all()
    return [await crud.read(session, TEMPLATE_GROUP, group.id) for group in groups]


async def copy_template_group(session: AsyncSession, *, group_id: str) -> TemplateGroup:
    """Copies a group and its files under the name "<name>-副本"."""
    source = await session.get(TemplateGroup, group_id)
    if source is None:
        raise NotFound()
    copy = TemplateGroup(
        id=new_id(),
        name=f"{source.name}-副本"[:200],
        type=source.type,
        sort=source.sort,
        remarks=source.remarks,
        is_system="0",
    )
    session.add(copy)
    assert TEMPLATE_GROUP.child is not None
    for row in await crud.children(session, TEMPLATE_GROUP.child, group_id):
        session.add(
            TemplateObj(
                id=new_id(),
                template_group_id=copy.id,
                name=row.name,
                sort=row.sort,
                contents=row.contents,
                is_child=row.is_child,
            )
        )
    await session.flush()
    publish(session, "templateGroup", copy.id, "created", copy.name)
    return copy


async def custom_obj_by_value(session: AsyncSession, *, value: str) -> dict[str, Any]:
    """A custom object by class name with its fields; an empty field list when unknown."""
    record = (
        await session.execute(select(CustomObj).where(CustomObj.value == value).limit(1))  # type: ignore[arg-type]
    ).scalar_one_or_none()
    if record is None:
        return {"value": value, "customFieldDTOList": []}
    return await crud.read(session, CUSTOM_OBJ, record.id)


async def custom_objs(session: AsyncSession) -> list[dict[str, Any]]:
    """Every custom object type, by sort."""
    rows = (await session.execute(select(CustomObj).order_by(CustomObj.sort, CustomObj.label))).scalars()  # type: ignore[arg-type]
    return [CUSTOM_OBJ.wire.model_validate(row).dump() for row in rows]


async def register_entity(
    session: AsyncSession, *, label: str, value: str, table_name: str, fields: list[tuple[str, str]]
) -> CustomObj:
    """Adds (or refreshes) a table's entity as a custom object type with its properties."""
    existing = (
        await session.execute(select(CustomObj).where(CustomObj.value == value).limit(1))  # type: ignore[arg-type]
    ).scalar_one_or_none()
    rows = [
        CustomFieldSave(name=name, remarks=remarks, sort=index * 10)
        for index, (name, remarks) in enumerate(fields)
    ]
    if existing is not None:
        assert CUSTOM_OBJ.child is not None
        for old in await crud.children(session, CUSTOM_OBJ.child, existing.id):
            await session.delete(old)
        await session.flush()
    payload = CUSTOM_OBJ.wire(
        id=existing.id if existing else None,
        label=label,
        value=value,
        table_name=table_name,
        data_url=f"/{table_name}/list",
        sort=existing.sort if existing else 1,
        type="0",
        description=label,
        customFieldDTOList=rows,
    )
    return await crud.save(session, CUSTOM_OBJ, payload)  # type: ignore[return-value]
