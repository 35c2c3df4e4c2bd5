"""Paging and sorting as the seeds and the JeePlus client send them.

``current`` (1-based), ``size`` (1..1000 per page; ``1000000`` or ``-1`` mean every row) and
``orders[i].column`` / ``orders[i].asc``. A sort column must be one the list declares
sortable: it is looked up in a mapping to a SQL expression, never pasted into SQL.
"""

from __future__ import annotations

import math
import re
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Annotated, Any, Generic, TypeVar, cast

import orjson
from fastapi import Depends, Query, Request
from fastapi.responses import Response, StreamingResponse
from pydantic import BaseModel
from sqlalchemy import Select, bindparam, func, select
from sqlalchemy.ext.asyncio import async_sessionmaker
from sqlalchemy.sql.elements import ColumnElement
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.errors import InvalidArgument

ALL_ROWS = 1_000_000
MAX_PAGE_SIZE = 1000
DEFAULT_PAGE_SIZE = 10
# Beyond this the offset no longer fits the database's 64-bit integers (and no list is that long).
MAX_PAGE = 2**31 - 1
STREAM_CHUNK_ROWS = 500

_ORDER_KEY = re.compile(r"^orders\[(\d+)\]\.(column|asc)$")

Sortable = Mapping[str, ColumnElement[Any]]


@dataclass(frozen=True)
class Order:
    column: str
    asc: bool


@dataclass(frozen=True)
class PageParams:
    current: int
    size: int
    orders: tuple[Order, ...]

    @property
    def all_rows(self) -> bool:
        return self.size >= ALL_ROWS

    @property
    def offset(self) -> int:
        return 0 if self.all_rows else (self.current - 1) * self.size


def _int(value: str | None, default: int) -> int:
    if value is None or value == "":
        return default
    try:
        return int(value)
    except ValueError as exc:
        raise InvalidArgument("validation_failed", field="current/size", detail=value) from exc


def parse_page(query: Mapping[str, str]) -> PageParams:
    """Reads ``current``, ``size`` and ``orders[i].column/asc`` from query parameters."""
    current = max(_int(query.get("current"), 1), 1)
    if current > MAX_PAGE:
        raise InvalidArgument("page_current_invalid", current=current)
    size = _int(query.get("size"), DEFAULT_PAGE_SIZE)
    if size == -1 or size >= ALL_ROWS:
        size = ALL_ROWS
    elif not 1 <= size <= MAX_PAGE_SIZE:
        raise InvalidArgument("page_size_invalid", size=size)
    found: dict[int, dict[str, str]] = {}
    for key, value in query.items():
        match = _ORDER_KEY.match(key)
        if match:
            found.setdefault(int(match.group(1)), {})[match.group(2)] = value
    orders = tuple(
        Order(column=parts["column"], asc=parts.get("asc", "true").lower() != "false")
        for _, parts in sorted(found.items())
        if parts.get("column")
    )
    return PageParams(current=current, size=size, orders=orders)


async def page_params(
    request: Request,
    current: Annotated[str | None, Query(description="page number, 1-based")] = None,  # noqa: ARG001
    size: Annotated[str | None, Query(description="rows per page; -1 or 1000000: every row")] = None,  # noqa: ARG001
) -> PageParams:
    """FastAPI dependency for :func:`parse_page` (``current``/``size`` declared for the OpenAPI document)."""
    return parse_page(request.query_params)


PageDep = Annotated[PageParams, Depends(page_params)]


def apply_orders(
    stmt: Select[Any], params: PageParams, sortable: Sortable, default: Sequence[ColumnElement[Any]] = ()
) -> Select[Any]:
    """Adds ``ORDER BY`` for the requested columns (400 for one not sortable), else ``default``."""
    clauses: list[ColumnElement[Any]] = []
    for order in params.orders:
        column = sortable.get(order.column)
        if column is None:
            raise InvalidArgument("sort_column_invalid", column=order.column)
        clauses.append(column.asc() if order.asc else column.desc())
    return stmt.order_by(*(clauses or default))


Row = TypeVar("Row", bound=BaseModel)


class Page(BaseModel, Generic[Row]):
    """A page of a list whose rows are a model (MyBatis-Plus shape): what :func:`page_body` answers,
    typed (``response_model=Page[PostSave]``)."""

    records: list[Row]
    total: int
    current: int
    size: int
    pages: int


def page_body(records: list[Any], total: int, params: PageParams) -> dict[str, Any]:
    """The MyBatis-Plus page the client reads: records, total, current, size, pages."""
    size = total if params.all_rows else params.size
    return {
        "records": records,
        "total": total,
        "current": params.current,
        "size": size,
        "pages": math.ceil(total / size) if size else 0,
    }


async def count(session: AsyncSession, stmt: Select[Any]) -> int:
    """Rows the (unordered) statement would return."""
    counted = select(func.count()).select_from(stmt.order_by(None).subquery())
    return int((await session.execute(counted)).scalar_one())


