"""Resources as data: the one way a plain record family is listed, read, saved and deleted.

A :class:`Resource` declares a family of ``<prefix>/{list,queryById,save,delete}`` routes: its table,
its wire shape, its rules, who may call each route, its filters, sort columns and order, and how it
is saved, read and announced; :func:`add_routes` serves it. gencode's reference types, workflow's
extension records, sys's posts, dictionary types and roles and forms' categories are declared this
way (``resources.py`` beside each domain's service).
What is not plain CRUD stays a hand-written service beside its resources.

Nested rows (column types, Java fields, template files) arrive with their parent: a row without id
is inserted, a row with id is updated, a row flagged ``delFlag`` is deleted.

A save with the id of a record updates the fields it sends and keeps the others (JeePlus's save:
its client sends ``{id, sort}`` to move a menu, ``{id, menuIds, dataRuleIds}`` to grant a role):
the fields left out are filled from the record before the body is validated (:func:`completed`).
"""

# No ``from __future__ import annotations``: the routes' parameter types are read by FastAPI
# when the routes are built, and the body type of ``save`` is the resource's own schema.

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, TypeVar

import orjson
from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, ValidationError, create_model
from pydantic.alias_generators import to_camel
from sqlalchemy import delete as sa_delete
from sqlalchemy import or_, select
from sqlmodel import SQLModel
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.auth import Principal, current_principal, require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.errors import InvalidArgument, LoomError, NotFound
from loom_platform.fields import request_fields
from loom_platform.http import Message, message
from loom_platform.openapi import RECORD, fields_body, list_body, object_body
from loom_platform.paging import Page, PageDep, PageParams, contains, empty_filter, paginate
from loom_platform.wire import Answer, WireModel, new_id, now, split_ids

Publisher = Callable[[AsyncSession, str, str, str, str], None]
"""Announces a change in the session's transaction: ``(session, entity, id, verb, name)``."""
Saver = Callable[[AsyncSession, Any, str], Awaitable[str]]
"""Saves a validated body for an actor; answers the name the success message shows."""
Reader = Callable[[AsyncSession, Any], Awaitable[dict[str, Any]]]
"""Answers a record as ``queryById`` shows it."""
Remover = Callable[[AsyncSession, Sequence[str]], Awaitable[None]]
"""Deletes records by id (unknown ids are skipped)."""


def saving(save: Callable[..., Awaitable[Any]], name: str = "name") -> Saver:
    """A resource's ``save`` from its domain's ``save(session, body, *, actor=...)``: the success
    message shows the saved record's ``name`` attribute."""

    async def store(session: AsyncSession, body: Any, actor: str) -> str:
        return str(getattr(await save(session, body, actor=actor), name) or "")

    return store


def accept(_row: Any) -> None:
    """The rule of a resource without rules."""
    return None


def camel(record: SQLModel) -> dict[str, Any]:
    """A record with camelCase keys (every column)."""
    return {to_camel(k): v for k, v in record.model_dump().items()}


def camel_model(model: type[SQLModel]) -> type[BaseModel]:
    """The answer :func:`camel` makes of a ``model`` record, as a Pydantic model: every field under
    its camelCase name, typed as the table types it."""
    fields: dict[str, Any] = {name: (info.annotation, ...) for name, info in model.model_fields.items()}
    return create_model(f"{model.__name__}Record", __base__=Answer, **fields)


def by_name(*attributes: str) -> dict[str, str]:
    """Filters whose query parameter is the attribute's camelCase name."""
    return {to_camel(name): name for name in attributes}


@dataclass(frozen=True)
class Child:
    """A nested list: ``model`` rows pointing to the parent by ``parent_key``."""

    model: type[SQLModel]
    parent_key: str
    wire_list: str
    """The attribute of the parent's wire shape that holds the rows."""
    wire: type[WireModel]
    fields: Sequence[str]
    validate: Callable[[Any], None] = accept


@dataclass(frozen=True)
class Access:
    """The permissions of each route (any of them lets the call through; none: any signed-in user)."""

    list: Sequence[str] = ()
    read: Sequence[str] = ()
    save: Sequence[str] = ()
    delete: Sequence[str] = ()


