"""Tokens and permissions as every service sees them.

sys signs access tokens with its Ed25519 private key; every service verifies them with the
public key. Who the user is comes from the token; what the user may do comes from an
:class:`AccessCache` filled by a loader (a local query in sys, gRPC to sys elsewhere) and
emptied by ``loom.sys.*`` events, with a short TTL so a disabled user is shut out within a
minute even if an event is lost.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from fastapi import Depends, Request

from loom_platform import logtitles
from loom_platform.errors import PermissionDenied, TokenInvalid, Unauthenticated
from loom_platform.logging import caller

ALGORITHM = "EdDSA"
ISSUER = "loom-sys"
TOKEN_HEADER = "token"
SAFE_METHODS = frozenset({"GET", "HEAD"})


@dataclass(frozen=True)
class Principal:
    """The authenticated caller, read from a verified access token."""

    user_id: str
    login_name: str
    session_id: str
    token_id: str
    expires_at: int


@dataclass(frozen=True)
class Access:
    """What a user may do now: ``active`` is false for a disabled user or a revoked session."""

    active: bool
    permissions: frozenset[str] = frozenset()
    loaded_at: float = field(default_factory=time.monotonic)

    def allows(self, permission: str) -> bool:
        return permission in self.permissions


AccessLoader = Callable[[str, str], Awaitable[Access]]


def generate_keypair(directory: Path) -> tuple[Path, Path]:
    """Creates ``jwt-private.pem`` / ``jwt-public.pem`` in ``directory`` unless they exist."""
    directory.mkdir(parents=True, exist_ok=True)
    private_path, public_path = directory / "jwt-private.pem", directory / "jwt-public.pem"
    if not private_path.exists():
        key = Ed25519PrivateKey.generate()
        private_path.write_bytes(
            key.private_bytes(
                serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
            )
        )
        private_path.chmod(0o600)
        public_path.write_bytes(
            key.public_key().public_bytes(
                serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
            )
        )
    return private_path, public_path


# How many verified access tokens a process remembers (a client sends the same token with every
# request until it refreshes it: verifying its signature again was ~2 % of an API process's CPU).
VERIFIED_TOKENS = 10_000


class TokenVerifier:
    """Checks signature, issuer, expiry and type of a token."""

    def __init__(self, public_key_pem: bytes) -> None:
        self._key = serialization.load_pem_public_key(public_key_pem)
        self._verified: dict[str, Principal] = {}

    @classmethod
    def from_file(cls, path: Path) -> TokenVerifier:
        return cls(path.read_bytes())

    def claims(self, token: str, *, token_type: str = "access") -> dict[str, Any]:
        """The verified claims, or :class:`TokenInvalid` (the client refreshes on 408)."""
        try:
            claims: dict[str, Any] = jwt.decode(
                token,
                self._key,  # type: ignore[arg-type]
                algorithms=[ALGORITHM],
                issuer=ISSUER,
                options={"require": ["exp", "iat", "sub", "sid", "jti", "typ"]},
            )
        except jwt.PyJWTError as exc:
            raise TokenInvalid() from exc
        if claims.get("typ") != token_type:
            raise TokenInvalid()
        return claims

    def principal(self, token: str) -> Principal:
        """The access token's caller; a token verified before is not verified again until it
        expires (the signature and claims of a given token never change; a revoked session is
        the access cache's concern)."""
        known = self._verified.get(token)
        if known is not None:
            if time.time() < known.expires_at:
                return known
            del self._verified[token]
        claims = self.claims(token)
        principal = Principal(
            user_id=str(claims["sub"]),
            login_name=str(claims.get("un", "")),
            session_id=str(claims["sid"]),
            token_id=str(claims["jti"]),
            expires_at=int(claims["exp"]),
        )
        if len(self._verified) >= VERIFIED_TOKENS:
            self._verified.clear()  # simpler than LRU: the next requests verify their tokens again
        self._verified[token] = principal
        return principal


class AccessCache:
    """Per-process cache of :class:`Access` by (user, session), invalidated by events."""

    def __init__(self, loader: AccessLoader, ttl_seconds: float = 60.0) -> None:
        self._loader = loader
        self._ttl = ttl_seconds
        self._entries: dict[tuple[str, str], Access] = {}
        self._locks: dict[tuple[str, str], asyncio.Lock] = {}

    async def get(self, principal: Principal) -> Access:
        """The cached access, loading it on a miss or when older than the TTL."""
        key = (principal.user_id, principal.session_id)
        entry = self._entries.get(key)
        if entry is not None and time.monotonic() - entry.loaded_at < self._ttl:
            return entry
        lock = self._locks.setdefault(key, asyncio.Lock())
        async with lock:
            entry = self._entries.get(key)
            if entry is None or time.monotonic() - entry.loaded_at >= self._ttl:
                entry = await self._loader(principal.user_id, principal.session_id)
                self._entries[key] = entry
        return entry

    def invalidate(self, user_id: str | None = None) -> None:
        """Forgets one user's entries, or everything (roles and menus touch many users)."""
        if user_id is None:
            self._entries.clear()
            return
        for key in [k for k in self._entries if k[0] == user_id]:
            self._entries.pop(key, None)


@dataclass
class AuthState:
    """What the auth dependencies find on ``app.state.auth``."""

    verifier: TokenVerifier
    cache: AccessCache


def token_from(request: Request) -> str | None:
    """Bearer header, then the JeePlus ``token`` header, then (reads only) the ``token`` cookie.

    Never a query parameter: a URL ends up in access logs, browser history and Referer headers.
    A link that must work without a header carries a one-time download ticket instead (sys's
    ``/sys/file/downloadTicket``). The cookie (SameSite=Strict) lets ``<img src>`` show a user's
    pictures; it is not accepted for writes, so no form on another site can act as the user.
    """
    authorization = request.headers.get("authorization", "")
    if authorization[:7].lower() == "bearer ":
        return authorization[7:].strip() or None
    header = request.headers.get(TOKEN_HEADER)
    if header:
        return header
    if request.method in SAFE_METHODS:
        return request.cookies.get(TOKEN_HEADER) or None
    return None


async def current_principal(request: Request) -> Principal:
    """The caller of this request; 401 without a token, 408 with a bad one, 401 when shut out."""
    cached = getattr(request.state, "principal", None)
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    token = token_from(request)
    if token is None:
        raise Unauthenticated()
    auth: AuthState = request.app.state.auth
    principal = auth.verifier.principal(token)
    access = await auth.cache.get(principal)
    if not access.active:
        raise Unauthenticated("auth.session_ended")
    request.state.principal = principal
    request.state.access = access
    caller.set(principal.user_id)
    return principal


CurrentPrincipal = Annotated[Principal, Depends(current_principal)]


async def current_access(request: Request, _: CurrentPrincipal) -> Access:
    """The caller's permissions (loaded with the principal)."""
    access: Access = request.state.access
    return access


CurrentAccess = Annotated[Access, Depends(current_access)]


def holds_any(request: Request, *permissions: str) -> bool:
    """Whether the caller (already authenticated on this request) holds one of ``permissions``.

    For routes every user may call but whose answer depends on rights ("403 or filtered").
    """
    access: Access | None = getattr(request.state, "access", None)
    return access is not None and any(access.allows(p) for p in permissions)


def require_permission(*permissions: str) -> Any:
    """A dependency that lets the call through when the user holds any of ``permissions``."""

    async def _check(request: Request, principal: CurrentPrincipal) -> Principal:
        access: Access = request.state.access
        # the operation log names the request by the menu these permissions belong to
        logtitles.note_permission(request, *permissions)
        if not any(access.allows(p) for p in permissions):
            raise PermissionDenied(permission=" | ".join(permissions))
        return principal

    _check.permissions = permissions  # type: ignore[attr-defined]  # read by the route-walking test
    return Depends(_check)


class TokenSigner:
    """Signs tokens with the private key (only sys holds it; tests make their own pair)."""

    def __init__(self, private_key_pem: bytes) -> None:
        self._key = serialization.load_pem_private_key(private_key_pem, password=None)

    @classmethod
    def from_file(cls, path: Path) -> TokenSigner:
        return cls(path.read_bytes())

    def sign(
        self,
        *,
        user_id: str,
        login_name: str,
        session_id: str,
        token_type: str,
        ttl_seconds: int,
        token_id: str,
    ) -> str:
        """A compact JWT: ``sub``, ``un``, ``sid``, ``jti``, ``typ``, ``iat``, ``exp``, ``iss``."""
        now = int(time.time())
        claims = {
            "sub": user_id,
            "un": login_name,
            "sid": session_id,
            "jti": token_id,
            "typ": token_type,
            "iat": now,
            "exp": now + ttl_seconds,
            "iss": ISSUER,
        }
        return jwt.encode(claims, self._key, algorithm=ALGORITHM)  # type: ignore[arg-type]
