"""``loom.forms.v1.FormsService``: translates proto <-> domain calls, nothing else."""

from __future__ import annotations

from datetime import UTC
from typing import Any

import orjson
from sqlalchemy.ext.asyncio import async_sessionmaker
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_contracts.loom.forms.v1 import service_pb2, service_pb2_grpc
from loom_forms.data import service as data_service
from loom_forms.data.rows import RowRights
from loom_forms.definition import service as definition_service
from loom_platform import i18n
from loom_platform.db import transaction
from loom_platform.fields import json_object


class FormsServicer(service_pb2_grpc.FormsServiceServicer):
    def __init__(self, factory: async_sessionmaker[AsyncSession]) -> None:
        self._factory = factory

    async def GetFormFields(self, request: Any, _context: Any) -> service_pb2.GetFormFieldsResponse:  # noqa: N802
        async with self._factory() as session:
            found = await definition_service.fields_of(session, request.json_id)
        return service_pb2.GetFormFieldsResponse(
            json_id=found.version.id,
            name=found.definition.name,
            version=found.version.version,
            fields=[service_pb2.FormField(**f) for f in found.render()["fields"]],
        )

    async def SaveProcessData(self, request: Any, _context: Any) -> service_pb2.SaveProcessDataResponse:  # noqa: N802
        values = json_object(request.data_json, "data")
        async with self._factory() as session, transaction(session):
            outcome = await data_service.save(
                session,
                json_id=request.json_id,
                business_key=request.business_key,
                task_id=request.task_id,
                values=values,
                writable=list(request.writable),
                process_instance_id=request.process_instance_id,
                user_id=request.user_id,
                read_only=request.read_only,
                rows=RowRights.of(
                    request.locked_columns, request.rows_not_addable, request.rows_not_deletable
                ),
                lang=i18n.current_language.get(),
                draft=request.draft,
            )
        return service_pb2.SaveProcessDataResponse(
            stored=outcome.stored,
            errors=outcome.errors,
            data_id=outcome.data_id,
            values_json=orjson.dumps(outcome.values, default=str).decode(),
        )

    async def GetProcessData(self, request: Any, _context: Any) -> service_pb2.GetProcessDataResponse:  # noqa: N802
        async with self._factory() as session:
            found = await data_service.read(session, request.business_key, request.json_id)
        if found is None:
            return service_pb2.GetProcessDataResponse(found=False)
        return service_pb2.GetProcessDataResponse(
            found=True, json_id=found.json_id, data_json=orjson.dumps(found.data).decode()
        )

    async def GetProcessDataHistory(  # noqa: N802
        self, request: Any, _context: Any
    ) -> service_pb2.GetProcessDataHistoryResponse:
        async with self._factory() as session:
            saves = await data_service.history(
                session, process_instance_id=request.process_instance_id, business_key=request.business_key
            )
            documents = await data_service.snapshots(session, saves)
        return service_pb2.GetProcessDataHistoryResponse(
            versions=[
                service_pb2.ProcessDataVersion(
                    task_id=save.task_id,
                    user_id=save.user_id or "",
                    saved_at=save.create_date.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S"),
                    changes=[_change(c) for c in save.changes],
                    json_id=documents[save.id].json_id,
                    data_json=orjson.dumps(documents[save.id].data, default=str).decode(),
                )
                for save in saves
            ]
        )


def _change(change: dict[str, Any]) -> service_pb2.FieldChange:
    return service_pb2.FieldChange(
        field=change["field"],
        label=change.get("label", ""),
        before_json=orjson.dumps(change.get("before")).decode(),
        after_json=orjson.dumps(change.get("after")).decode(),
    )