@dataclass(frozen=True)
class Resource:
    """A record family: table, wire shape, rules, access, filters, order, and how it is saved and read."""

    name: str
    """The entity's name: the route segment, the event's entity, the routes' names."""
    model: type[SQLModel]
    wire: type[WireModel]
    """The schema of a saved record; with ``many`` the body is a JSON list of them."""
    fields: Sequence[str] = ()
    """The attributes the engine's own save copies from the body."""
    kept: Sequence[str] = ()
    """Those of ``fields`` a body may leave out, a stored record keeping them then: what an older
    client does not know (JeePlus's knows no English label), so its saves do not erase it."""
    validate: Callable[[Any], None] = accept
    like: Mapping[str, str | tuple[str, ...]] = field(default_factory=dict)
    """Query parameter → attribute, matched by substring (any case, taken literally); with several
    attributes (a text and its English), a record matching any of them."""
    equal: Mapping[str, str] = field(default_factory=dict)
    """Query parameter → attribute, matched exactly."""
    sortable: Mapping[str, str] = field(default_factory=dict)
    """Wire sort column → attribute."""
    order: Sequence[str] = ()
    """Default order: attributes, ``-`` first for descending."""
    child: Child | None = None
    before_delete: Callable[[Any], None] | None = None
    extra_default: Mapping[str, Any] = field(default_factory=dict)
    """Attributes a new record starts with beyond its id."""
    render: Callable[[Any], dict[str, Any]] | None = None
    """How a record is answered (default: its wire shape)."""
    answer: type[BaseModel] | None = None
    """The model of what ``render`` answers, declared in the OpenAPI document and checked on every
    answer."""
    detail: type[BaseModel] | None = None
    """The model of what ``read`` answers (``queryById``), when it is not ``answer``."""
    publish: Publisher | None = None
    """How a change is announced (default: not at all)."""
    access: Access = Access()
    save: Saver | None = None
    """How ``save`` stores a body (default: :func:`save` with the resource's fields and rules)."""
    read: Reader | None = None
    """How ``queryById`` answers a record (default: :func:`read`)."""
    remove: Remover | None = None
    """How ``delete`` removes records (default: :func:`delete`)."""
    many: bool = False
    list_route: bool = True
    """False when the family's ``list`` is a route of its own."""
    read_route: bool = True
    """False when the family's ``queryById`` is a route of its own."""
    missing: Callable[[str], LoomError] | None = None
    """The error ``queryById`` answers for an unknown id (default: NotFound)."""
    form_body: bool = False
    """``save`` takes the fields of a form or a JSON object (:func:`~loom_platform.fields.request_fields`,
    values as sent, query values beneath), validated into ``wire``."""
    saved: Callable[[str], str] = lambda name: name
    """The success message of a save, given the saved record's name."""
    deleted: Callable[[], str] = lambda: ""
    """The success message of a delete."""


M = TypeVar("M", bound=SQLModel)


def render(resource: Resource, record: Any) -> dict[str, Any]:
    """A record as the resource answers it."""
    if resource.render is not None:
        return resource.render(record)
    return resource.wire.model_validate(record).dump()


async def get(session: AsyncSession, model: type[M], record_id: str, missing: LoomError | None = None) -> M:
    """Gets a record by its id, or raises ``missing`` (default: NotFound)."""
    found = await session.get(model, record_id)
    if found is None:
        raise missing if missing is not None else NotFound()
    return found


def _attribute(model: Any, name: str) -> Any:
    column = getattr(model, name.lstrip("-"))
    return column.desc() if name.startswith("-") else column


async def page(
    session: AsyncSession, resource: Resource, params: PageParams, query: Mapping[str, str | None]
) -> Any:
    """A page of records filtered by the resource's query parameters."""
    model: Any = resource.model
    stmt = select(model)
    for param, attrs in resource.like.items():
        value = empty_filter(query.get(param))
        if value:
            names = (attrs,) if isinstance(attrs, str) else attrs
            stmt = stmt.where(or_(*(contains(getattr(model, name), value) for name in names)))
    for param, attr in resource.equal.items():
        value = empty_filter(query.get(param))
        if value:
            stmt = stmt.where(getattr(model, attr) == value)
    return await paginate(
        session,
        stmt,
        params,
        sortable={column: getattr(model, attr) for column, attr in resource.sortable.items()},
        default_order=[_attribute(model, name) for name in resource.order],
        render=lambda row: render(resource, row[0]),
    )


