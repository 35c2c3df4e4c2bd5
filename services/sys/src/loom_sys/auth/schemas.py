"""What the auth routes take."""

from __future__ import annotations

from pydantic import Field

from loom_platform.wire import Answer, WireModel
from loom_sys.dict.schemas import DictEntry
from loom_sys.menu.schemas import MenuNode
from loom_sys.user.schemas import UserDetail


class LoginForm(WireModel):
    username: str = Field(min_length=1, max_length=100)
    password: str = Field(min_length=1, max_length=100)
    code: str | None = None


class Tokens(Answer):
    """A token pair: the access token and the refresh token that renews it."""

    token: str
    refresh_token: str


class LoginAnswer(Tokens):
    """A login: the token pair, and where and when the user signed in before (ISO 8601)."""

    old_login_ip: str | None
    old_login_date: str | None


class RoleSummary(Answer):
    """A role as the portal names it."""

    id: str
    name: str
    en_name: str


class CallerInfo(Answer):
    """The caller (as the user form reads a user) and their roles."""

    user: UserDetail
    role: list[RoleSummary]


class PortalStart(Answer):
    """What the portal needs after login: the routes and the side menu (names in the caller's
    language), the caller's permissions and every dictionary's values by type."""

    router_list: list[MenuNode]
    menu_list: list[MenuNode]
    permissions: list[str]
    dict_list: dict[str, list[DictEntry]]
