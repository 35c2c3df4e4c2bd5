"""The one way every reference resource is listed, read, saved and deleted.

Nested rows (column types, Java fields, template files) arrive with their parent: a row
without id is inserted, a row with id is updated, a row flagged ``delFlag`` is deleted.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import delete as sa_delete
from sqlalchemy import select
from sqlmodel import SQLModel
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_gencode.common import is_deleted, publish
from loom_platform.errors import NotFound
from loom_platform.paging import PageParams, contains, empty_filter, paginate
from loom_platform.wire import WireModel, new_id, now


@dataclass(frozen=True)
class Child:
    """A nested list: ``model`` rows pointing to the parent by ``parent_key``."""

    model: type[SQLModel]
    parent_key: str
    wire_list: str
    wire: type[WireModel]
    fields: Sequence[str]
    validate: Callable[[Any], None] = lambda _row: None


@dataclass(frozen=True)
class Resource:
    """A reference resource: table, wire shape, rules, filters and sortable columns."""

    name: str
    model: type[SQLModel]
    wire: type[WireModel]
    fields: Sequence[str]
    validate: Callable[[Any], None]
    sortable: Mapping[str, str]
    like: Sequence[str] = ()
    equal: Sequence[str] = ()
    default_order: Sequence[str] = ("sort", "create_date")
    child: Child | None = None
    before_delete: Callable[[Any], None] | None = None
    extra_default: Mapping[str, Any] = field(default_factory=dict)


def _column(resource: Resource, name: str) -> Any:
    return getattr(resource.model, name)


async def page(
    session: AsyncSession, resource: Resource, params: PageParams, query: Mapping[str, str]
) -> Any:
    """A page of records filtered by the resource's search fields."""
    stmt = select(resource.model)
    for name in resource.like:
        value = empty_filter(query.get(_camel(name)))
        if value:
            stmt = stmt.where(contains(_column(resource, name), value))
    for name in resource.equal:
        value = empty_filter(query.get(_camel(name)))
        if value:
            stmt = stmt.where(_column(resource, name) == value)
    sortable = {col: _column(resource, attr) for col, attr in resource.sortable.items()}
    return await paginate(
        session,
        stmt,
        params,
        sortable=sortable,
        default_order=[_column(resource, n) for n in resource.default_order],
        render=lambda row: resource.wire.model_validate(row[0]).dump(),
    )


async def get(session: AsyncSession, resource: Resource, record_id: str) -> SQLModel:
    """The record, or NotFound."""
    record = await session.get(resource.model, record_id)
    if record is None:
        raise NotFound()
    return record


async def read(session: AsyncSession, resource: Resource, record_id: str) -> dict[str, Any]:
    """The record with its nested rows, as the client reads it."""
    record = await get(session, resource, record_id)
    body = resource.wire.model_validate(record).dump()
    if resource.child is not None:
        rows = await children(session, resource.child, record_id)
        body[resource.wire.model_fields[resource.child.wire_list].alias or resource.child.wire_list] = [
            resource.child.wire.model_validate(row).dump() for row in rows
        ]
    return body


async def children(session: AsyncSession, child: Child, parent_id: str) -> list[Any]:
    """Nested rows of a parent in their order."""
    model: Any = child.model
    stmt = select(model).where(getattr(model, child.parent_key) == parent_id).order_by(model.sort, model.id)
    return list((await session.execute(stmt)).scalars().all())


async def save(session: AsyncSession, resource: Resource, payload: Any) -> SQLModel:
    """Creates or updates a record (and its nested rows) after checking the resource's rules."""
    resource.validate(payload)
    record = await session.get(resource.model, payload.id) if payload.id else None
    verb = "saved"
    if record is None:
        record = resource.model(id=payload.id or new_id(), **dict(resource.extra_default))
        verb = "created"
    for name in resource.fields:
        setattr(record, name, getattr(payload, name))
    record.update_date = now()
    session.add(record)
    await session.flush()
    if resource.child is not None:
        await save_children(session, resource.child, record.id, getattr(payload, resource.child.wire_list))  # type: ignore[attr-defined]
    publish(session, resource.name, record.id, verb, str(getattr(payload, "label", "") or ""))  # type: ignore[attr-defined]
    return record


async def save_children(session: AsyncSession, child: Child, parent_id: str, rows: Sequence[Any]) -> None:
    """Applies nested rows: delete flagged ones, update known ones, insert new ones."""
    existing = {row.id: row for row in await children(session, child, parent_id)}
    for row in rows:
        if is_deleted(row.del_flag):
            if row.id and row.id in existing:
                await session.delete(existing[row.id])
            continue
        child.validate(row)
        target = existing.get(row.id) if row.id else None
        if target is None:
            target = child.model(id=new_id(), **{child.parent_key: parent_id})
        for name in child.fields:
            setattr(target, name, getattr(row, name))
        session.add(target)
    await session.flush()


async def delete(session: AsyncSession, resource: Resource, ids: Sequence[str]) -> int:
    """Deletes records (and their nested rows); returns how many were found."""
    found = 0
    for record_id in ids:
        record = await session.get(resource.model, record_id)
        if record is None:
            continue
        if resource.before_delete is not None:
            resource.before_delete(record)
        if resource.child is not None:
            model: Any = resource.child.model
            await session.execute(
                sa_delete(model).where(getattr(model, resource.child.parent_key) == record_id)
            )
        await session.delete(record)
        publish(session, resource.name, record_id, "deleted")
        found += 1
    await session.flush()
    return found


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)
