"""``/sys/role/assign``, ``addUserToRole``, ``removeUserFromRole``: a role's members, served by
the users' domain that keeps them (the role's own routes are ``role/router.py``)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request

from loom_platform.auth import Principal, require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.paging import Page, PageDep, empty_filter
from loom_platform.wire import split_ids
from loom_sys.role import service as role_service
from loom_sys.user import membership, service
from loom_sys.user.schemas import UserPublic

router = APIRouter(prefix="/sys/role", tags=["role"])

CanAssign = Annotated[Principal, require_permission("sys:role:assign")]


@router.get("/assign", response_model=Page[UserPublic])
async def members(request: Request, session: SessionDep, page: PageDep, _: CanAssign, roleId: str) -> Any:  # noqa: N803
    """The users holding the role, paged."""
    await role_service.get(session, roleId)
    q = request.query_params
    return await service.page(
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
        count = await membership.add_members(session, roleId, split_ids(userIds))
    return message(translate("sys.role.members_added", count=count))


@router.delete("/removeUserFromRole")
async def remove_user(session: SessionDep, _: CanAssign, userId: str, roleId: str) -> Message:  # noqa: N803
    """Removes a user from the role."""
    async with transaction(session):
        await membership.remove_member(session, roleId, userId)
    return message(translate("sys.role.member_removed"))