async def paginate(
    session: AsyncSession,
    stmt: Select[Any],
    params: PageParams,
    *,
    sortable: Sortable,
    default_order: Sequence[ColumnElement[Any]] = (),
    render: Callable[[Any], Any],
    factory: async_sessionmaker[AsyncSession] | None = None,
) -> Response | dict[str, Any]:
    """A page as a dict, or — for "all rows" — a JSON response streamed from a server cursor."""
    ordered = apply_orders(stmt, params, sortable, default_order)
    total = await count(session, stmt)
    if params.all_rows and total > STREAM_CHUNK_ROWS and factory is not None:
        return StreamingResponse(
            _stream_page(factory, ordered, total, params, render), media_type="application/json"
        )
    rows = await session.execute(
        ordered.offset(params.offset).limit(None if params.all_rows else params.size)
    )
    records = [render(row) for row in rows.all()]
    return page_body(records, total, params)


async def _stream_page(
    factory: async_sessionmaker[AsyncSession],
    stmt: Select[Any],
    total: int,
    params: PageParams,
    render: Callable[[Any], Any],
) -> AsyncIterator[bytes]:
    # Its own session: the request's may be closed before the body is fully sent.
    yield b'{"records":['
    first = True
    async with factory() as session:
        result = await session.stream(stmt.execution_options(yield_per=STREAM_CHUNK_ROWS))
        async for partition in result.partitions(STREAM_CHUNK_ROWS):
            chunk = b",".join(orjson.dumps(render(row), default=str) for row in partition)
            if chunk:
                yield (b"" if first else b",") + chunk
                first = False
    tail = page_body([], total, params)
    del tail["records"]
    yield b"]," + orjson.dumps(tail)[1:]


def empty_filter(value: str | None) -> str | None:
    """The client sends ``key=`` for "no filter": an empty string is no value."""
    if value is None:
        return None
    value = value.strip()
    return value or None


LIKE_ESCAPE = "\\"


def like_pattern(value: str, *, start: bool = True, end: bool = True) -> str:
    """``%value%`` for a "contains" search, with the user's ``%``, ``_`` and ``\\`` taken literally
    (``start=False``: the value begins the text; ``end=False``: it ends it).

    Use with ``ESCAPE '\\'`` (``column.ilike(pattern, escape=LIKE_ESCAPE)``, or :func:`contains`):
    unescaped, a search for ``%`` or ``_`` matched every row.
    """
    escaped = value.replace(LIKE_ESCAPE, LIKE_ESCAPE * 2).replace("%", "\\%").replace("_", "\\_")
    return ("%" if start else "") + escaped + ("%" if end else "")


# The one place the platform writes a LIKE: every search goes through contains, starts_with,
# ends_with or contains_bound (libs/platform/tests/test_like_searches.py holds every service to it).


def _like(column: Any, pattern: Any, any_case: bool) -> ColumnElement[bool]:
    if any_case:
        return cast("ColumnElement[bool]", column.ilike(pattern, escape=LIKE_ESCAPE))
    return cast("ColumnElement[bool]", column.like(pattern, escape=LIKE_ESCAPE))


def contains(column: Any, value: str, *, any_case: bool = True) -> ColumnElement[bool]:
    """``column ILIKE '%value%'`` with the value taken literally (any case; ``any_case=False``:
    ``LIKE``, exact case)."""
    return _like(column, like_pattern(value), any_case)


def starts_with(column: Any, prefix: str, *, any_case: bool = False) -> ColumnElement[bool]:
    """``column LIKE 'prefix%'`` with the prefix taken literally (exact case): tree paths."""
    return _like(column, like_pattern(prefix, start=False), any_case)


def ends_with(column: Any, suffix: str, *, any_case: bool = False) -> ColumnElement[bool]:
    """``column LIKE '%suffix'`` with the suffix taken literally (exact case)."""
    return _like(column, like_pattern(suffix, end=False), any_case)


def contains_bound(column: Any, name: str) -> ColumnElement[bool]:
    """``column ILIKE :name`` for a cached statement; bind ``like_pattern(value)`` to ``name``."""
    return _like(column, bindparam(name), True)


def date_filter(value: str | None, field: str) -> datetime | None:
    """A date or date-time filter (``2026-11-23``, ``2026-11-23 10:00:00``, ISO 8601); a 400 naming
    ``field`` for anything else. Empty means "no filter"."""
    text = empty_filter(value)
    if text is None:
        return None
    try:
        parsed = datetime.fromisoformat(text.replace("/", "-"))
    except ValueError as exc:
        raise InvalidArgument("date_invalid", field=field, value=text[:50]) from exc
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def fixed_order(params: PageParams) -> None:
    """For a list kept in one fixed order: a requested sort is refused (400), never silently ignored."""
    if params.orders:
        raise InvalidArgument("sort_column_invalid", column=params.orders[0].column)


def sort_rows(
    rows: list[dict[str, Any]], params: PageParams, sortable: Mapping[str, str]
) -> list[dict[str, Any]]:
    """Sorts rendered rows in memory by the requested columns (``snake_case`` -> row key); 400 for
    a column that is not sortable. For short lists that are not one SQL query."""
    for order in reversed(params.orders):  # stable sorts, last key first
        key = sortable.get(order.column)
        if key is None:
            raise InvalidArgument("sort_column_invalid", column=order.column)
        rows = sorted(rows, key=_sort_key(key), reverse=not order.asc)
    return rows


def _sort_key(key: str) -> Callable[[dict[str, Any]], tuple[bool, str]]:
    return lambda row: (row.get(key) is None, str(row.get(key) or ""))
