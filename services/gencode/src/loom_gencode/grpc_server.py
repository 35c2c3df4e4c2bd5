"""``loom.gencode.v1.DataService``: translates proto <-> domain calls, nothing else.

Only forms may call it: every call must carry the shared service credential (``LOOM_DATA_SERVICE_TOKEN``)
in its metadata; one without it is refused as unauthenticated before anything runs."""

from __future__ import annotations

import functools
import hmac
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import orjson
from sqlalchemy.ext.asyncio import async_sessionmaker
from sqlmodel.ext.asyncio.session import AsyncSession

import loom_gencode.data.messages  # noqa: F401  (registers the DataService messages)
from loom_contracts.clients.sys_directory import data_access_from_message
from loom_contracts.loom.gencode.v1 import data_pb2, data_pb2_grpc
from loom_gencode.data import rows
from loom_gencode.data import service as data_service
from loom_gencode.data.errors import RowsInvalid
from loom_gencode.runtime import Runtime
from loom_platform.db import transaction
from loom_platform.errors import Unauthenticated
from loom_platform.tablerows import Column, RowChange, RowFilter, TableSync

SERVICE_TOKEN_KEY = "x-loom-service-token"


class CallerUnknown(Unauthenticated):  # type: ignore[misc]
    """A DataService call without the service credential."""

    message_key = "gencode.data.caller_unknown"


R = TypeVar("R")
Method = Callable[[Any, Any, Any], Awaitable[R]]


def trusted(method: Method[R]) -> Method[R]:
    """Runs an rpc only for a caller that sent the service credential."""

    @functools.wraps(method)
    async def _checked(self: DataServicer, request: Any, context: Any) -> R:
        sent = dict(context.invocation_metadata() or ()).get(SERVICE_TOKEN_KEY) or ""
        if not hmac.compare_digest(str(sent).encode(), self._token.encode()):
            raise CallerUnknown()
        return await method(self, request, context)

    return _checked


def _rows(text: str) -> Any:
    try:
        return orjson.loads(text) if text else None
    except orjson.JSONDecodeError as exc:
        raise RowsInvalid() from exc


class DataServicer(data_pb2_grpc.DataServiceServicer):
    def __init__(self, factory: async_sessionmaker[AsyncSession], runtime: Runtime) -> None:
        self._factory = factory
        self._runtime = runtime
        self._token = runtime.settings.data_service_token
        self._cache = rows.TableCache()

    @trusted
    async def ListTables(self, request: Any, _context: Any) -> data_pb2.ListTablesResponse:  # noqa: N802
        async with self._factory() as session:
            found = await data_service.tables(session, self._runtime, request.data_source)
        return data_pb2.ListTablesResponse(
            tables=[data_pb2.TableInfo(name=t["name"], comments=t["comments"]) for t in found]
        )

    @trusted
    async def ListColumns(self, request: Any, _context: Any) -> data_pb2.ListColumnsResponse:  # noqa: N802
        async with self._factory() as session:
            found = await data_service.columns(session, self._runtime, request.data_source, request.table)
        return data_pb2.ListColumnsResponse(
            columns=[
                data_pb2.ColumnInfo(
                    name=c.name, jdbc_type=c.jdbc_type, comments=c.comment, is_pk=c.is_pk, nullable=c.nullable
                )
                for c in found
            ]
        )

    @trusted
    async def SyncTable(self, request: Any, _context: Any) -> data_pb2.SyncTableResponse:  # noqa: N802
        asked = TableSync(
            request.data_source,
            request.table,
            request.comments,
            [Column(c.name, c.jdbc_type, c.comments) for c in request.columns],
            parent_table=request.parent_table,
            parent_table_fk=request.parent_table_fk,
            sort_columns=list(request.sort_columns),
        )
        async with self._factory() as session, transaction(session):
            table_id, statements = await data_service.sync_table(
                session, self._runtime, asked, cache=self._cache
            )
        return data_pb2.SyncTableResponse(table_id=table_id, statements=statements)

    @trusted
    async def QueryRows(self, request: Any, _context: Any) -> data_pb2.QueryRowsResponse:  # noqa: N802
        async with self._factory() as session:
            total, body = await data_service.query(
                session,
                self._runtime,
                self._cache,
                data_source=request.data_source,
                table=request.table,
                asked=rows.RowQuery(
                    filters=[RowFilter(f.column, f.op, f.value, tuple(f.values)) for f in request.filters],
                    sorts=[(s.column, s.asc) for s in request.sorts],
                    offset=int(request.offset),
                    limit=int(request.limit),
                    skip_total=request.skip_total,
                    access=data_access_from_message(request.access) if request.HasField("access") else None,
                ),
            )
        return data_pb2.QueryRowsResponse(total=total, rows_json=body.decode())

    @trusted
    async def ApplyChanges(self, request: Any, _context: Any) -> data_pb2.ApplyChangesResponse:  # noqa: N802
        changes = [
            RowChange(c.table, c.kind, _rows(c.rows_json), c.key_column, tuple(c.key_values))
            for c in request.changes
        ]
        async with self._factory() as session:
            counts = await data_service.apply(
                session, self._runtime, self._cache, data_source=request.data_source, changes=changes
            )
        return data_pb2.ApplyChangesResponse(counts=counts)
