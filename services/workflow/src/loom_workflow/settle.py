"""Read-your-writes as dependencies. History is written by workers within their lag; a route that
reads it first applies the pending records its caller would otherwise miss
(``WorkflowRuntime.settle_history``). Each dependency answers how many records it applied."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Query

from loom_platform.auth import CurrentPrincipal
from loom_platform.paging import empty_filter
from loom_workflow.engine_host import RuntimeDep


async def _own(runtime: RuntimeDep, principal: CurrentPrincipal) -> int:
    return await runtime.settle_history(actor=principal.user_id)


async def _own_and_started(runtime: RuntimeDep, principal: CurrentPrincipal) -> int:
    return await runtime.settle_history(actor=principal.user_id, starter=principal.user_id)


async def _everything(runtime: RuntimeDep, principal: CurrentPrincipal) -> int:
    return await runtime.settle_history(actor=principal.user_id, everything=True)


OwnWrites = Annotated[int, Depends(_own)]
"""The trees the caller touched (their own completions in their lists)."""
OwnAndStartedWrites = Annotated[int, Depends(_own_and_started)]
"""The trees the caller touched and those they started (what others did to their requests)."""
AllWrites = Annotated[int, Depends(_everything)]
"""Every pending record (a monitor's list of all instances, the analytics' figures)."""


def instance_writes(name: str) -> Any:
    """The trees the caller touched and the instance of the optional query parameter ``name``."""

    async def settled(
        runtime: RuntimeDep, principal: CurrentPrincipal, proc_ins_id: str | None = Query(None, alias=name)
    ) -> int:
        return await runtime.settle_history(actor=principal.user_id, instances=[empty_filter(proc_ins_id)])

    return Depends(settled)