async def read(session: AsyncSession, resource: Resource, record_id: str) -> dict[str, Any]:
    """The record with its nested rows, as the client reads it."""
    missing = resource.missing(record_id) if resource.missing is not None else None
    record = await get(session, resource.model, record_id, missing)
    if resource.read is not None:
        return await resource.read(session, record)
    body = render(resource, record)
    if resource.child is not None:
        rows = await children(session, resource.child, record_id)
        wire_list = resource.child.wire_list
        body[resource.wire.model_fields[wire_list].alias or wire_list] = [
            resource.child.wire.model_validate(row).dump() for row in rows
        ]
    return body


async def children(session: AsyncSession, child: Child, parent_id: str) -> list[Any]:
    """Nested rows of a parent in their order."""
    model: Any = child.model
    stmt = select(model).where(getattr(model, child.parent_key) == parent_id).order_by(model.sort, model.id)
    return list((await session.execute(stmt)).scalars().all())


def _announce(session: AsyncSession, resource: Resource, record_id: str, verb: str, name: str = "") -> None:
    if resource.publish is not None:
        resource.publish(session, resource.name, record_id, verb, name)


async def save(session: AsyncSession, resource: Resource, payload: Any) -> SQLModel:
    """Creates or updates a record (and its nested rows) after checking the resource's rules."""
    resource.validate(payload)
    record = await session.get(resource.model, payload.id) if payload.id else None
    verb = "saved"
    if record is None:
        record = resource.model(id=payload.id or new_id(), **dict(resource.extra_default))
        verb = "created"
    for name in resource.fields:
        if verb == "saved" and name in resource.kept and name not in payload.model_fields_set:
            continue
        setattr(record, name, getattr(payload, name))
    record.update_date = now()
    session.add(record)
    await session.flush()
    if resource.child is not None:
        rows = getattr(payload, resource.child.wire_list)
        await save_children(session, resource.child, record.id, rows)  # type: ignore[attr-defined]
    _announce(session, resource, record.id, verb, str(getattr(payload, "label", "") or ""))  # type: ignore[attr-defined]
    return record


async def completed(session: AsyncSession, resource: Resource, sent: Mapping[str, Any]) -> dict[str, Any]:
    """A save's fields as JeePlus reads them: with the id of a stored record, each field of the wire
    shape that the body leaves out and the record stores keeps its stored value."""
    record_id = sent.get("id")
    record = (
        await session.get(resource.model, record_id) if isinstance(record_id, str) and record_id else None
    )
    if record is None:
        return dict(sent)
    kept: dict[str, Any] = {}
    for name, info in resource.wire.model_fields.items():
        alias = info.alias or name
        if alias not in sent and name not in sent and name in type(record).model_fields:
            kept[alias] = getattr(record, name)
    return {**kept, **sent}


async def json_object(request: Request) -> dict[str, Any]:
    """The body of a save: a JSON object."""
    try:
        data = orjson.loads(await request.body() or b"{}")
    except orjson.JSONDecodeError as exc:
        raise InvalidArgument("json_invalid", detail="body") from exc
    if not isinstance(data, dict):
        raise InvalidArgument("json_invalid", detail="body")
    return data


def is_deleted(flag: Any) -> bool:
    """A nested row's delFlag: '1' (string) or 1 (number) means deleted."""
    return str(flag).strip() == "1"


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
    """Deletes records (and their nested rows; unknown ids are skipped); returns how many were found."""
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
        _announce(session, resource, record_id, "deleted")
        found += 1
    await session.flush()
    return found


def name_of(payload: Any) -> str:
    """The name a success message shows: the record's label, name or type."""
    return str(
        getattr(payload, "label", "") or getattr(payload, "name", "") or getattr(payload, "type", "") or ""
    )


async def store(session: AsyncSession, resource: Resource, payload: Any, actor: str) -> str:
    """Saves a body the resource's way; answers the name the success message shows."""
    if resource.save is not None:
        return await resource.save(session, payload, actor)
    await save(session, resource, payload)
    return name_of(payload)


async def json_list(request: Request) -> list[dict[str, Any]]:
    """The body of a batch save: a JSON list (also as a JSON string, or ``{list|data: [...]}``)."""
    raw = await request.body()
    try:
        data = orjson.loads(raw or b"[]")
        if isinstance(data, str):
            data = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        raise InvalidArgument("json_invalid", detail="body") from exc
    if isinstance(data, dict):
        data = data.get("list") or data.get("data") or [data]
    if not isinstance(data, list):
        raise InvalidArgument("json_invalid", detail="body")
    return [d for d in data if isinstance(d, dict)]


