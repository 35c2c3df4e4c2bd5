"""What gencode publishes (through the outbox) and consumes.

Published, payloads from ``loom.gencode.v1`` (``proto/loom/gencode/v1/events.proto``):

- ``loom.gencode.<entity>.created|saved|deleted`` — ``RecordChanged`` for validateType, showType,
  queryType, dataBaseType, customObj, codeParam, templateGroup, dataSource, table, scheme.
- ``loom.gencode.table.synchronised`` — ``TableSynchronised`` with the DDL that ran.
- ``loom.gencode.code.generated`` — ``CodeGenerated`` with the files written.
- ``loom.gencode.menu.created`` — ``MenuCreated`` after sys created a menu.

Consumed: ``loom.sys.>`` (by the platform) to drop cached permissions.
"""

from __future__ import annotations

from sqlmodel.ext.asyncio.session import AsyncSession

from loom_contracts.loom.gencode.v1 import events_pb2
from loom_platform.outbox import add_event

TABLE_SYNCHRONISED = "loom.gencode.table.synchronised"
CODE_GENERATED = "loom.gencode.code.generated"
MENU_CREATED = "loom.gencode.menu.created"


def table_synchronised(
    session: AsyncSession,
    *,
    table_id: str,
    name: str,
    data_source_id: str,
    is_force: str,
    statements: list[str],
) -> None:
    """Announces a synchronisation in the current transaction."""
    add_event(
        session,
        TABLE_SYNCHRONISED,
        events_pb2.TableSynchronised(
            table_id=table_id,
            name=name,
            data_source_id=data_source_id,
            is_force=is_force,
            statements=statements,
        ),
    )


def code_generated(
    session: AsyncSession, *, table_id: str, scheme_id: str, group_id: str, files: list[str]
) -> None:
    """Announces generated code in the current transaction."""
    add_event(
        session,
        CODE_GENERATED,
        events_pb2.CodeGenerated(
            table_id=table_id,
            scheme_id=scheme_id,
            template_group_id=group_id,
            files=files,
        ),
    )


def menu_created(session: AsyncSession, *, table_id: str, menu_id: str, href: str) -> None:
    """Announces a created menu in the current transaction."""
    add_event(session, MENU_CREATED, events_pb2.MenuCreated(table_id=table_id, menu_id=menu_id, href=href))
