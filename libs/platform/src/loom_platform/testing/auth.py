"""Tokens for service tests: a key pair of the test's own, and a fixed access table.

A service's own tests stand in sys's access answer with :class:`GrantedAccess` (who may do
what); the cross-service tests in ``e2e/`` use the real sys.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from pathlib import Path

from loom_platform.auth import Access, AccessLoader, TokenSigner, generate_keypair


@dataclass
class GrantedAccess:
    """Permissions per user id; users not listed have none; ``disabled`` users are shut out."""

    permissions: dict[str, set[str]] = field(default_factory=dict)
    disabled: set[str] = field(default_factory=set)

    def loader(self) -> AccessLoader:
        async def load(user_id: str, _session_id: str) -> Access:
            return Access(
                active=user_id not in self.disabled,
                permissions=frozenset(self.permissions.get(user_id, set())),
            )

        return load


class TestTokens:
    """Signs access tokens with a key pair created under ``directory``."""

    __test__ = False  # not a test class

    def __init__(self, directory: Path) -> None:
        private_path, self.public_key_path = generate_keypair(directory)
        self._signer = TokenSigner.from_file(private_path)

    def access_token(self, user_id: str, login_name: str = "", ttl_seconds: int = 900) -> str:
        return self._signer.sign(
            user_id=user_id,
            login_name=login_name or user_id,
            session_id=uuid.uuid4().hex,
            token_type="access",
            ttl_seconds=ttl_seconds,
            token_id=uuid.uuid4().hex,
        )

    def headers(self, user_id: str, lang: str | None = None) -> dict[str, str]:
        headers = {"Authorization": f"Bearer {self.access_token(user_id)}"}
        if lang:
            headers["Accept-Language"] = lang
        return headers
