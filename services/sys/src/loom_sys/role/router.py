"""``/sys/role/...``: roles (list, save and delete are the CRUD of ``resources.py``) and their
grants; their members are the users' domain's (``user/members_router.py``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from loom_platform.auth import CurrentPrincipal, holds_any
from loom_platform.crud import add_routes
from loom_platform.db import SessionDep
from loom_platform.paging import empty_filter
from loom_sys.role import grants, service
from loom_sys.role.resources import ROLE
from loom_sys.role.schemas import RoleDetail

router = APIRouter(prefix="/sys/role", tags=["role"])

add_routes(router, ROLE)

# Who may see what a role grants; pickers (users, assignees) only need its name.
GRANT_READERS = ("sys:role:view", "sys:role:add", "sys:role:edit", "sys:role:auth")


@router.get("/queryById", response_model=RoleDetail, response_model_exclude_unset=True)
async def query_by_id(request: Request, session: SessionDep, _: CurrentPrincipal, id: str) -> Any:
    """A role with the ids of the menus granted to it (the grants only for role administrators)."""
    role = await service.get(session, id)
    if not holds_any(request, *GRANT_READERS):
        return {**service.render(role), "menuIdList": []}
    menu_ids = await service.menu_ids(session, id)
    scope = await grants.role_grants(session, id)
    return {**service.render(role), "menuIdList": menu_ids, "menuIds": ",".join(menu_ids), **scope}


@router.get("/validateNotExist")
async def validate_not_exist(
    session: SessionDep,
    _: CurrentPrincipal,
    name: str | None = None,
    enName: str | None = None,  # noqa: N803
) -> bool:
    """True when no role has this ``name`` (or ``enName``): the role form checks as one types."""
    return await service.name_free(session, name=empty_filter(name), en_name=empty_filter(enName))
