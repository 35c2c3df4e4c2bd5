"""``/sys/user/...``: the user list, the form, enabling and passwords."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request

from loom_platform.auth import Principal, holds_any, require_permission
from loom_platform.datarules import DataAccess
from loom_platform.db import SessionDep, transaction
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.paging import Page, PageDep
from loom_platform.wire import split_ids
from loom_sys.caller import Caller, CallerDep
from loom_sys.user import service
from loom_sys.user.schemas import UserDetail, UserPicked, UserPublic, UserSave

router = APIRouter(prefix="/sys/user", tags=["user"])

CanView = Annotated[Principal, require_permission("sys:user:view")]
CanSave = Annotated[Principal, require_permission("sys:user:add", "sys:user:edit")]
CanEdit = Annotated[Principal, require_permission("sys:user:edit")]
CanDelete = Annotated[Principal, require_permission("sys:user:del")]


@router.get("/list", response_model=Page[UserPublic | UserPicked])
async def list_users(request: Request, session: SessionDep, page: PageDep, caller: CallerDep) -> Any:
    """Users, paged; filters ``loginName``, ``name``, ``companyDTO.id``, ``officeDTO.id``. Everyone
    signed in picks users (transfer, delegate, add signers, copy to, a form's user field): without
    ``sys:user:view`` a row says only who the user is (``service.PICKED_FIELDS``)."""
    picker = not holds_any(request, "sys:user:view")
    return await service.page(
        session,
        page,
        **service.list_filters(request.query_params),
        factory=request.app.state.session_factory,
        picker=picker,
        # the user administration screen shows the users the caller's data scope reaches
        access=None if picker else await _scope(caller),
    )


async def _scope(caller: Caller) -> DataAccess:
    """The caller's data access through the user menu (``sys:user:view``)."""
    return await caller.data_access("sys:user:view")


@router.get("/queryById", response_model=UserDetail | UserPicked)
async def query_by_id(request: Request, session: SessionDep, caller: CallerDep, id: str) -> Any:
    """One user with roles and posts; without ``sys:user:view`` only who the user is (a picker
    names the users it holds)."""
    if not holds_any(request, "sys:user:view"):
        user = await service.detail(session, id)
        return {k: user[k] for k in service.PICKED_FIELDS}
    return await service.detail(session, id, await _scope(caller))


@router.post("/save")
async def save(session: SessionDep, body: UserSave, principal: CanSave) -> Message:
    """Creates or updates a user."""
    async with transaction(session):
        user = await service.save(session, body, actor=principal.user_id)
    return message(translate("sys.saved", what=translate("sys.what.user"), name=user.name))


@router.delete("/delete")
async def delete(session: SessionDep, principal: CanDelete, ids: str = "") -> Message:
    """Deletes users."""
    async with transaction(session):
        await service.delete(session, split_ids(ids), actor=principal.user_id)
    return message(translate("sys.deleted", what=translate("sys.what.user")))


@router.put("/updateLoginFlag")
async def update_login_flag(
    session: SessionDep, principal: CanEdit, ids: str = "", loginFlag: str = ""
) -> Message:  # noqa: N803
    """Enables (``loginFlag=1``) or disables (``0``) users."""
    async with transaction(session):
        await service.set_login_flag(session, split_ids(ids), loginFlag, actor=principal.user_id)
    action = translate("sys.user.enable" if loginFlag == "1" else "sys.user.disable")
    return message(translate("sys.user.login_flag_set", action=action))


@router.put("/resetPassword")
async def reset_password(session: SessionDep, principal: CanEdit, id: str, newPassword: str) -> Message:  # noqa: N803
    """Sets a user's password (administrators)."""
    async with transaction(session):
        await service.reset_password(session, id, newPassword, actor=principal.user_id)
    return message(translate("sys.password.reset"))


@router.get("/validateLoginName")
async def validate_login_name(
    session: SessionDep, _: CanView, loginName: str, oldLoginName: str = ""
) -> bool:  # noqa: N803
    """True when the login name is free (or unchanged)."""
    return await service.login_name_free(session, loginName, old_login_name=oldLoginName)
