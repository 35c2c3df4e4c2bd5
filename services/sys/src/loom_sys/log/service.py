"""The operation and login log: rows stored from the services' events, listed with the client's filters."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, func, literal, select, text
from sqlalchemy import delete as sql_delete
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import aliased
from sqlalchemy.sql.util import find_tables
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_contracts.loom.sys.v1 import events_pb2
from loom_platform.i18n import current_language
from loom_platform.paging import PageParams, Sortable, apply_orders, contains, page_body
from loom_sys.log import partitions, terms, titles
from loom_sys.log.errors import LogDateInvalid
from loom_sys.log.models import Log
from loom_sys.office.models import Office
from loom_sys.user.models import User

_t = Log.__table__.c  # type: ignore[attr-defined]
# The list counts at most this many matching rows (as a search engine's "10,000+"): counting a
# year of logs exactly would cost more than the page; narrower filters give exact totals.
COUNT_CAP = 10_000
_company = aliased(Office)
_office = aliased(Office)
SORTABLE: Sortable = {
    "title": _t.title,
    "request_uri": _t.request_uri,
    "request_type": _t.request_type,
    "record_time": _t.record_time,
    "remote_addr": _t.remote_addr,
    "create_date": _t.create_date,
    "a.create_date": _t.create_date,
}


def render(row: Any) -> dict[str, Any]:
    log, user_name, company_name, office_name = row
    english = current_language.get().startswith("en")
    return {
        "id": log.id,
        "type": log.type,
        "title": (log.title_en if english and log.title_en else log.title),
        "service": log.service,
        "remoteAddr": log.remote_addr,
        "userAgent": log.user_agent,
        "requestUri": log.request_uri,
        "requestType": log.request_type,
        "method": log.method,
        "params": log.params,
        "recordIds": log.record_ids,
        "before": log.before,
        "after": log.after,
        "labels": log.labels,
        "result": log.result,
        "exception": log.exception,
        "recordTime": log.record_time,
        "createDate": log.create_date.isoformat(),
        "createBy": {
            "id": log.create_by,
            "name": user_name or log.create_by_name,
            "loginName": log.create_by_name,
            "companyDTO": {"name": company_name},
            "officeDTO": {"name": office_name},
        },
    }


def _date(value: str | None, *, end: bool) -> datetime | None:
    if not value:
        return None
    for pattern in ("%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d"):
        try:
            parsed = datetime.strptime(value[:19], pattern).replace(tzinfo=UTC)
        except ValueError:
            continue
        # A bare end date means the whole of that day.
        return parsed + timedelta(days=1) if end and pattern == "%Y-%m-%d" else parsed
    raise LogDateInvalid(value=value[:40])


async def page(
    session: AsyncSession,
    params: PageParams,
    *,
    type_: str | None = None,
    title: str | None = None,
    user_name: str | None = None,
    request_uri: str | None = None,
    begin: str | None = None,
    end: str | None = None,
    user_id: str | None = None,
) -> Any:
    """Logs, newest first; filters as the client's LogList sends them."""
    where: list[ColumnElement[bool]] = []
    if type_:
        where.append(_t.type == type_)
    if title:
        # the title as the reader reads it, in either language
        where.append(contains(Log.title, title) | contains(Log.title_en, title))
    if user_name:
        where.append(await _by_user_name(session, user_name))
    if request_uri:
        uris = await terms.matching(session, terms.URI, request_uri)
        where.append(contains(Log.request_uri, request_uri) if uris is None else _t.request_uri.in_(uris))
    if user_id:
        where.append(_t.create_by == user_id)
    start, stop = _date(begin, end=False), _date(end, end=True)
    if start:
        where.append(_t.create_date >= start)
    if stop:
        where.append(_t.create_date < stop)
    total = await _capped_count(session, where)
    stmt = (
        select(Log, User.name, _company.name, _office.name)
        .outerjoin(User, User.id == Log.create_by)  # type: ignore[arg-type]
        .outerjoin(_company, _company.id == User.company_id)  # type: ignore[arg-type]
        .outerjoin(_office, _office.id == User.office_id)  # type: ignore[arg-type]
        .where(*where)
    )
    ordered = apply_orders(stmt, params, SORTABLE, [_t.create_date.desc()])
    limit = COUNT_CAP if params.all_rows else params.size
    rows = await session.execute(ordered.offset(params.offset).limit(limit))
    return page_body([render(row) for row in rows.all()], total, params)


async def _capped_count(session: AsyncSession, where: list[ColumnElement[bool]]) -> int:
    """Matching rows, up to :data:`COUNT_CAP`. Counted over ``sys_log`` alone (joined to the user
    only when a filter names the user's name), so an index answers it without reading the rows."""
    stmt = select(literal(1)).select_from(Log)
    if any(User.__table__ in find_tables(w) for w in where):  # type: ignore[attr-defined]
        stmt = stmt.outerjoin(User, User.id == Log.create_by)  # type: ignore[arg-type]
    capped = stmt.where(*where).limit(COUNT_CAP).subquery()
    return int((await session.execute(select(func.count()).select_from(capped))).scalar_one())


