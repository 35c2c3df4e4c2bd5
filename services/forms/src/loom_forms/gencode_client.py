"""gencode's DataService as forms calls it: tables, columns, sync and rows of a data source."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import orjson

from loom_contracts.clients.sys_directory import data_access_message
from loom_contracts.loom.gencode.v1 import data_pb2, data_pb2_grpc
from loom_platform.datarules import DataAccess
from loom_platform.grpc import Client
from loom_platform.tablerows import Column, RowChange, RowFilter, TableSync

# The metadata key of the credential gencode's DataService requires (gencode reads the same name).
SERVICE_TOKEN_KEY = "x-loom-service-token"


class DataClient:
    """Typed calls to ``loom.gencode.v1.DataService``."""

    def __init__(self, client: Client) -> None:
        self._client = client

    @property
    def _stub(self) -> data_pb2_grpc.DataServiceStub:
        return self._client.stub(data_pb2_grpc.DataServiceStub)

    async def tables(self, data_source: str) -> list[dict[str, str]]:
        """Tables of a data source as `{name, comments}`."""
        reply = await self._client.call(
            self._stub.ListTables, data_pb2.ListTablesRequest(data_source=data_source)
        )
        return [{"name": t.name, "comments": t.comments} for t in reply.tables]

    async def columns(self, data_source: str, table: str) -> list[Column]:
        """Columns of one table."""
        reply = await self._client.call(
            self._stub.ListColumns, data_pb2.ListColumnsRequest(data_source=data_source, table=table)
        )
        return [Column(c.name, c.jdbc_type, c.comments, c.is_pk, c.nullable) for c in reply.columns]

    async def sync_table(self, asked: TableSync) -> str:
        """Creates or alters a table through gencode's sync; returns the table design's id."""
        request = data_pb2.SyncTableRequest(
            data_source=asked.data_source,
            table=asked.table,
            comments=asked.comments,
            columns=[
                data_pb2.ColumnInfo(
                    name=c.name,
                    jdbc_type=c.jdbc_type,
                    comments=c.comments,
                    is_pk=c.is_pk,
                    nullable=c.nullable,
                )
                for c in asked.columns
            ],
            parent_table=asked.parent_table,
            parent_table_fk=asked.parent_table_fk,
            sort_columns=list(asked.sort_columns),
        )
        reply = await self._client.call(self._stub.SyncTable, request, timeout=60)
        return str(reply.table_id)

    async def query(
        self,
        data_source: str,
        table: str,
        *,
        filters: Sequence[RowFilter] = (),
        sorts: Sequence[tuple[str, bool]] = (),
        offset: int = 0,
        limit: int = 0,
        skip_total: bool = False,
        access: DataAccess | None = None,
    ) -> tuple[int, list[dict[str, Any]]]:
        """A page of rows and the total (only rows within ``access``, the caller's data permissions)."""
        request = data_pb2.QueryRowsRequest(
            data_source=data_source,
            table=table,
            filters=[
                data_pb2.Filter(column=f.column, op=f.op, value=f.value, values=list(f.values))
                for f in filters
            ],
            sorts=[data_pb2.Sort(column=c, asc=a) for c, a in sorts],
            offset=offset,
            limit=limit,
            skip_total=skip_total,
        )
        if access is not None:
            request.access.CopyFrom(data_access_message(access))
        reply = await self._client.call(self._stub.QueryRows, request, timeout=60)
        return int(reply.total), orjson.loads(reply.rows_json or "[]")

    async def apply(self, data_source: str, changes: Sequence[RowChange]) -> list[int]:
        """Runs inserts, updates and deletes in one transaction; rows touched per change."""
        request = data_pb2.ApplyChangesRequest(
            data_source=data_source,
            changes=[
                data_pb2.Change(
                    table=c.table,
                    kind=c.kind,
                    rows_json=orjson.dumps(c.rows).decode() if c.rows is not None else "",
                    key_column=c.key_column,
                    key_values=list(c.key_values),
                )
                for c in changes
            ],
        )
        reply = await self._client.call(self._stub.ApplyChanges, request, timeout=120)
        return list(reply.counts)
