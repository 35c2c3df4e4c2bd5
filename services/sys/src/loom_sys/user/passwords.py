"""Passwords: hashing with argon2id, and the shortest one allowed.

One hash or verification costs about 0.2 s of CPU by design; a request awaits :func:`hashed` and
:func:`matches`, which run it in a worker thread (argon2 releases the interpreter's lock), so a
login or a user import never holds the event loop meanwhile."""

from __future__ import annotations

import asyncio

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_sys.config.models import CONFIG_ID, SysConfig
from loom_sys.user.errors import PasswordTooShort

_hasher = PasswordHasher()
# Verified when the login name is unknown, so a wrong name costs as long as a wrong password.
_DUMMY_HASH = _hasher.hash("loom-timing-equaliser")

MIN_LENGTH = 6


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password_hash: str | None, password: str) -> bool:
    """True when ``password`` matches; always spends one argon2 verification."""
    try:
        return _hasher.verify(password_hash or _DUMMY_HASH, password) and password_hash is not None
    except (VerificationError, InvalidHashError):
        return False


async def hashed(password: str) -> str:
    """:func:`hash_password` in a worker thread."""
    return await asyncio.to_thread(hash_password, password)


async def matches(password_hash: str | None, password: str) -> bool:
    """:func:`verify_password` in a worker thread."""
    return await asyncio.to_thread(verify_password, password_hash, password)


async def password_min_length(session: AsyncSession) -> int:
    """The shortest password allowed: the system settings' (once saved), else the default."""
    config = await session.get(SysConfig, CONFIG_ID)
    return config.password_min_length if config is not None else MIN_LENGTH


def check_password_rules(password: str, minimum: int = MIN_LENGTH) -> None:
    """Refuses a password shorter than ``minimum`` (see :func:`password_min_length`)."""
    if len(password) < minimum:
        raise PasswordTooShort(min=minimum)
