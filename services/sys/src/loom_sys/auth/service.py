"""Login, token refresh with rotation, logout, password change."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.auth import TokenSigner, TokenVerifier
from loom_platform.errors import TokenInvalid
from loom_platform.wire import new_id, now
from loom_sys import events
from loom_sys.auth import captcha
from loom_sys.auth.errors import (
    AccountLocked,
    BadCredentials,
    CaptchaWrong,
    LoginDisabled,
    OldPasswordWrong,
    RefreshInvalid,
)
from loom_sys.auth.models import LoginFailure, LoginSession
from loom_sys.config.models import CONFIG_ID, SysConfig
from loom_sys.settings import SysSettings
from loom_sys.user.models import ENABLED, User
from loom_sys.user.passwords import check_password_rules, hashed, matches, password_min_length


@dataclass(frozen=True)
class Tokens:
    token: str
    refresh_token: str


@dataclass
class TokenService:
    """Signs the pair of tokens of a login session."""

    signer: TokenSigner
    verifier: TokenVerifier
    settings: SysSettings

    def issue(self, user: User, login: LoginSession) -> Tokens:
        """A new access token and the session's current refresh token."""
        access = self._sign(user, login, "access", self.settings.access_token_seconds, new_id())
        refresh = self._sign(
            user, login, "refresh", self.settings.refresh_token_seconds, login.refresh_token_id
        )
        return Tokens(access, refresh)

    def _sign(self, user: User, login: LoginSession, kind: str, ttl: int, token_id: str) -> str:
        return self.signer.sign(
            user_id=user.id,
            login_name=user.login_name,
            session_id=login.id,
            token_type=kind,
            ttl_seconds=ttl,
            token_id=token_id,
        )


async def login(
    session: AsyncSession,
    tokens: TokenService,
    *,
    username: str,
    password: str,
    ip: str | None,
    agent: str | None,
) -> tuple[Tokens, User, str | None, str | None]:
    """Checks the password (locking after repeated failures) and opens a login session.

    Unknown names and wrong passwords are answered alike, and failures lock only the pair of
    login name and client address: an attacker elsewhere cannot lock a user out.
    """
    settings = tokens.settings
    address = (ip or "-")[:100]
    key = (username[:100], address)
    # One row per pair, created when missing and locked: concurrent attempts count one by one.
    await session.execute(
        pg_insert(LoginFailure)
        .values(login_name=key[0], ip=key[1], failures=0, updated_at=now())
        .on_conflict_do_nothing()
    )
    failure = await session.get(LoginFailure, key, with_for_update=True)
    assert failure is not None
    if failure.locked_until is not None and failure.locked_until > now():
        minutes = math.ceil((failure.locked_until - now()).total_seconds() / 60)
        raise AccountLocked(minutes=minutes)
    user = (await session.execute(select(User).where(User.login_name == username))).scalar_one_or_none()
    if not await matches(user.password_hash if user else None, password) or user is None:
        failure.failures += 1
        failure.locked_until = None
        # the system settings' lockout policy once saved (changed without a restart), else the service's
        config = await session.get(SysConfig, CONFIG_ID)
        max_failures = config.login_max_failures if config is not None else settings.login_max_failures
        lock_minutes = config.login_lock_minutes if config is not None else settings.login_lock_minutes
        if failure.failures >= max_failures:
            failure.locked_until = now() + timedelta(minutes=lock_minutes)
            failure.failures = 0
        failure.updated_at = now()
        session.add(failure)
        await session.commit()
        raise BadCredentials()
    await session.delete(failure)
    if user.login_flag != ENABLED:
        raise LoginDisabled()
    previous_ip, previous_date = user.login_ip, user.login_date
    user.failed_logins, user.locked_until, user.login_ip, user.login_date = 0, None, ip, now()
    login_session = LoginSession(
        user_id=user.id,
        refresh_token_id=new_id(),
        expires_at=now() + timedelta(seconds=settings.refresh_token_seconds),
        ip=ip,
        user_agent=(agent or "")[:500],
    )
    session.add_all([user, login_session])
    await session.flush()
    return (
        tokens.issue(user, login_session),
        user,
        previous_ip,
        previous_date.isoformat() if previous_date else None,
    )


async def refresh(session: AsyncSession, tokens: TokenService, refresh_token: str) -> Tokens:
    """Rotates the refresh token; a reused (already rotated) token ends the whole session."""
    try:
        claims = tokens.verifier.claims(refresh_token, token_type="refresh")
    except TokenInvalid as exc:
        raise RefreshInvalid() from exc
    login_session = await session.get(LoginSession, str(claims["sid"]), with_for_update=True)
    if login_session is None or login_session.revoked_at is not None or login_session.expires_at < now():
        raise RefreshInvalid()
    user = await session.get(User, login_session.user_id)
    if user is None or user.login_flag != ENABLED:
        raise RefreshInvalid()
    if claims["jti"] != login_session.refresh_token_id:
        # Someone replays an old refresh token: assume it leaked and end the session.
        login_session.revoked_at = now()
        session.add(login_session)
        events.session_revoked(session, user.id, login_session.id)
        await session.commit()
        raise RefreshInvalid()
    login_session.refresh_token_id = new_id()
    session.add(login_session)
    await session.flush()
    return tokens.issue(user, login_session)


async def logout(session: AsyncSession, *, user_id: str, session_id: str) -> None:
    """Revokes the login session: its access and refresh tokens stop working."""
    login_session = await session.get(LoginSession, session_id)
    if login_session is not None and login_session.revoked_at is None:
        login_session.revoked_at = now()
        session.add(login_session)
    events.session_revoked(session, user_id, session_id)
    await session.flush()


async def change_password(
    session: AsyncSession, *, user_id: str, old_password: str, new_password: str
) -> None:
    """Changes one's own password after checking the old one."""
    user = await session.get(User, user_id)
    if user is None or not await matches(user.password_hash, old_password):
        raise OldPasswordWrong()
    check_password_rules(new_password, await password_min_length(session))
    user.password_hash = await hashed(new_password)
    user.update_by, user.update_date = user_id, now()
    session.add(user)
    await session.flush()


async def check_captcha(
    session: AsyncSession, settings: SysSettings, proof: str | None, code: str | None
) -> None:
    """Refuses a login without the right captcha code when the settings turn the captcha on."""
    config = await session.get(SysConfig, CONFIG_ID)
    if config is None or config.login_code != "1":
        return
    if not captcha.check(captcha.key_of(settings.private_key_path), proof, code):
        raise CaptchaWrong()
