"""``/sys/sysConfig/...``: the system settings (site, appearance, login and upload policies)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request

from loom_platform.auth import Principal, require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_sys.config import service
from loom_sys.config.schemas import PublicConfig, SysConfigSave

router = APIRouter(prefix="/sys/sysConfig", tags=["sysConfig"])

CanEdit = Annotated[Principal, require_permission("sys:config:edit")]
CanView = Annotated[Principal, require_permission("sys:config:view", "sys:config:edit")]


@router.get("/getConfig", response_model=PublicConfig)
async def get_config(session: SessionDep) -> Any:
    """Product name, logo and layout for the login page (no login needed)."""
    return service.public(await service.current(session))


@router.get("/queryById", response_model=SysConfigSave)
async def query_by_id(request: Request, session: SessionDep, _: CanView) -> Any:
    """Every setting, as the settings form posts them."""
    return service.render(await service.current(session, request.app.state.settings))


@router.post("/save")
async def save(session: SessionDep, body: SysConfigSave, principal: CanEdit) -> Message:
    """Saves the settings; they hold from the next request on, without a restart."""
    async with transaction(session):
        await service.save(session, body, actor=principal.user_id)
    return message(translate("sys.config.saved"))
