"""Login, tokens, logout, the current user, their menus and their password."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response

from loom_platform import logtitles
from loom_platform.auth import CurrentPrincipal
from loom_platform.db import SessionDep, transaction
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_platform.openapi import download
from loom_sys import access, events
from loom_sys.auth import captcha, service
from loom_sys.auth.errors import CasNotConfigured
from loom_sys.auth.schemas import CallerInfo, LoginAnswer, LoginForm, PortalStart, Tokens
from loom_sys.auth.service import TokenService
from loom_sys.dict import service as dict_service
from loom_sys.menu import service as menu_service
from loom_sys.role import service as role_service
from loom_sys.user import service as user_service
from loom_sys.user.schemas import PasswordChange

# sign-in and sign-out are logged under 登录; the profile routes under 个人信息
router = APIRouter(tags=["auth"], dependencies=[logtitles.under("session")])


def _tokens(request: Request) -> TokenService:
    tokens: TokenService = request.app.state.tokens
    return tokens


def client_ip(request: Request) -> str | None:
    forwarded = request.headers.get("x-forwarded-for", "")
    return forwarded.split(",")[0].strip() or (request.client.host if request.client else None)


@router.post("/sys/login", response_model=LoginAnswer)
async def login(request: Request, session: SessionDep, form: LoginForm) -> Any:
    """Checks the credentials (and the captcha code when the settings ask for it) and answers a
    token pair (401 with the reason otherwise)."""
    settings = request.app.state.settings
    await service.check_captcha(session, settings, request.cookies.get(captcha.COOKIE), form.code)
    async with transaction(session):
        tokens, _user, old_ip, old_date = await service.login(
            session,
            _tokens(request),
            username=form.username,
            password=form.password,
            ip=client_ip(request),
            agent=request.headers.get("user-agent"),
        )
    return {
        "token": tokens.token,
        "refreshToken": tokens.refresh_token,
        "oldLoginIp": old_ip,
        "oldLoginDate": old_date,
    }


@router.get("/sys/getCode", responses=download("image/svg+xml", "the captcha image"))
async def get_code(request: Request) -> Response:
    """The login captcha (验证码) image; the proof of its code travels in a cookie (``auth/captcha.py``)."""
    code, proof = captcha.issue(captcha.key_of(request.app.state.settings.private_key_path))
    answer = Response(captcha.image(code), media_type="image/svg+xml", headers={"Cache-Control": "no-store"})
    answer.set_cookie(captcha.COOKIE, proof, max_age=captcha.VALID_SECONDS, httponly=True, samesite="strict")
    return answer


@router.get("/sys/casLogin", response_model=Tokens)
async def cas_login(
    ticket: str = "",  # noqa: ARG001 - the client's parameters
    service_url: Annotated[str, Query(alias="service")] = "",  # noqa: ARG001
) -> Any:
    """CAS single sign-on: no CAS server is configured in Loom, so a ticket is refused with a clear
    message (the client then shows its login page)."""
    raise CasNotConfigured()


@router.get("/sys/refreshToken", response_model=Tokens)
async def refresh_token(request: Request, session: SessionDep, refreshToken: str = "") -> Any:  # noqa: N803
    """A new token pair for a valid refresh token; the old refresh token stops working."""
    async with transaction(session):
        tokens = await service.refresh(session, _tokens(request), refreshToken)
    return {"token": tokens.token, "refreshToken": tokens.refresh_token}


@router.get("/sys/logout")
async def logout(request: Request, session: SessionDep, principal: CurrentPrincipal) -> Message:
    """Ends the login session."""
    async with transaction(session):
        await service.logout(session, user_id=principal.user_id, session_id=principal.session_id)
    request.app.state.auth.cache.invalidate(principal.user_id)
    return message(translate("sys.logout.done"))


@router.post("/sys/user/savePwd", dependencies=[logtitles.under("profile")])
async def save_password(session: SessionDep, principal: CurrentPrincipal, body: PasswordChange) -> Message:
    """Changes the caller's own password."""
    async with transaction(session):
        await service.change_password(
            session, user_id=principal.user_id, old_password=body.old_password, new_password=body.new_password
        )
        events.user_changed(session, principal.user_id, events.UPDATED)
    return message(translate("sys.password.changed"))


@router.get("/sys/user/info", response_model=CallerInfo)
async def info(session: SessionDep, principal: CurrentPrincipal) -> Any:
    """The caller and their roles."""
    user = await user_service.detail(session, principal.user_id)
    return {"user": user, "role": await role_service.summaries(session, user["roleIdList"])}


@router.get("/sys/user/getMenus", response_model=PortalStart)
async def get_menus(request: Request, session: SessionDep, principal: CurrentPrincipal) -> Any:
    """What the portal needs after login: routes, side menu, permissions and dictionaries."""
    granted = await access.granted_menu_ids(session, principal.user_id)
    router_list, menu_list = await menu_service.user_menus(session, granted)
    permissions = sorted(request.state.access.permissions)
    return {
        "routerList": router_list,
        "menuList": menu_list,
        "permissions": permissions,
        "dictList": await dict_service.dict_map(session),
    }
