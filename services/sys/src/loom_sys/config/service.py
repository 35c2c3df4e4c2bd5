"""The system settings: one row, created with the defaults on first read, changed without a restart."""

from __future__ import annotations

from typing import Any

from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.wire import now
from loom_sys.config.models import CONFIG_ID, SysConfig
from loom_sys.config.schemas import SysConfigSave
from loom_sys.settings import SysSettings

FIELDS = tuple(name for name in SysConfigSave.model_fields if name != "id")


async def current(session: AsyncSession, settings: SysSettings | None = None) -> SysConfig:
    """The settings in force: the saved ones, else the defaults (the service's own login and upload
    limits, when its settings are given)."""
    found = await session.get(SysConfig, CONFIG_ID)
    if found is not None:
        return found
    if settings is None:
        return SysConfig(id=CONFIG_ID)
    return SysConfig(
        id=CONFIG_ID,
        login_max_failures=settings.login_max_failures,
        login_lock_minutes=settings.login_lock_minutes,
        upload_max_mb=max(1, min(50, settings.upload_max_bytes // (1024 * 1024))),
    )


def render(config: SysConfig) -> dict[str, Any]:
    return SysConfigSave.model_validate(config, from_attributes=True).model_dump(by_alias=True) | {
        "id": CONFIG_ID
    }


def public(config: SysConfig) -> dict[str, Any]:
    """What the login page may read without a token."""
    return {
        "productName": config.product_name,
        "logo": config.logo or "",
        "defaultLayout": config.default_layout,
        "defaultTheme": config.default_theme,
        "loginCode": config.login_code,
        "homeUrl": config.home_url or "",
    }


async def save(session: AsyncSession, data: SysConfigSave, *, actor: str) -> SysConfig:
    """Writes the settings; the next request reads them."""
    config = await session.get(SysConfig, CONFIG_ID) or SysConfig(id=CONFIG_ID, create_by=actor)
    for name in FIELDS:
        setattr(config, name, getattr(data, name))
    config.update_by, config.update_date = actor, now()
    session.add(config)
    await session.flush()
    return config


def upload_limit(config: SysConfig, fallback: int) -> int:
    """Bytes an upload may have: the setting, never above the service's own limit."""
    return min(config.upload_max_mb * 1024 * 1024, fallback)
