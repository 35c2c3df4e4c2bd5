"""The monitor screens' data scope: which instances a caller reaches through a menu's data rules."""

from __future__ import annotations

from fastapi import Request

from loom_platform.auth import Principal
from loom_platform.datarules import DataAccess
from loom_platform.db import SessionDep
from loom_workflow.engine_host import runtime_of
from loom_workflow.process import queries
from loom_workflow.process.errors import InstanceNotFound

# The monitor screens whose menus carry the data rules of the actions on their rows.
RUNNING_MENU, HISTORY_MENU = "flowable:instance:view", "flowable:history:view"


async def data_access(request: Request, principal: Principal, permission: str) -> DataAccess:
    """The caller's data access through a monitor's menu (sys answers it, roles and rules)."""
    directory = request.app.state.directory
    return await directory.data_access(principal.user_id, permission=permission)  # type: ignore[no-any-return]


async def outside(
    request: Request, session: SessionDep, principal: Principal, permission: str, ids: list[str]
) -> bool:
    """True when one of the instances lies outside the caller's data scope through ``permission``'s
    menu (their pending history applied first, so a new instance is judged too)."""
    await runtime_of(request.app).settle_history(actor=principal.user_id, instances=ids)
    access = await data_access(request, principal, permission)
    return bool(await queries.outside_scope(session, ids, access))


async def in_scope(
    request: Request, session: SessionDep, principal: Principal, permission: str, ids: list[str]
) -> None:
    """404, as if they did not exist, when one of the instances lies outside the caller's scope."""
    if await outside(request, session, principal, permission, ids):
        raise InstanceNotFound()
