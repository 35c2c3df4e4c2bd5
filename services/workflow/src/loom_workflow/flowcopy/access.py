"""Who may read an instance's data (docs/rights.md), as dependencies: the rights check every router
of instance data depends on (tasks, processes, the task center, charts, flowable forms, copies)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Query
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.auth import CurrentAccess, CurrentPrincipal
from loom_platform.db import SessionDep
from loom_platform.paging import empty_filter
from loom_workflow.engine_host import RuntimeDep, WorkflowRuntime
from loom_workflow.flowcopy import service
from loom_workflow.users import user_roles

# Monitors see every instance (the 运行中流程 / 历史流程 screens).
MONITOR = ("flowable:instance:view", "flowable:history:view")


@dataclass(frozen=True)
class InstanceRights:
    """The caller as the rights rule sees them: who they are and whether they monitor instances."""

    runtime: WorkflowRuntime
    user_id: str
    monitor: bool

    async def groups(self) -> list[str]:
        """The caller's roles (the candidate groups that make them a handler)."""
        return await user_roles(self.runtime.directory, self.user_id)

    async def check(self, session: AsyncSession, proc_ins_id: str | None) -> None:
        """The rights rule for an instance's data: its initiator, past and present handlers, the
        users it was copied to, and monitors; 404 for no such instance, 403 otherwise; nothing to
        check without an instance. Its pending history is applied first: what follows reads it as
        it is now."""
        await self.runtime.settle_history(actor=self.user_id, instances=[proc_ins_id])
        if not proc_ins_id or self.monitor:
            return
        await service.check_visible(session, proc_ins_id, self.user_id, await self.groups(), monitor=False)

    async def require(self, session: AsyncSession, proc_ins_id: str) -> None:
        """As :meth:`check`, and the instance must exist for monitors too (404)."""
        groups = await self.groups()
        await self.runtime.settle_history(actor=self.user_id, instances=[proc_ins_id])
        await service.check_visible(session, proc_ins_id, self.user_id, groups, monitor=self.monitor)


async def instance_rights(
    runtime: RuntimeDep, principal: CurrentPrincipal, access: CurrentAccess
) -> InstanceRights:
    """The caller's :class:`InstanceRights`."""
    return InstanceRights(runtime, principal.user_id, any(access.allows(p) for p in MONITOR))


Rights = Annotated[InstanceRights, Depends(instance_rights)]


def visible_instance(name: str, *, must_exist: bool = False) -> Any:
    """A dependency answering the query parameter ``name`` (an instance) once the caller may see it
    (:meth:`InstanceRights.check`; ``must_exist``: :meth:`InstanceRights.require`)."""

    async def visible(rights: Rights, session: SessionDep, proc_ins_id: str = Query(alias=name)) -> str:
        if must_exist:
            await rights.require(session, proc_ins_id)
        else:
            await rights.check(session, proc_ins_id)
        return proc_ins_id

    return Depends(visible)


def visible_instance_if_given(name: str) -> Any:
    """A dependency answering the optional query parameter ``name`` (an instance; empty is none)
    once the caller may see it (:meth:`InstanceRights.check`)."""

    async def visible(
        rights: Rights, session: SessionDep, proc_ins_id: str | None = Query(None, alias=name)
    ) -> str | None:
        await rights.check(session, empty_filter(proc_ins_id))
        return empty_filter(proc_ins_id)

    return Depends(visible)
