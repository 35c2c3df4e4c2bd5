from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime
from sqlmodel import Field, SQLModel

from loom_platform.links import link_key
from loom_platform.records import Record

ENABLED = "1"
DISABLED = "0"


class User(Record, table=True):
    """A person who logs in; belongs to a company and a department."""

    __tablename__ = "sys_user"

    login_name: str = Field(max_length=100, unique=True)
    password_hash: str = Field(max_length=255)
    name: str = Field(max_length=100, index=True)
    no: str | None = Field(default=None, max_length=100)
    email: str | None = Field(default=None, max_length=200)
    phone: str | None = Field(default=None, max_length=200)
    mobile: str | None = Field(default=None, max_length=200)
    photo: str | None = Field(default=None, max_length=1000)
    login_flag: str = Field(default=ENABLED, max_length=1)
    company_id: str | None = Field(default=None, max_length=64, foreign_key="sys_office.id", index=True)
    office_id: str | None = Field(default=None, max_length=64, foreign_key="sys_office.id", index=True)
    failed_logins: int = Field(default=0)
    locked_until: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    login_ip: str | None = Field(default=None, max_length=100)
    login_date: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))


class UserRole(SQLModel, table=True):
    __tablename__ = "sys_user_role"

    user_id: str = link_key("sys_user")
    role_id: str = link_key("sys_role", index=True)


class UserPost(SQLModel, table=True):
    __tablename__ = "sys_user_post"

    user_id: str = link_key("sys_user")
    post_id: str = link_key("sys_post", index=True)
