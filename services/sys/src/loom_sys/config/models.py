"""The system settings: one row (JeePlus ``sys_config``), read by the services that need them."""

from __future__ import annotations

from sqlalchemy import Text
from sqlmodel import Field

from loom_platform.records import Record

CONFIG_ID = "1"


class SysConfig(Record, table=True):
    """Site, appearance, login and upload settings; changed without a restart."""

    __tablename__ = "sys_config"

    product_name: str = Field(default="Loom", max_length=100)
    logo: str | None = Field(default=None, max_length=1000)
    default_theme: str = Field(default="#1677ff", max_length=50)
    default_layout: str = Field(default="vertical", max_length=50)
    home_url: str | None = Field(default=None, max_length=255)
    multi_account_login: str = Field(default="1", max_length=1)
    single_login_type: str = Field(default="1", max_length=1)
    login_code: str = Field(default="0", max_length=1)
    password_min_length: int = Field(default=6)
    login_max_failures: int = Field(default=5)
    login_lock_minutes: int = Field(default=15)
    upload_max_mb: int = Field(default=20)
    upload_extensions: str | None = Field(default=None, sa_type=Text)
    smtp: str | None = Field(default=None, max_length=255)
    port: str | None = Field(default=None, max_length=10)
    mail_name: str | None = Field(default=None, max_length=255)
