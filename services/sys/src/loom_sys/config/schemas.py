"""What the settings form posts."""

from __future__ import annotations

from pydantic import Field

from loom_platform.wire import Answer, WireModel


class SysConfigSave(WireModel):
    """The JeePlus SysConfig form plus Loom's login and upload policies."""

    id: str | None = None
    product_name: str = Field(default="Loom", min_length=1, max_length=100)
    logo: str | None = Field(default=None, max_length=1000)
    default_theme: str = Field(default="#1677ff", min_length=1, max_length=50)
    default_layout: str = Field(default="vertical", min_length=1, max_length=50)
    home_url: str | None = Field(default=None, max_length=255)
    multi_account_login: str = Field(default="1", pattern="^[01]$")
    single_login_type: str = Field(default="1", pattern="^[12]$")
    login_code: str = Field(default="0", pattern="^[01]$")
    password_min_length: int = Field(default=6, ge=1, le=64)
    login_max_failures: int = Field(default=5, ge=1, le=100)
    login_lock_minutes: int = Field(default=15, ge=1, le=24 * 60)
    upload_max_mb: int = Field(default=20, ge=1, le=50)
    upload_extensions: str | None = Field(default=None, max_length=2000, pattern=r"^[A-Za-z0-9, ]*$")
    smtp: str | None = Field(default=None, max_length=255)
    port: str | None = Field(default=None, max_length=10)
    mail_name: str | None = Field(default=None, max_length=255)
    remarks: str | None = Field(default=None, max_length=255)


class PublicConfig(Answer):
    """What the login page reads without a token: the product's name, logo, layout and theme,
    whether a captcha is asked, and the home page."""

    product_name: str
    logo: str
    default_layout: str
    default_theme: str
    login_code: str
    home_url: str


class Plugin(Answer):
    """An area installed with the platform: its distribution, name, icon, what it holds, version."""

    id: str
    name: str
    icon: str
    description: str
    version: str
    site: str


class Plugins(Answer):
    """The JeePlus plugin screen's answer: ``success`` and the installed areas as ``rows``."""

    success: bool
    rows: list[Plugin]