def _caller(permissions: Sequence[str]) -> Any:
    return require_permission(*permissions) if permissions else Depends(current_principal)


def _fields_of(wire: type[WireModel]) -> dict[str, Any]:
    """The OpenAPI body of a form-or-JSON save: the wire shape's fields with their descriptions."""
    return fields_body(
        **{info.alias or name: info.description or name for name, info in wire.model_fields.items()}
    )


def _answer_of(resource: Resource) -> type[BaseModel] | None:
    """The model a resource's rows are listed in: declared, or known to the engine (else None)."""
    if resource.answer is not None:
        return resource.answer
    if resource.render is None:
        return resource.wire
    if resource.render is camel:
        return camel_model(resource.model)
    return None


def _detail_of(resource: Resource) -> type[BaseModel] | None:
    """The model ``queryById`` answers: declared, or the rows' when ``read`` is the engine's own."""
    if resource.detail is not None:
        return resource.detail
    return _answer_of(resource) if resource.read is None else None


def add_routes(router: APIRouter, resource: Resource, *, prefix: str = "") -> None:
    """Serves ``list``, ``queryById``, ``save`` and ``delete`` of a resource on its router."""
    Lister = Annotated[Principal, _caller(resource.access.list)]
    Reader_ = Annotated[Principal, _caller(resource.access.read)]
    Saver_ = Annotated[Principal, _caller(resource.access.save)]
    Deleter = Annotated[Principal, _caller(resource.access.delete)]
    body_type = resource.wire
    answer, detail = _answer_of(resource), _detail_of(resource)

    if resource.list_route:

        @router.get(
            f"{prefix}/list",
            name=f"{resource.name}_list",
            response_model=Page[answer] if answer is not None else Any,  # type: ignore[valid-type]
        )
        async def list_(session: SessionDep, page_params: PageDep, _: Lister, request: Request) -> Any:
            """A page of records (records, total)."""
            return await page(session, resource, page_params, request.query_params)

    if resource.read_route:

        @router.get(
            f"{prefix}/queryById",
            name=f"{resource.name}_query_by_id",
            response_model=detail if detail is not None else Any,
            openapi_extra=RECORD if detail is None else None,
        )
        async def query_by_id(session: SessionDep, _: Reader_, id: str) -> Any:  # noqa: A002 - the wire name
            """One record (with its nested rows)."""
            return await read(session, resource, id)

    if resource.many:

        @router.post(f"{prefix}/save", name=f"{resource.name}_save", openapi_extra=list_body(body_type))
        async def save_many(request: Request, session: SessionDep, principal: Saver_) -> Message:
            """Saves a JSON list of records."""
            try:
                items = [body_type.model_validate(d) for d in await json_list(request)]
            except ValidationError as exc:
                raise InvalidArgument("json_invalid", detail=str(exc.errors()[0].get("loc"))) from exc
            async with transaction(session):
                name = await store(session, resource, items, principal.user_id)
            return message(resource.saved(name))

    elif resource.form_body:

        @router.post(f"{prefix}/save", name=f"{resource.name}_save", openapi_extra=_fields_of(body_type))
        async def save_fields(request: Request, session: SessionDep, principal: Saver_) -> Message:
            """Creates or updates a record from a form's (or a JSON object's) fields; with an id,
            the fields left out keep their values."""
            sent = await request_fields(request, text=False)
            async with transaction(session):
                body = body_type.model_validate(await completed(session, resource, sent))
                name = await store(session, resource, body, principal.user_id)
            return message(resource.saved(name))

    else:

        @router.post(f"{prefix}/save", name=f"{resource.name}_save", openapi_extra=object_body(body_type))
        async def save_one(request: Request, session: SessionDep, principal: Saver_) -> Message:
            """Creates or updates a record (with its nested rows); with an id, the fields left out
            keep their values."""
            sent = await json_object(request)
            async with transaction(session):
                body = body_type.model_validate(await completed(session, resource, sent))
                name = await store(session, resource, body, principal.user_id)
            return message(resource.saved(name))

    @router.delete(f"{prefix}/delete", name=f"{resource.name}_delete")
    async def delete_(session: SessionDep, _: Deleter, ids: str = "") -> Message:
        """Deletes the records ``?ids=a,b``."""
        async with transaction(session):
            if resource.remove is not None:
                await resource.remove(session, split_ids(ids))
            else:
                await delete(session, resource, split_ids(ids))
        return message(resource.deleted())
