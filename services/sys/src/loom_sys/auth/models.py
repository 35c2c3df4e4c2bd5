from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime
from sqlmodel import Field, SQLModel

from loom_platform.wire import new_id, now


class LoginSession(SQLModel, table=True):
    """One login: its current refresh token id rotates on every refresh; logout revokes it."""

    __tablename__ = "sys_login_session"

    id: str = Field(default_factory=new_id, primary_key=True, max_length=64)
    user_id: str = Field(max_length=64, foreign_key="sys_user.id", ondelete="CASCADE", index=True)
    refresh_token_id: str = Field(max_length=64)
    created_at: datetime = Field(default_factory=now, sa_type=DateTime(timezone=True))
    expires_at: datetime = Field(sa_type=DateTime(timezone=True))
    revoked_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    ip: str | None = Field(default=None, max_length=100)
    user_agent: str | None = Field(default=None, max_length=500)


class LoginFailure(SQLModel, table=True):
    """Failed logins for one login name from one address: the lock applies to that pair only.

    Keyed by address, so nobody can lock a user out from elsewhere; kept for unknown names
    too, so the answers never tell whether a name exists.
    """

    __tablename__ = "sys_login_failure"

    login_name: str = Field(primary_key=True, max_length=100)
    ip: str = Field(primary_key=True, max_length=100)
    failures: int = Field(default=0)
    locked_until: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    updated_at: datetime = Field(default_factory=now, sa_type=DateTime(timezone=True))
