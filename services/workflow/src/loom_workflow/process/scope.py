"""The monitor screens' data scope, as dependencies: which instances a caller reaches through a
menu's data rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Query
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.auth import CurrentPrincipal
from loom_platform.datarules import DataAccess
from loom_platform.db import SessionDep
from loom_platform.wire import split_ids
from loom_workflow.engine_host import RuntimeDep, WorkflowRuntime
from loom_workflow.flowcopy.access import MONITOR
from loom_workflow.process import queries
from loom_workflow.process.errors import InstanceNotFound

# The monitor screens whose menus carry the data rules of the actions on their rows (运行中流程, 历史流程).
RUNNING_MENU, HISTORY_MENU = MONITOR


@dataclass(frozen=True)
class DataScope:
    """The caller's data scope through the monitor screens' menus."""

    runtime: WorkflowRuntime
    user_id: str

    async def access(self, permission: str) -> DataAccess:
        """The caller's data access through a monitor's menu (sys answers it, roles and rules)."""
        return await self.runtime.directory.data_access(self.user_id, permission=permission)  # type: ignore[no-any-return]

    async def outside(self, session: AsyncSession, permission: str, ids: list[str]) -> bool:
        """True when one of the instances lies outside the caller's data scope through
        ``permission``'s menu (their pending history applied first, so a new instance is judged too)."""
        await self.runtime.settle_history(actor=self.user_id, instances=ids)
        return bool(await queries.outside_scope(session, ids, await self.access(permission)))

    async def require(self, session: AsyncSession, permission: str, ids: list[str]) -> None:
        """404, as if they did not exist, when one of the instances lies outside the caller's scope."""
        if await self.outside(session, permission, ids):
            raise InstanceNotFound()


async def data_scope(runtime: RuntimeDep, principal: CurrentPrincipal) -> DataScope:
    """The caller's :class:`DataScope`."""
    return DataScope(runtime, principal.user_id)


Scope = Annotated[DataScope, Depends(data_scope)]


def in_scope(menu: str, name: str) -> Any:
    """A dependency answering the query parameter ``name`` (an instance) once it lies in the
    caller's data scope through ``menu``'s menu (404 otherwise)."""

    async def scoped(scope: Scope, session: SessionDep, proc_ins_id: str = Query(alias=name)) -> str:
        await scope.require(session, menu, [proc_ins_id])
        return proc_ins_id

    return Depends(scoped)


def all_in_scope(menu: str, name: str) -> Any:
    """A dependency answering the query parameter ``name`` (instances, comma-joined) as a list once
    every one lies in the caller's data scope through ``menu``'s menu (404 otherwise)."""

    async def scoped(scope: Scope, session: SessionDep, ids: str = Query("", alias=name)) -> list[str]:
        wanted = split_ids(ids)
        await scope.require(session, menu, wanted)
        return wanted

    return Depends(scoped)
