"""Data-source passwords at rest: Fernet with the service's secret key."""

from __future__ import annotations

from cryptography.fernet import Fernet, InvalidToken


class PasswordBox:
    """Encrypts and decrypts stored passwords."""

    def __init__(self, key: str) -> None:
        self._fernet = Fernet(key.encode())

    def seal(self, password: str | None) -> str | None:
        """The encrypted password (None stays None)."""
        if not password:
            return None
        return self._fernet.encrypt(password.encode()).decode()

    def open(self, sealed: str | None) -> str | None:
        """The clear password; None when absent or sealed with another key."""
        if not sealed:
            return None
        try:
            return self._fernet.decrypt(sealed.encode()).decode()
        except InvalidToken:
            return None