async def _by_user_name(session: AsyncSession, text_: str) -> ColumnElement[bool]:
    """Rows logged under a login name that contains ``text_``, or that of a user whose name does:
    one indexed ``create_by_name = ANY`` list (``terms.py``), which an index answers alone (a row
    keeps the login name of its time: rows from before a login name changed are found by the old
    one). The scan when too many names match."""
    users = select(User.login_name).where(contains(User.name, text_)).limit(terms.MATCH_LIMIT + 1)
    logins = list((await session.execute(users)).scalars())
    names = await terms.matching(session, terms.LOGIN, text_)
    if names is None or len(logins) > terms.MATCH_LIMIT:
        return contains(User.name, text_) | contains(Log.create_by_name, text_)
    indexed: ColumnElement[bool] = _t.create_by_name.in_(sorted({*logins, *names}))
    return indexed


async def ensure_partitions(session: AsyncSession, today: date) -> None:
    """Creates this month's partition and the next ones (nothing when sys_log is not partitioned)."""
    partitioned = await session.execute(
        text("SELECT 1 FROM pg_partitioned_table WHERE partrelid = to_regclass('sys_log')")
    )
    if partitioned.first() is None:
        return
    connection = await session.connection()
    for statement in partitions.ensure(partitions.ahead(today)):
        await connection.exec_driver_sql(statement)


async def delete(session: AsyncSession, ids: Sequence[str]) -> None:
    """Deletes log rows."""
    if ids:
        await session.execute(sql_delete(Log).where(Log.id.in_(list(ids))))  # type: ignore[attr-defined]


async def empty(session: AsyncSession) -> None:
    """Deletes every log row."""
    await session.execute(sql_delete(Log))


def _text(value: str, limit: int) -> str | None:
    return value[:limit] if value else None


async def _user_of(session: AsyncSession, login_name: str) -> str:
    """The id of the user with this login name ("" when nobody has it: a mistyped sign-in)."""
    if not login_name:
        return ""
    found = await session.execute(select(User.id).where(User.login_name == login_name).limit(1))  # type: ignore[arg-type]
    return str(found.scalar_one_or_none() or "")


async def store(session: AsyncSession, event: events_pb2.OperationLogged) -> None:
    """Stores one logged operation (:func:`store_many` of one)."""
    await store_many(session, [event])


async def store_many(session: AsyncSession, events: Sequence[events_pb2.OperationLogged]) -> None:
    """Stores logged operations in one statement; a redelivered event (same id and time) changes
    nothing. Each title is made here from the menus, in both languages (``titles.py``); a sign-in is
    kept under the user it signed in (a login request carries only the name typed)."""
    rows: dict[tuple[str, datetime], dict[str, Any]] = {}
    for event in events:
        values = await _row(session, event)
        rows.setdefault((values["id"], values["create_date"]), values)
    if not rows:
        return
    # executemany form: one compiled statement (cached) whatever the batch's size
    await session.execute(
        insert(Log).on_conflict_do_nothing(index_elements=["id", "create_date"]), list(rows.values())
    )
    await terms.note_many(
        session,
        uris={v["request_uri"] for v in rows.values() if v["request_uri"]},
        login_names={v["create_by_name"] for v in rows.values() if v["create_by_name"]},
    )


async def _row(session: AsyncSession, event: events_pb2.OperationLogged) -> dict[str, Any]:
    """The ``sys_log`` row of one event."""
    created = datetime.fromtimestamp(event.created_at / 1000, UTC) if event.created_at else datetime.now(UTC)
    named = await titles.titles(session, event.menu, event.action) if event.menu else None
    user_id = event.user_id or await _user_of(session, event.login_name)
    return {
        "id": event.id[:64],
        "type": event.type or "4",
        "title": _text(named.zh if named else event.title, 255),
        "title_en": _text(named.en if named else "", 255),
        "labels": event.labels or None,
        "service": _text(event.service, 50),
        "remote_addr": _text(event.remote_addr, 255),
        "user_agent": _text(event.user_agent, 255),
        "request_uri": _text(event.request_uri, 1000),
        "request_type": _text(event.request_type, 10),
        "method": _text(event.title, 255),
        "params": event.params or None,
        "record_ids": _text(event.record_ids, 2000),
        "before": event.before or None,
        "after": event.after or None,
        "result": _text(event.result, 20),
        "exception": event.exception or None,
        "record_time": min(event.record_time, 2**31 - 1),
        "create_by": _text(user_id, 64),
        "create_by_name": _text(event.login_name, 100),
        "create_date": created,
    }
