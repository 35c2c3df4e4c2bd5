"""Who may read an instance's data (docs/rights.md): the rights check every router of instance data
depends on (tasks, processes, the task center, charts, flowable forms, copies)."""

from __future__ import annotations

from typing import Any

from fastapi import Request

from loom_workflow.engine_host import runtime_of
from loom_workflow.flowcopy import service
from loom_workflow.users import user_roles

# Monitors see every instance (the 运行中流程 / 历史流程 screens).
MONITOR = ("flowable:instance:view", "flowable:history:view")


def is_monitor(request: Request) -> bool:
    """True when the caller holds a monitoring permission."""
    return any(request.state.access.allows(p) for p in MONITOR)


async def check_instance_visible(
    request: Request, session: Any, user_id: str, proc_ins_id: str | None
) -> None:
    """The rights rule (docs/rights.md) for an instance's data: its initiator, past and present
    handlers, the users it was copied to, and monitors; 404 for no such instance, 403 otherwise.
    The instance's pending history is applied first: what follows reads it as it is now."""
    await runtime_of(request.app).settle_history(actor=user_id, instances=[proc_ins_id])
    if not proc_ins_id or is_monitor(request):
        return
    groups = await user_roles(request.app.state.directory, user_id)
    await service.check_visible(session, proc_ins_id, user_id, groups, monitor=False)
