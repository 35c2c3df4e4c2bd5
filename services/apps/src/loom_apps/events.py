"""What the app host publishes (through the outbox) and consumes.

Published: ``loom.apps.module.changed`` — ``loom.apps.v1.ModuleChanged`` when a module's state
changes (testing, live, failed, unpublished).

Consumed: ``loom.gencode.module.published`` (durable, one replica handles each) — a generated
module's files; ``loom.gencode.table.deleted`` (durable) — its module goes offline;
``loom.apps.module.changed`` (every replica) — to mount or unmount at once; ``loom.sys.*.changed``
(every replica) — to drop the data scopes it keeps of the users concerned.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlmodel.ext.asyncio.session import AsyncSession

from loom_contracts.loom.apps.v1 import events_pb2
from loom_platform.outbox import add_event

if TYPE_CHECKING:
    from loom_apps.module.models import AppModule

MODULE_CHANGED = "loom.apps.module.changed"
MODULE_PUBLISHED = "loom.gencode.module.published"
TABLE_DELETED = "loom.gencode.table.deleted"
GENCODE_STREAM = "LOOM_GENCODE"


def module_changed(session: AsyncSession, module: AppModule, version: int, state: str) -> None:
    """Announces a module's new state in the current transaction."""
    add_event(
        session,
        MODULE_CHANGED,
        events_pb2.ModuleChanged(
            name=module.name,
            table_id=module.table_id,
            version=version,
            state=state,
            live_version=module.live_version or 0,
        ),
    )
