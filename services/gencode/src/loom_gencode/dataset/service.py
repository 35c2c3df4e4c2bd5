"""Data sets: saved read-only SQL with typed parameters, run with bound values only, and their data
as JSON, XML or an HTML table."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape

from sqlmodel import col, delete, select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_gencode.dataset.errors import DatasetNameRequired, DatasetNotFound
from loom_gencode.dataset.models import DataSet, DataSetColumn, DataSetParam
from loom_gencode.dataset.schemas import DataSetSave
from loom_gencode.datasource import service as ds_service
from loom_gencode.query import runner, statement
from loom_gencode.query import service as query_service
from loom_gencode.query.errors import SqlNotReadOnly
from loom_gencode.runtime import Runtime
from loom_platform import crud
from loom_platform.paging import PageParams, contains, page_body
from loom_platform.wire import now

FORMATS = ("json", "xml", "html")


async def get(session: AsyncSession, set_id: str) -> DataSet:
    """Gets a data set by its id."""
    return await crud.get(session, DataSet, set_id, DatasetNotFound())


async def _params(session: AsyncSession, set_id: str) -> list[DataSetParam]:
    stmt = select(DataSetParam).where(DataSetParam.data_set_id == set_id).order_by(col(DataSetParam.sort))
    return list((await session.exec(stmt)).all())


async def columns(session: AsyncSession, set_id: str, *, needed_only: bool = False) -> list[dict[str, Any]]:
    """The set's columns ``{name, type, label, isNeed, sort}`` (only those taking part, when asked)."""
    stmt = select(DataSetColumn).where(DataSetColumn.data_set_id == set_id).order_by(col(DataSetColumn.sort))
    rows = list((await session.exec(stmt)).all())
    return [
        {
            "id": c.id,
            "name": c.name,
            "type": c.type,
            "label": c.label or c.name,
            "isNeed": c.is_need == "1",
            "sort": c.sort,
        }
        for c in rows
        if not needed_only or c.is_need == "1"
    ]


async def read(session: AsyncSession, runtime: Runtime, set_id: str, *, with_token: bool) -> dict[str, Any]:
    """The set as its editor reads it (the token only for those who may change the set)."""
    found = await get(session, set_id)
    names = await ds_service.names(session, runtime)
    body = {
        "id": found.id,
        "name": found.name,
        "db": {"id": found.data_source_id, "name": names.get(found.data_source_id, found.data_source_id)},
        "sqlcmd": found.sql_text,
        "params": [
            {"id": p.id, "field": p.field, "type": p.type, "defaultValue": p.default_value, "sort": p.sort}
            for p in await _params(session, set_id)
        ],
        "columnList": await columns(session, set_id),
    }
    return body | ({"token": found.token} if with_token else {})


async def page(
    session: AsyncSession, runtime: Runtime, params: PageParams, name: str | None
) -> dict[str, Any]:
    """Data sets, newest first, ``name`` filtering."""
    stmt = select(DataSet).order_by(col(DataSet.update_date).desc())
    if name:
        stmt = stmt.where(contains(col(DataSet.name), name))
    rows = list((await session.exec(stmt)).all())
    names = await ds_service.names(session, runtime)
    records = [
        {
            "id": r.id,
            "name": r.name,
            "db": {"id": r.data_source_id, "name": names.get(r.data_source_id, r.data_source_id)},
            "sqlcmd": r.sql_text,
            "updateDate": r.update_date.isoformat(),
        }
        for r in rows
    ]
    return page_body(records[params.offset : params.offset + params.size], len(records), params)


def _checked_sql(sql: str) -> str:
    text = statement.one_statement(sql)
    if statement.first_word(text) not in statement.READING:
        raise SqlNotReadOnly()
    return text


async def save(session: AsyncSession, runtime: Runtime, body: DataSetSave, *, actor: str) -> DataSet:
    """Creates or replaces a set with its parameters and columns (its SQL one reading statement)."""
    if not body.name.strip():
        raise DatasetNameRequired()
    await ds_service.target(session, runtime, body.db.id or "master")
    sql = _checked_sql(body.sqlcmd)
    found = (
        await get(session, body.id)
        if body.id
        else DataSet(
            name="", data_source_id="", sql_text="", token=secrets.token_urlsafe(24), create_by=actor
        )
    )
    found.name, found.data_source_id, found.sql_text, found.update_date = (
        body.name.strip(),
        body.db.id or "master",
        sql,
        now(),
    )
    session.add(found)
    await session.flush()
    for model in (DataSetParam, DataSetColumn):
        await session.exec(delete(model).where(col(model.data_set_id) == found.id))  # type: ignore[call-overload]
    for at, p in enumerate(body.params):
        if p.field.strip():
            kind = p.type if p.type in ("string", "number", "date") else "string"
            session.add(
                DataSetParam(
                    data_set_id=found.id,
                    field=p.field.strip(),
                    type=kind,
                    default_value=p.default_value,
                    sort=at,
                )
            )
    for at, c in enumerate(body.column_list):
        if c.name:
            need = "0" if c.is_need in (False, "0", "false") else "1"
            session.add(
                DataSetColumn(
                    data_set_id=found.id, name=c.name, type=c.type or "", label=c.label, is_need=need, sort=at
                )
            )
    await session.flush()
    return found


async def delete_many(session: AsyncSession, ids: Sequence[str]) -> None:
    """Deletes sets with their parameters and columns."""
    for model in (DataSetParam, DataSetColumn):
        await session.exec(delete(model).where(col(model.data_set_id).in_(ids)))  # type: ignore[call-overload]
    await session.exec(delete(DataSet).where(col(DataSet.id).in_(ids)))  # type: ignore[call-overload]


async def run_sql(
    session: AsyncSession, runtime: Runtime, *, ds_id: str, sql: str, values: Mapping[str, str | None]
) -> runner.Result:
    """An editor's preview: the SQL read-only with the given parameter values."""
    return await query_service.query(
        session, runtime, ds_id=ds_id or "master", sql=_checked_sql(sql), values=values
    )


async def data(
    session: AsyncSession, runtime: Runtime, found: DataSet, given: Mapping[str, str]
) -> runner.Result:
    """The set's rows: each parameter the caller's value, else its default, bound with its type."""
    params = await _params(session, found.id)
    values = {p.field: given.get(p.field, p.default_value) for p in params}
    types = {p.field: p.type for p in params}
    return await query_service.query(
        session, runtime, ds_id=found.data_source_id, sql=found.sql_text, values=values, types=types
    )


def as_xml(rows: list[dict[str, Any]]) -> str:
    """``<rows><row><column>value</column>…</row>…</rows>`` (names that are no XML name become ``field``)."""

    def tag(name: str) -> str:
        return name if name.replace("_", "a").isalnum() and not name[:1].isdigit() else "field"

    body = "".join(
        "<row>"
        + "".join(f"<{tag(k)}>{'' if v is None else escape(str(v))}</{tag(k)}>" for k, v in r.items())
        + "</row>"
        for r in rows
    )
    return f'<?xml version="1.0" encoding="UTF-8"?><rows>{body}</rows>'


def as_html(result: runner.Result, title: str) -> str:
    """A plain HTML table of the rows, every value escaped."""
    head = "".join(f"<th>{escape(c['name'])}</th>" for c in result.columns)
    rows = "".join(
        "<tr>"
        + "".join(
            f"<td>{'' if r.get(c['name']) is None else escape(str(r.get(c['name'])))}</td>"
            for c in result.columns
        )
        + "</tr>"
        for r in result.rows
    )
    return (
        f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>{escape(title)}</title></head>'
        f'<body><table border="1"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></body></html>'
    )
