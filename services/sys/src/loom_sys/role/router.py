"""``/sys/role/...``: roles (list, save and delete are the CRUD of ``resources.py``), their grants
and members."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request

from loom_platform.auth import CurrentPrincipal, Principal, holds_any, require_permission
from loom_platform.crud import add_routes
from loom_platform.db import SessionDep, transaction
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.paging import Page, PageDep, empty_filter
from loom_platform.wire import split_ids
from loom_sys.datarule import service as datarule_service
from loom_sys.role import service
from loom_sys.role.resources import ROLE
from loom_sys.role.schemas import RoleDetail
from loom_sys.user import service as user_service
from loom_sys.user.schemas import UserPublic

router = APIRouter(prefix="/sys/role", tags=["role"])

CanAssign = Annotated[Principal, require_permission("sys:role:assign")]

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
    grants = await datarule_service.role_grants(session, id)
    return {**service.render(role), "menuIdList": menu_ids, "menuIds": ",".join(menu_ids), **grants}


@router.get("/validateNotExist")
async def validate_not_exist(
    session: SessionDep,
    _: CurrentPrincipal,
    name: str | None = None,
    enName: str | None = None,  # noqa: N803
) -> bool:
    """True when no role has this ``name`` (or ``enName``): the role form checks as one types."""
    return await service.name_free(session, name=empty_filter(name), en_name=empty_filter(enName))


@router.get("/assign", response_model=Page[UserPublic])
async def members(request: Request, session: SessionDep, page: PageDep, _: CanAssign, roleId: str) -> Any:  # noqa: N803
    """The users holding the role, paged."""
    await service.get(session, roleId)
    q = request.query_params
    return await user_service.page(
        session,
        page,
        login_name=empty_filter(q.get("loginName")),
        name=empty_filter(q.get("name")),
        company_id=None,
        office_id=None,
        role_id=roleId,
    )


@router.put("/addUserToRole")
async def add_users(session: SessionDep, _: CanAssign, roleId: str, userIds: str = "") -> Message:  # noqa: N803
    """Adds users to the role."""
    async with transaction(session):
        count = await service.add_members(session, roleId, split_ids(userIds))
    return message(translate("sys.role.members_added", count=count))


@router.delete("/removeUserFromRole")
async def remove_user(session: SessionDep, _: CanAssign, userId: str, roleId: str) -> Message:  # noqa: N803
    """Removes a user from the role."""
    async with transaction(session):
        await service.remove_member(session, roleId, userId)
    return message(translate("sys.role.member_removed"))
