"""The one way every extension record is listed, read, saved and deleted.

A :class:`Resource` declares a family of ``/extension/<name>/{list,queryById,save,delete}`` routes
(its table, who may call each route, its filters, sort columns and order, how it is saved and
read); :func:`add_routes` serves it. The resources themselves are data in ``resources.py``.
"""

# No ``from __future__ import annotations``: the routes' parameter types are read by FastAPI
# when the routes are built, and the body type of ``save`` is the resource's own schema.

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, TypeVar

import orjson
from fastapi import APIRouter, Depends, Request
from pydantic import ValidationError
from pydantic.alias_generators import to_camel
from sqlalchemy import select
from sqlmodel import SQLModel
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.auth import Principal, current_principal, require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.errors import InvalidArgument, NotFound
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.openapi import RECORD, list_body
from loom_platform.paging import PageDep, PageParams, empty_filter, paginate
from loom_platform.wire import WireModel, split_ids

Saver = Callable[[AsyncSession, Any, str], Awaitable[str]]
"""Saves a validated body for an actor; answers the name the success message shows."""


@dataclass(frozen=True)
class Access:
    """The permissions of each route (any of them lets the call through; none: any signed-in user)."""

    list: Sequence[str] = ()
    read: Sequence[str] = ()
    save: Sequence[str] = ()
    delete: Sequence[str] = ()


@dataclass(frozen=True)
class Resource:
    """An extension record family: table, access, filters, order, and how it is saved and read."""

    name: str
    """The route segment: ``/extension/<name>/...``."""
    model: type[SQLModel]
    what: str
    """Its name in the messages: ``workflow.what.<what>``."""
    access: Access
    save: Saver
    body: type[WireModel]
    """The schema of a saved record; with ``many`` the body is a JSON list of them."""
    many: bool = False
    like: Mapping[str, str] = field(default_factory=dict)
    """Query parameter → attribute, matched by substring."""
    equal: Mapping[str, str] = field(default_factory=dict)
    """Query parameter → attribute, matched exactly."""
    sortable: Mapping[str, str] = field(default_factory=dict)
    """Wire sort column → attribute."""
    order: Sequence[str] = ()
    """Default order: attributes, ``-`` first for descending."""
    read: Callable[[AsyncSession, Any], Awaitable[dict[str, Any]]] | None = None
    """How ``queryById`` answers a record (default: :func:`render`)."""


def render(record: SQLModel) -> dict[str, Any]:
    """A record with camelCase keys."""
    return {to_camel(k): v for k, v in record.model_dump().items()}


M = TypeVar("M", bound=SQLModel)


async def get(session: AsyncSession, model: type[M], record_id: str) -> M:
    """Gets a record by its id, or NotFound."""
    found = await session.get(model, record_id)
    if found is None:
        raise NotFound()
    return found


async def page(
    session: AsyncSession, resource: Resource, params: PageParams, query: Mapping[str, str]
) -> Any:
    """A page of records filtered by the resource's query parameters."""
    model: Any = resource.model
    stmt = select(model)
    for param, attr in resource.like.items():
        value = empty_filter(query.get(param))
        if value:
            stmt = stmt.where(getattr(model, attr).ilike(f"%{value}%"))
    for param, attr in resource.equal.items():
        value = empty_filter(query.get(param))
        if value:
            stmt = stmt.where(getattr(model, attr) == value)
    sortable = {column: getattr(model, attr) for column, attr in resource.sortable.items()}
    order = [
        getattr(model, name[1:]).desc() if name.startswith("-") else getattr(model, name)
        for name in resource.order
    ]
    return await paginate(
        session, stmt, params, sortable=sortable, default_order=order, render=lambda row: render(row[0])
    )


async def delete_ids(session: AsyncSession, model: type[SQLModel], ids: Sequence[str]) -> None:
    """Deletes records by id (unknown ids are skipped)."""
    for record_id in ids:
        found = await session.get(model, record_id)
        if found is not None:
            await session.delete(found)
    await session.flush()


async def json_list(request: Request) -> list[dict[str, Any]]:
    """The body of a batch save: a JSON list (also as a JSON string, or ``{list|data: [...]}``)."""
    raw = await request.body()
    try:
        data = orjson.loads(raw or b"[]")
        if isinstance(data, str):
            data = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        raise InvalidArgument("workflow.json_invalid", detail="body") from exc
    if isinstance(data, dict):
        data = data.get("list") or data.get("data") or [data]
    if not isinstance(data, list):
        raise InvalidArgument("workflow.json_invalid", detail="body")
    return [d for d in data if isinstance(d, dict)]


def _caller(permissions: Sequence[str]) -> Any:
    return require_permission(*permissions) if permissions else Depends(current_principal)


def saved(resource: Resource, name: str) -> Message:
    """The success message of a save."""
    return message(translate("workflow.saved", what=translate(f"workflow.what.{resource.what}"), name=name))


def add_routes(router: APIRouter, resource: Resource) -> None:
    """Serves ``list``, ``queryById``, ``save`` and ``delete`` of a resource on its router."""
    Lister = Annotated[Principal, _caller(resource.access.list)]
    Reader = Annotated[Principal, _caller(resource.access.read)]
    Saver_ = Annotated[Principal, _caller(resource.access.save)]
    Deleter = Annotated[Principal, _caller(resource.access.delete)]
    body_type = resource.body

    @router.get("/list", name=f"{resource.name}_list")
    async def list_(session: SessionDep, page_params: PageDep, _: Lister, request: Request) -> Any:
        """A page of records (records, total)."""
        return await page(session, resource, page_params, request.query_params)

    @router.get("/queryById", name=f"{resource.name}_query_by_id", openapi_extra=RECORD)
    async def query_by_id(session: SessionDep, _: Reader, id: str) -> Any:  # noqa: A002 - the wire name
        """One record."""
        record = await get(session, resource.model, id)
        return await resource.read(session, record) if resource.read else render(record)

    if resource.many:

        @router.post("/save", name=f"{resource.name}_save", openapi_extra=list_body(body_type))
        async def save_many(request: Request, session: SessionDep, principal: Saver_) -> Message:
            """Saves a JSON list of records."""
            try:
                items = [body_type.model_validate(d) for d in await json_list(request)]
            except ValidationError as exc:
                raise InvalidArgument(
                    "workflow.json_invalid", detail=str(exc.errors()[0].get("loc"))
                ) from exc
            async with transaction(session):
                name = await resource.save(session, items, principal.user_id)
            return saved(resource, name)

    else:

        async def save_one(session: SessionDep, body: WireModel, principal: Saver_) -> Message:
            """Creates or updates a record."""
            async with transaction(session):
                name = await resource.save(session, body, principal.user_id)
            return saved(resource, name)

        # FastAPI reads the body's schema from the signature: the resource's own, not the base.
        save_one.__annotations__["body"] = body_type
        router.post("/save", name=f"{resource.name}_save")(save_one)

    @router.delete("/delete", name=f"{resource.name}_delete")
    async def delete(session: SessionDep, _: Deleter, ids: str = "") -> Message:
        """Deletes the records ``?ids=a,b``."""
        async with transaction(session):
            await delete_ids(session, resource.model, split_ids(ids))
        return message(translate("workflow.deleted", what=translate(f"workflow.what.{resource.what}")))
